import { getSandboxClockContract } from '../lib/contracts/get-sandbox-clock';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { viewClock } from '../lib/sandbox/clock-view';

export const handler = endpoint(getSandboxClockContract, async ({ clock }) => ok(viewClock(clock)));
