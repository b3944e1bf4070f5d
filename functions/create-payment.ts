import { contracts } from '../lib/contracts';
import { endpoint } from '../lib/http/endpoint';
import { created } from '../lib/http/envelope';
import { createPayment } from '../lib/payments/payments';

export const handler = endpoint(contracts.createPayment, async ({ db, principal, body, clock, idempotency }) =>
  created(await createPayment(db, principal.clientId, body, clock, idempotency)),
);
