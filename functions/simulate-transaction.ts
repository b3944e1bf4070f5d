import { contracts } from '../lib/contracts';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { simulateOutcome } from '../lib/payments/payments';

export const handler = endpoint(contracts.simulateTransaction, async ({ db, principal, params, body, clock, idempotency }) =>
  ok(await simulateOutcome(db, principal.clientId, params.id, body.outcome, clock, idempotency)),
);
