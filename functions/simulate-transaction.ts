import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { simulateOutcome } from '../lib/payments/payments';
import { SimulateBody, TransactionIdParams } from '../lib/payments/schemas';
import { routes } from '../lib/routes';

export const handler = endpoint(
  routes.simulateTransaction,
  { params: TransactionIdParams, body: SimulateBody },
  async ({ db, principal, params, body, clock }) => ok(await simulateOutcome(db, principal.clientId, params.id, body.outcome, clock)),
);
