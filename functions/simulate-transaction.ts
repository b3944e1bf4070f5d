import { simulateTransactionContract } from '../lib/contracts/simulate-transaction';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { simulateOutcome } from '../lib/payments/payments';

export const handler = endpoint(simulateTransactionContract, async ({ db, principal, params, body, clock, cause, idempotency }) =>
  ok(await simulateOutcome(db, principal.clientId, params.id, body.outcome, clock, cause, idempotency)),
);
