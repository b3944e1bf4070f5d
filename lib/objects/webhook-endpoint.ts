import * as z from 'zod/mini';
import { webhookEndpointExample, webhookSecretExample } from './examples';
import { meta } from '../meta';
import { asApiObject, idOf, timestamp } from './fields';
import { cursor, limit } from './list-queries';
import { idField, integer } from './schemas';
import { ALL_EVENTS, eventTypes } from './event-types';
import { SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from './webhook-secret';
import { MAX_WEBHOOK_URL_LENGTH } from './url-syntax';

/** The webhook endpoint resource (docs/api.md §11, §17): its schemas as answered, and its path and list queries (the bodies: endpoint-bodies.ts). */

/** `whsec_` and the base64 of SECRET_BYTES random bytes (4 characters per 3 bytes): the Standard Webhooks secret format. */
export const WEBHOOK_SECRET = new RegExp(`^${WEBHOOK_SECRET_PREFIX}[A-Za-z0-9+/]{${(SECRET_BYTES / 3) * 4}}$`);

export const subscribable = [...eventTypes, ALL_EVENTS] as const;

export const enabledEventsSchema = { type: 'array', items: { type: 'string', enum: [...subscribable] }, minItems: 1, uniqueItems: true } as const;

export const enabledEventsDescription = `Event types to deliver: a list of distinct types, or \`["${ALL_EVENTS}"]\` (alone) for every type`;

export const endpointStatuses = ['enabled', 'disabled'] as const;

/** At most this many copies of each delivery besides the first (docs/api.md §17). */
export const MAX_CHAOS_DUPLICATES = 3;
/** A first attempt waits at most this long (docs/api.md §17). */
export const MAX_CHAOS_DELAY_SECONDS = 300;

/** Delivery chaos as an endpoint shows it (docs/api.md §17): all off by default. */
export const Chaos = meta(
  z.strictObject({
    duplicates: meta(z.int().check(z.minimum(0), z.maximum(MAX_CHAOS_DUPLICATES)), {
      description: 'Every delivery is sent this many more times, with the same `webhook-id` and body, each an attempt of its own marked `duplicate`',
    }),
    reverse_order: meta(z.boolean(), {
      description: 'Events recorded within 2 s of each other are delivered newest first (a `payment.settled` before its `payment.created`)',
    }),
    delay_seconds: meta(z.int().check(z.minimum(0), z.maximum(MAX_CHAOS_DELAY_SECONDS)), {
      description: 'Each first attempt waits this many seconds after its event',
    }),
  }),
  { description: 'Deterministic delivery chaos, for testing a receiver: all off by default' },
);
export type Chaos = Readonly<z.infer<typeof Chaos>>;

/** No chaos: what an endpoint has unless asked, and what one stored before chaos existed reads as. */
export const NO_CHAOS: Chaos = { duplicates: 0, reverse_order: false, delay_seconds: 0 };

/** An endpoint as every answer shows it: never its secret. */
export const WebhookEndpoint = meta(
  z.strictObject({
    id: idOf('webhookEndpoint'),
    url: meta(z.string(), { description: 'Where events are sent', override: { format: 'uri', maxLength: MAX_WEBHOOK_URL_LENGTH } }),
    enabled_events: meta(z.array(z.enum(subscribable)), { description: enabledEventsDescription, override: enabledEventsSchema }),
    description: z.nullable(z.string().check(z.maxLength(255))),
    status: meta(z.enum(endpointStatuses), {
      description: '`enabled` (delivered to) from its creation, `disabled` (receives nothing, not even retries) once a PATCH says so',
    }),
    chaos: Chaos,
    created_at: timestamp(),
  }),
  { description: 'A URL that receives events, signed with its secret', examples: [webhookEndpointExample] },
);
export type WebhookEndpoint = Readonly<z.infer<typeof WebhookEndpoint>>;

/** A stored endpoint (or one an event holds) as the API shows it: one stored before chaos existed has none. */
export function endpointObjectOf(item: Record<string, unknown>): WebhookEndpoint {
  const endpoint = asApiObject(WebhookEndpoint, item);
  return { ...endpoint, chaos: { ...NO_CHAOS, ...(endpoint.chaos ?? {}) } };
}

/** The answer to a create: the endpoint and its signing secret, shown this once. */
export const CreatedWebhookEndpoint = meta(
  z.strictObject({
    ...WebhookEndpoint.shape,
    secret: meta(z.string().check(z.regex(WEBHOOK_SECRET)), {
      description: 'Signs every delivery (Standard Webhooks). Shown only in this answer: store it now',
    }),
  }),
  {
    description: 'A new webhook endpoint with its signing secret',
    examples: [{ ...webhookEndpointExample, secret: webhookSecretExample }],
  },
);
export type CreatedWebhookEndpoint = Readonly<z.infer<typeof CreatedWebhookEndpoint>>;

export const WebhookEndpointIdParams = z.object({
  id: meta(idField('webhookEndpoint', 'webhook endpoint'), {
    description: 'The webhook endpoint id (whe_ followed by a ULID)',
    examples: [webhookEndpointExample.id],
  }),
});

export const ListWebhookEndpointsQuery = z.strictObject({ limit, cursor });
export type ListWebhookEndpointsInput = z.output<typeof ListWebhookEndpointsQuery>;

/** How long a rolled secret keeps signing beside the new one by default: a day (docs/api.md §15). */
export const DEFAULT_SECRET_GRACE_SECONDS = 86_400;
/** And at most: a week. */
export const MAX_SECRET_GRACE_SECONDS = 604_800;

/** The body of POST /webhook/endpoints/{id}/roll-secret (optional: no body is `{}`). */
export const RollWebhookSecretBody = meta(
  z.strictObject({
    expire_old_in_seconds: meta(
      z.optional(integer({ min: 0, max: MAX_SECRET_GRACE_SECONDS, message: `must be an integer from 0 to ${MAX_SECRET_GRACE_SECONDS}` })),
      {
        description:
          `How long the old secret keeps signing every delivery beside the new one, in seconds (0–${MAX_SECRET_GRACE_SECONDS}); ` +
          `default ${DEFAULT_SECRET_GRACE_SECONDS}. 0: only the new one, at once`,
        override: { default: DEFAULT_SECRET_GRACE_SECONDS },
      },
    ),
  }),
  { examples: [{ expire_old_in_seconds: 3600 }] },
);
export type RollWebhookSecretInput = z.output<typeof RollWebhookSecretBody>;
