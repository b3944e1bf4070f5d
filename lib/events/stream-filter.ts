import { DUE_PARTITION } from '../db/keys';

/**
 * Which records of the table's stream reach the dispatcher (functions/dispatch-events.ts): the
 * insert of an event owed its deliveries (it is due: one recorded while its client had no webhook
 * endpoint is not), and the insert of an attempt a resend asked for. Nothing else — not the
 * request counters (`RATE#…`) written on every request, not an event losing its due attributes,
 * not the retries the sweep makes. One definition for Lambda's event source mapping (infra/stack.ts,
 * as its filter criteria) and the local stream poller (infra/local/stream-poller.ts).
 */

/** The dispatcher's timeout: room for several attempts of 10 s each (it leaves to the sweep what would not fit). */
export const DISPATCHER_TIMEOUT_SECONDS = 60;

/** A Lambda event filter pattern: each leaf lists the values a record's field may have. */
export interface FilterPattern {
  readonly [field: string]: readonly string[] | FilterPattern;
}

/** The entity of event items (lib/events/event-repository.ts). */
export const EVENT_ENTITY = 'event';

/** The entity of webhook attempt items (lib/webhooks/delivery-repository.ts). */
export const ATTEMPT_ENTITY = 'webhook_delivery';

/** The origin of an attempt a resend asked for: the only attempts the stream brings to the dispatcher. */
export const RESEND_ORIGIN = 'resend';

export const DISPATCH_FILTERS: readonly FilterPattern[] = [
  { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [EVENT_ENTITY] }, due_pk: { S: [DUE_PARTITION] } } } },
  { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [ATTEMPT_ENTITY] }, origin: { S: [RESEND_ORIGIN] } } } },
];

/** True when `value` matches the pattern: every field it names present, with one of the listed values. */
export function matchesPattern(value: unknown, pattern: FilterPattern): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern).every(([field, rule]) => {
    const actual = (value as Record<string, unknown>)[field];
    return Array.isArray(rule) ? rule.includes(actual as string) : matchesPattern(actual, rule as FilterPattern);
  });
}

/** True when a record matches any of the patterns, as Lambda joins a mapping's filters. */
export const matchesAnyPattern = (value: unknown, patterns: readonly FilterPattern[]): boolean => patterns.some((pattern) => matchesPattern(value, pattern));

/**
 * How the dispatcher is fed, the same in Lambda's event source mapping (infra/stack.ts) and the local
 * stream poller (infra/local/stream-poller.ts): records per handler call; batches of one shard handled
 * at once (the parallelization factor, so a receiver that takes its 10 s does not hold up every other
 * client's webhooks); and how often the records a call failed are handed to it again.
 */
export const DISPATCH_BATCH_SIZE = 10;
export const DISPATCH_PARALLELIZATION_FACTOR = 10;
export const DISPATCH_RETRY_ATTEMPTS = 3;
