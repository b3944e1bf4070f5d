import { endpoint } from '../lib/http/endpoint';
import { created } from '../lib/http/envelope';
import { createPayment } from '../lib/payments/payments';
import { CreatePaymentBody } from '../lib/payments/schemas';
import { routes } from '../lib/routes';

export const handler = endpoint(routes.createPayment, { body: CreatePaymentBody }, async ({ db, principal, body, clock }) =>
  created(await createPayment(db, principal.clientId, body, clock)),
);
