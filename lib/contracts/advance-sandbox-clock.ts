import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { advanceSandboxClockRoute } from '../routes';
import { AdvanceClockBody, SandboxClock } from '../sandbox/clock-schema';

export const advanceSandboxClockContract = contract({
  route: advanceSandboxClockRoute,
  tag: 'Sandbox',
  description:
    "Moves the key's client's clock ahead by `seconds` or to `to` (exactly one; never backwards: a `to` at or before " +
    "the client's now is 400). Before answering, everything of the client that falls due up to the new now — expiries " +
    'and scheduled outcomes — is applied in due order, each dated its own due time, with its events and webhooks. ' +
    "Other clients' clocks and data are untouched. A call cut off midway moved nothing: send it again.",
  body: AdvanceClockBody,
  response: {
    status: 200,
    description: 'The clock after the move',
    schema: successEnvelope(SandboxClock),
    example: { success: true, data: { now: '2026-11-23T01:02:03.456Z', offset_seconds: 86400 } },
  },
});
