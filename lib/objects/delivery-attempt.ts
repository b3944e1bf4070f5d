import * as z from 'zod/mini';
import { deliveryAttemptExample } from './examples';
import { cursor, limit } from './list-queries';
import { meta } from '../meta';
import { asApiObject, idOf, timestamp } from './fields';
import { idField } from './schemas';

/**
 * A webhook delivery attempt (docs/api.md §11): one POST of an event to one endpoint, or the one
 * still owed. Each is an item of its own (lib/webhooks/delivery-repository.ts), so GET
 * /event/{id}/deliveries lists every attempt there was, never a response body or a secret.
 */

export const attemptStatuses = ['pending', 'succeeded', 'failed'] as const;

export const DeliveryAttempt = meta(
  z.strictObject({
    id: meta(idOf('delivery'), { description: 'dlv_ and a ULID whose time part is when the attempt was scheduled' }),
    endpoint_id: meta(idOf('webhookEndpoint'), { description: 'The webhook endpoint it is (or was) sent to' }),
    attempt: meta(z.int().check(z.minimum(1)), {
      description: 'Its number in its delivery: 1, then 2… for each retry; a resend starts again at 1',
    }),
    duplicate: meta(z.boolean(), {
      description: "True for a copy that the endpoint's chaos (`duplicates`) sends besides the delivery: same `webhook-id` and body",
    }),
    status: meta(z.enum(attemptStatuses), {
      description: '`pending` until it is made (it may be under way), then `succeeded` (a 2xx within the timeout) or `failed`',
    }),
    response_status: meta(z.nullable(z.int()), { description: "The receiver's HTTP status, or null when none came" }),
    response_time_ms: meta(z.nullable(z.int().check(z.minimum(0))), {
      description: 'How long the receiver took to answer (or until the attempt gave up), or null when nothing was sent',
    }),
    error: meta(z.nullable(z.string()), {
      description: 'Why the attempt failed when no 2xx came (a timeout, a refused connection, a URL the policy refuses, a non-2xx status), or null',
    }),
    attempted_at: meta(z.nullable(timestamp()), { description: 'When it was made, or null while pending' }),
    next_attempt_at: meta(z.nullable(timestamp()), {
      description: 'Pending: when it is due. Failed: when the next attempt is due, or null after the last one',
    }),
  }),
  { description: 'One attempt to deliver an event to a webhook endpoint', examples: [deliveryAttemptExample] },
);
export type DeliveryAttempt = Readonly<z.infer<typeof DeliveryAttempt>>;

/** A stored attempt as the API shows it: `duplicate` is stored only when true (an attempt stored before chaos is none). */
export function attemptObjectOf(item: Record<string, unknown>): DeliveryAttempt {
  return { ...asApiObject(DeliveryAttempt, item), duplicate: item.duplicate === true };
}

/** The body of POST /event/{id}/resend: optionally one endpoint. */
export const ResendEventBody = meta(
  z.strictObject({
    endpoint_id: meta(z.optional(idField('webhookEndpoint', 'webhook endpoint')), {
      description: 'Send to this endpoint only (even one not subscribed to the type); default: every endpoint subscribed to the type',
    }),
  }),
  { examples: [{ endpoint_id: 'whe_01M80D4KQ5V7X9Z2B4C6D8F0GH' }] },
);
export type ResendEventInput = z.output<typeof ResendEventBody>;

export const ListEventDeliveriesQuery = z.strictObject({ limit, cursor });
export type ListEventDeliveriesInput = z.output<typeof ListEventDeliveriesQuery>;
