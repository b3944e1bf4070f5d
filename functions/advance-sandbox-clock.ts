import { advanceSandboxClockContract } from '../lib/contracts/advance-sandbox-clock';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { advanceClock } from '../lib/sandbox/clock';

export const handler = endpoint(advanceSandboxClockContract, async ({ db, principal, body, clock, cause, idempotency, remainingMs }) =>
  ok(await advanceClock(db, principal.clientId, body, clock, cause, idempotency, remainingMs)),
);
