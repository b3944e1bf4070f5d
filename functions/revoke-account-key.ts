import { revokeAccountKeyContract } from '../lib/contracts/revoke-account-key';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { revokeAccountKey } from '../lib/identity/account';

export const handler = endpoint(revokeAccountKeyContract, async ({ db, session, params, cause, idempotency }) =>
  ok(await revokeAccountKey(db, session(), params.id, { cause, idempotency })),
);
