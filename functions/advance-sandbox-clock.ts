import { advanceSandboxClockContract } from '../lib/contracts/advance-sandbox-clock';
import { writeEndpoint } from '../lib/http/write-endpoint';
import { ok } from '../lib/http/envelope';
import { advanceClock } from '../lib/sandbox/clock-advance';

export const handler = writeEndpoint(advanceSandboxClockContract, async ({ context, body, remainingMs }) => ok(await advanceClock(context, body, remainingMs)));
