import { cancelTransactionContract } from '../lib/contracts/cancel-transaction';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { cancelTransaction } from '../lib/payments/payments';

export const handler = endpoint(cancelTransactionContract, async ({ db, principal, params, body, clock, cause, idempotency }) =>
  ok(await cancelTransaction(db, principal.clientId, params.id, body.reason, clock, cause, idempotency)),
);
