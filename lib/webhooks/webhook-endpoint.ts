import * as z from 'zod/mini';
import { webhookEndpointExample, webhookSecretExample } from '../contracts/examples';
import { meta } from '../meta';
import { asApiObject, idOf, timestamp } from '../payments/fields';
import { cursor, limit } from '../payments/list-queries';
import { idField, integer, prose } from '../payments/schemas';
import { ALL_EVENTS, eventTypes } from '../events/event-types';
import { SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from './signature';
import { MAX_WEBHOOK_URL_LENGTH, urlSyntaxProblem } from './url-syntax';

/** The webhook endpoint resource (docs/api.md §11): its schemas, as answered and as requested. */

/** `whsec_` and the base64 of SECRET_BYTES random bytes (4 characters per 3 bytes): the Standard Webhooks secret format. */
export const WEBHOOK_SECRET = new RegExp(`^${WEBHOOK_SECRET_PREFIX}[A-Za-z0-9+/]{${(SECRET_BYTES / 3) * 4}}$`);

const subscribable = [...eventTypes, ALL_EVENTS] as const;

const enabledEventsSchema = { type: 'array', items: { type: 'string', enum: [...subscribable] }, minItems: 1, uniqueItems: true } as const;

const enabledEventsDescription = `Event types to deliver: a list of distinct types, or \`["${ALL_EVENTS}"]\` (alone) for every type`;

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

const url = meta(
  z.string({ error: 'must be a string' }).check(
    z.superRefine((value, ctx) => {
      const problem = urlSyntaxProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
  {
    description:
      `An absolute URL of at most ${MAX_WEBHOOK_URL_LENGTH} characters, without a user name or password. Deployed: ` +
      '`https://` and a host name whose every address is public. Locally (`npm start`): also `http://` and loopback',
    override: { format: 'uri', maxLength: MAX_WEBHOOK_URL_LENGTH },
    examples: ['https://example.com/webhooks/payments'],
  },
);

const enabledEvents = meta(
  z.optional(
    z.array(z.enum(subscribable, { error: `must be one of ${subscribable.join(', ')}` }), { error: 'must be a list of event types' }).check(
      z.minLength(1, { error: `must list at least one event type, or be ["${ALL_EVENTS}"]` }),
      z.superRefine((list, ctx) => {
        if (list.length > 1 && list.includes(ALL_EVENTS)) {
          ctx.addIssue({ code: 'custom', message: `must be ["${ALL_EVENTS}"] alone, or a list of event types without "${ALL_EVENTS}"` });
        } else if (new Set(list).size !== list.length) {
          ctx.addIssue({ code: 'custom', message: 'must not list an event type twice' });
        }
      }),
    ),
  ),
  { description: `${enabledEventsDescription}; default \`["${ALL_EVENTS}"]\``, override: { ...enabledEventsSchema, default: [ALL_EVENTS] } },
);

const chaosInput = meta(
  z.optional(
    z.strictObject(
      {
        duplicates: z.optional(integer({ min: 0, max: MAX_CHAOS_DUPLICATES, message: `must be an integer from 0 to ${MAX_CHAOS_DUPLICATES}` })),
        reverse_order: z.optional(z.boolean({ error: 'must be true or false' })),
        delay_seconds: z.optional(integer({ min: 0, max: MAX_CHAOS_DELAY_SECONDS, message: `must be an integer from 0 to ${MAX_CHAOS_DELAY_SECONDS}` })),
      },
      { error: 'must be an object' },
    ),
  ),
  {
    description:
      `Delivery chaos (docs/api.md §17): \`duplicates\` 0–${MAX_CHAOS_DUPLICATES}, \`reverse_order\`, \`delay_seconds\` 0–${MAX_CHAOS_DELAY_SECONDS}; ` +
      'a field left out stays as it is (off on a create)',
  },
);

const description = meta(z.optional(z.nullable(prose(255))), { description: 'Your own note, at most 255 characters' });

export const CreateWebhookEndpointBody = meta(
  z.strictObject({
    url,
    enabled_events: enabledEvents,
    description,
    chaos: chaosInput,
  }),
  { examples: [{ url: webhookEndpointExample.url, enabled_events: webhookEndpointExample.enabled_events, description: webhookEndpointExample.description }] },
);
export type CreateWebhookEndpointInput = z.output<typeof CreateWebhookEndpointBody>;

/** The body of PATCH /webhook/endpoints/{id}: the fields to change, each optional. */
export const UpdateWebhookEndpointBody = meta(
  z.strictObject({
    url: z.optional(url),
    enabled_events: enabledEvents,
    description,
    status: meta(z.optional(z.enum(endpointStatuses, { error: `must be ${endpointStatuses.join(' or ')}` })), {
      description: '`disabled`: the endpoint receives nothing (no first attempt, no retry) until `enabled` again',
    }),
    chaos: chaosInput,
  }),
  { examples: [{ status: 'disabled' }, { chaos: { duplicates: 1, reverse_order: true } }] },
);
export type UpdateWebhookEndpointInput = z.output<typeof UpdateWebhookEndpointBody>;

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
