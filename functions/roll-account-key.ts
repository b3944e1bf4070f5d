import { rollAccountKeyContract } from '../lib/contracts/roll-account-key';
import { endpoint } from '../lib/http/endpoint';
import { created } from '../lib/http/envelope';
import { rollAccountKey } from '../lib/identity/account';

export const handler = endpoint(rollAccountKeyContract, async ({ db, session, params, body, cause, idempotency }) =>
  created(await rollAccountKey(db, session(), params.id, body, { cause, idempotency })),
);
