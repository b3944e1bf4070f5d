import { getAccountContract } from '../lib/contracts/get-account';
import { readEndpoint } from '../lib/http/read-endpoint';
import { ok } from '../lib/http/envelope';
import { getAccount } from '../lib/auth/account';

export const handler = readEndpoint(getAccountContract, async ({ context, session }) => ok(await getAccount(context, session())));
