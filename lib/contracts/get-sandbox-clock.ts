import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { getSandboxClockRoute } from '../routes';
import { SandboxClock } from '../sandbox/clock-schema';

export const getSandboxClockContract = contract({
  route: getSandboxClockRoute,
  tag: 'Sandbox',
  description:
    "The key's client's clock: `now` is real time plus `offset_seconds`, which is 0 until the client advances it " +
    '(POST /sandbox/clock/advance) and again after a reset. Every time the sandbox shows or compares for this client ' +
    '(created_at, expires_at, expiry, event and ledger times, time filters, new ids) is read from this clock.',
  response: {
    status: 200,
    description: "The client's clock",
    schema: successEnvelope(SandboxClock),
    example: { success: true, data: { now: '2026-11-22T01:02:03.456Z', offset_seconds: 0 } },
  },
});
