import { EVENT_API_VERSION, type EventType } from '../objects/event-types';
import { pickFields } from '../objects/fields';
import type { Refund } from '../objects/refund';
import type { Status } from '../objects/statuses';
import type { Transaction } from '../objects/transaction';
import type { WebhookEndpoint } from '../objects/webhook-endpoint';
import type { ApiKey } from '../objects/api-key-object';
import type { Event as EventObject } from '../objects/event-object';

/**
 * Events (docs/api.md §10): the record of every change of a client's data, each written in the
 * same atomic write as its change. This module builds them, like lib/payments/ledger.ts builds
 * ledger entries; lib/events/event-repository.ts turns them into the items of that write.
 */

/** An event as the API answers it (docs/api.md §10; its schema: lib/objects/event-object.ts). */
export type Event = EventObject;

/** The fields of an event object, in the schema's order (a unit test holds them to it). */
export const EVENT_FIELDS = ['id', 'type', 'api_version', 'created_at', 'data', 'request'] as const satisfies readonly (keyof Event)[];

/** A stored event item as the API shows it: exactly the event's fields, no keys or bookkeeping. */
export function eventOfItem(item: Record<string, unknown>): Event {
  return pickFields(EVENT_FIELDS, item) as unknown as Event;
}

/**
 * The request behind a change, as its events name it: its X-Request-Id and Idempotency-Key, or null
 * for none; and `source` `payment_page` when a customer's action on the payment page made it
 * (absent otherwise: decision 0253).
 */
export interface Cause {
  readonly requestId: string | null;
  readonly idempotencyKey: string | null;
  readonly source?: 'payment_page';
}

/** A change no request caused (a sweep, a script). */
export const NO_CAUSE: Cause = { requestId: null, idempotencyKey: null };

/** What one change records, before the write gives it an id: the event without `id` and `request`. */
export interface Change {
  readonly type: EventType;
  readonly createdAt: string;
  readonly object: Transaction | Refund | WebhookEndpoint | ApiKey;
  readonly previous?: Readonly<Record<string, unknown>>;
}

/** The event a transaction records when it reaches each status. */
const reached: Record<Exclude<Status, 'pending'>, EventType> = {
  settled: 'payment.settled',
  failed: 'payment.failed',
  cancelled: 'payment.cancelled',
  expired: 'payment.expired',
  refunded: 'payment.refunded',
};

/** payment.created: the new transaction. */
export function paymentCreated(transaction: Transaction): Change {
  return { type: 'payment.created', createdAt: transaction.created_at, object: transaction };
}

/**
 * The event of a transaction that moved to a new status (settled, failed, cancelled, expired,
 * refunded), from the transaction as the client saw it before the change and as it is after:
 * `previous_attributes` holds the old value of every field that changed, and the change happened
 * at the new `updated_at`.
 */
export function paymentChanged(before: Transaction, after: Transaction): Change {
  if (after.status === 'pending' || after.status === before.status) {
    throw new Error(`No event for a transaction that stays ${before.status}`);
  }
  const previous = Object.fromEntries(
    Object.keys(after)
      .filter((field) => !sameValue(before[field as keyof Transaction], after[field as keyof Transaction]))
      .map((field) => [field, before[field as keyof Transaction]]),
  );
  return { type: reached[after.status], createdAt: after.updated_at, object: after, previous };
}

/** refund.created: the refund. */
export function refundCreated(refund: Refund): Change {
  return { type: 'refund.created', createdAt: refund.created_at, object: refund };
}

/** The event of a change, recorded as `id` for the request `cause`. */
export function eventOf(change: Change, id: string, cause: Cause): Event {
  return {
    id,
    type: change.type,
    api_version: EVENT_API_VERSION,
    created_at: change.createdAt,
    data: change.previous === undefined ? { object: change.object } : { object: change.object, previous_attributes: change.previous },
    request: { id: cause.requestId, idempotency_key: cause.idempotencyKey, ...(cause.source && { source: cause.source }) },
  };
}

/** webhook_endpoint.secret_rolled: the endpoint (never a secret), at the roll. */
export function endpointSecretRolled(endpoint: WebhookEndpoint, at: string): Change {
  return { type: 'webhook_endpoint.secret_rolled', createdAt: at, object: endpoint };
}

/** webhook_endpoint.updated: the endpoint after a PATCH (never a secret), with the changed fields' old values. */
export function endpointUpdated(before: WebhookEndpoint, after: WebhookEndpoint, at: string): Change {
  const previous = Object.fromEntries(
    (Object.keys(after) as (keyof WebhookEndpoint)[]).filter((field) => !sameValue(before[field], after[field])).map((field) => [field, before[field]]),
  );
  return { type: 'webhook_endpoint.updated', createdAt: at, object: after, previous };
}

/** An api_key.* event: the key after the change (never the key itself), at `at`. */
export function apiKeyChanged(type: 'api_key.created' | 'api_key.rolled' | 'api_key.revoked' | 'api_key.expired', key: ApiKey, at: string): Change {
  return { type, createdAt: at, object: key };
}

/** The transaction an event is about: the object itself, or the refunded one; none for an endpoint's event. */
export function transactionIdOf(event: Pick<Event, 'type' | 'data'>): string | undefined {
  const object = event.data.object;
  if ('transaction_id' in object) return object.transaction_id;
  return object.id.startsWith('txn_') ? object.id : undefined;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
