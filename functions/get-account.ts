import { getAccountContract } from '../lib/contracts/get-account';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { getAccount } from '../lib/identity/account';

export const handler = endpoint(getAccountContract, async ({ db, session }) => ok(await getAccount(db, session())));
