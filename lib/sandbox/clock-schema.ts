import * as z from 'zod/mini';
import { meta } from '../meta';
import { timestamp } from '../objects/fields';
import { timestamp as queryTimestamp } from '../objects/list-queries';
import { integer } from '../objects/schemas';
import { MAX_ADVANCE_SECONDS } from './clock-limits';

/** The body of POST /sandbox/clock/advance: exactly one of `seconds` or `to`. */
export const AdvanceClockBody = meta(
  z
    .strictObject({
      seconds: meta(z.optional(integer({ min: 1, max: MAX_ADVANCE_SECONDS, message: `must be an integer from 1 to ${MAX_ADVANCE_SECONDS}` })), {
        description: 'Move the clock this many seconds ahead (1–31536000: up to a year)',
      }),
      to: meta(z.optional(queryTimestamp), {
        description: "Move the clock to this instant (ISO 8601), which must be later than the client's now: the clock never goes backwards",
      }),
    })
    .check(
      z.superRefine(
        (body, ctx) => {
          const given = ['seconds', 'to'].filter((field) => (body as Record<string, unknown>)[field] !== undefined);
          if (given.length === 1) return;
          ctx.addIssue({
            code: 'custom',
            path: given.length === 0 ? ['seconds'] : ['to'],
            message:
              given.length === 0
                ? 'is required unless to is given: send exactly one of seconds or to'
                : 'must not be sent with seconds: send exactly one of seconds or to',
          });
        },
        { when: () => true },
      ),
    ),
  { examples: [{ seconds: 3600 }, { to: '2026-11-23T00:00:00.000Z' }] },
);
export type AdvanceClockInput = z.output<typeof AdvanceClockBody>;

/** The client's clock as GET /sandbox/clock and an advance answer it. */
export const SandboxClock = meta(
  z.strictObject({
    now: meta(timestamp(), { description: "The client's now: real time plus its offset" }),
    offset_seconds: meta(z.number().check(z.minimum(0)), {
      description:
        'How far the clock runs ahead of real time, in seconds (kept in whole milliseconds, so it may have up to 3 decimals); 0 until advanced, and again after a reset',
    }),
  }),
  { description: "The client's sandbox clock", examples: [{ now: '2026-11-23T01:02:03.456Z', offset_seconds: 86400 }] },
);
export type SandboxClock = z.infer<typeof SandboxClock>;
