import * as z from 'zod/mini';
import { eventExample } from '../contracts/examples';
import { meta } from '../meta';
import { eventTypes, type EventType } from './event-types';
import { idOf, timestamp } from '../payments/fields';
import { Refund } from '../payments/refund';
import type { Status } from '../payments/states';
import { Transaction } from '../payments/transaction';
import { WebhookEndpoint } from '../webhooks/webhook-endpoint';
import { ApiKey } from '../auth/api-key-object';

/**
 * Events (docs/api.md §10): the record of every change of a client's data, each written in the
 * same atomic write as its change. This module builds them, like lib/payments/ledger.ts builds
 * ledger entries; lib/events/event-repository.ts turns them into the items of that write.
 */

/** The `api_version` of every event: the shape of `data.object` is the v1 transaction or refund. */
export const EVENT_API_VERSION = 'v1';

/** An event as the API answers it (docs/api.md §10). */
export const Event = meta(
  z.strictObject({
    id: meta(idOf('event'), { description: 'evt_ and a ULID whose time part is when the event was recorded' }),
    type: meta(z.enum(eventTypes), { description: 'What happened' }),
    api_version: meta(z.literal(EVENT_API_VERSION), { description: 'The version of the API whose objects `data` holds' }),
    created_at: meta(timestamp(), { description: 'When the change happened' }),
    data: z.strictObject({
      object: meta(z.union([Transaction, Refund, WebhookEndpoint, ApiKey]), {
        description:
          'The transaction after the change, the refund (refund.created), the webhook endpoint without its secret ' +
          '(webhook_endpoint.secret_rolled), or the API key without the key (api_key.*), exactly as the API shows it',
      }),
      previous_attributes: meta(z.optional(z.record(z.string(), z.unknown())), {
        description: "The changed fields' values before the change; absent on payment.created and refund.created",
      }),
    }),
    request: meta(
      z.strictObject({
        id: meta(z.nullable(z.string()), { description: 'The X-Request-Id of the request that caused the change, or null' }),
        idempotency_key: meta(z.nullable(z.string()), { description: 'The Idempotency-Key that request carried, or null' }),
      }),
      { description: 'The request that caused the change' },
    ),
  }),
  { description: 'The record of one change of your data', examples: [eventExample] },
);
export type Event = Readonly<z.infer<typeof Event>>;

/** The request behind a change, as its events name it: its X-Request-Id and Idempotency-Key, or null for none. */
export interface Cause {
  readonly requestId: string | null;
  readonly idempotencyKey: string | null;
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
    request: { id: cause.requestId, idempotency_key: cause.idempotencyKey },
  };
}

/** webhook_endpoint.secret_rolled: the endpoint (never a secret), at the roll. */
export function endpointSecretRolled(endpoint: WebhookEndpoint, at: string): Change {
  return { type: 'webhook_endpoint.secret_rolled', createdAt: at, object: endpoint };
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
