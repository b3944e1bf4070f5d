import { endpoint } from '../lib/http/endpoint';
import { created } from '../lib/http/envelope';
import { refundTransaction } from '../lib/payments/refunds';
import { RefundBody } from '../lib/payments/schemas';
import { routes } from '../lib/routes';

export const handler = endpoint(routes.createRefund, { body: RefundBody }, async ({ db, principal, body, clock }) =>
  created(await refundTransaction(db, principal.clientId, body, clock)),
);
