import * as z from 'zod/mini';
import { eventExample } from './examples';
import { meta } from '../meta';
import { EVENT_API_VERSION, eventTypes } from './event-types';
import { idOf, timestamp } from './fields';
import { Refund } from './refund';
import { Transaction } from './transaction';
import { WebhookEndpoint } from './webhook-endpoint';
import { ApiKey } from './api-key-object';

/**
 * The event object's schema (docs/api.md §10), for the routes that answer events and for the
 * OpenAPI document. Apart from lib/events/event.ts, which builds events: a function that only
 * records them does not carry the schemas of every object an event can hold.
 */

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
          '(webhook_endpoint.*), or the API key without the key (api_key.*), exactly as the API shows it',
      }),
      previous_attributes: meta(z.optional(z.record(z.string(), z.unknown())), {
        description: "The changed fields' values before the change; absent on payment.created and refund.created",
      }),
    }),
    request: meta(
      z.strictObject({
        id: meta(z.nullable(z.string()), { description: 'The X-Request-Id of the request that caused the change, or null' }),
        idempotency_key: meta(z.nullable(z.string()), { description: 'The Idempotency-Key that request carried, or null' }),
        source: meta(z.optional(z.literal('payment_page')), {
          description: "`payment_page` when a customer's action on the payment page made the change; absent otherwise",
        }),
      }),
      { description: 'The request that caused the change' },
    ),
  }),
  { description: 'The record of one change of your data', examples: [eventExample] },
);
export type Event = Readonly<z.infer<typeof Event>>;
