/**
 * The event types an endpoint can subscribe to (docs/api.md §11; each is recorded as docs/api.md
 * §10 describes). `*` subscribes to every type, including those added later.
 */
export const eventTypes = [
  'payment.created',
  'payment.settled',
  'payment.failed',
  'payment.cancelled',
  'payment.expired',
  'refund.created',
  'payment.refunded',
] as const;

export type EventType = (typeof eventTypes)[number];

/** What `enabled_events` holds instead of a list: every event type. */
export const ALL_EVENTS = '*';
