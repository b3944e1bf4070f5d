import { advanceSandboxClockContract } from '../lib/contracts/advance-sandbox-clock';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { advanceClock } from '../lib/sandbox/clock-advance';

export const handler = endpoint(advanceSandboxClockContract, async ({ context, body, remainingMs }) => ok(await advanceClock(context, body, remainingMs)));
