import { getSandboxClockContract } from '../lib/contracts/get-sandbox-clock';
import { readEndpoint } from '../lib/http/read-endpoint';
import { ok } from '../lib/http/envelope';
import { viewClock } from '../lib/sandbox/clock-view';

export const handler = readEndpoint(getSandboxClockContract, async ({ clock }) => ok(viewClock(clock)));
