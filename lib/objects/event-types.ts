/**
 * The event types (docs/api.md §10): what the events log records and what a webhook endpoint can
 * subscribe to (§11), where `*` subscribes to every type, including those added later. Kept
 * apart from the event schema so the webhook routes need not bundle it.
 */
export const eventTypes = [
  'payment.created',
  'payment.settled',
  'payment.failed',
  'payment.cancelled',
  'payment.expired',
  'refund.created',
  'payment.refunded',
  'webhook_endpoint.secret_rolled',
  'webhook_endpoint.updated',
  'api_key.created',
  'api_key.rolled',
  'api_key.revoked',
  'api_key.expired',
] as const;

export type EventType = (typeof eventTypes)[number];

/** What `enabled_events` holds instead of a list: every event type. */
export const ALL_EVENTS = '*';

/** The `api_version` of every event: the shape of `data.object` is the v1 transaction or refund. */
export const EVENT_API_VERSION = 'v1';
