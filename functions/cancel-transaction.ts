import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { cancelTransaction } from '../lib/payments/payments';
import { CancelBody, TransactionIdParams } from '../lib/payments/schemas';
import { routes } from '../lib/routes';

export const handler = endpoint(
  routes.cancelTransaction,
  { params: TransactionIdParams, body: CancelBody, bodyOptional: true },
  async ({ db, principal, params, body, clock }) => ok(await cancelTransaction(db, principal.clientId, params.id, body.reason, clock)),
);
