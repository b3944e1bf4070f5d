import { revokeAccountKeyContract } from '../lib/contracts/revoke-account-key';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { revokeAccountKey } from '../lib/identity/account';

export const handler = endpoint(revokeAccountKeyContract, async ({ context, session, params }) => ok(await revokeAccountKey(context, session(), params.id)));
