import * as z from 'zod/mini';
import { webhookEndpointExample, webhookSecretExample } from '../contracts/examples';
import { meta } from '../meta';
import { idOf, timestamp } from '../payments/fields';
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

/** An endpoint as every answer shows it: never its secret. */
export const WebhookEndpoint = meta(
  z.strictObject({
    id: idOf('webhookEndpoint'),
    url: meta(z.string(), { description: 'Where events are sent', override: { format: 'uri', maxLength: MAX_WEBHOOK_URL_LENGTH } }),
    enabled_events: meta(z.array(z.enum(subscribable)), { description: enabledEventsDescription, override: enabledEventsSchema }),
    description: z.nullable(z.string().check(z.maxLength(255))),
    status: meta(z.literal('enabled'), { description: 'Endpoints are enabled from their creation until deleted' }),
    created_at: timestamp(),
  }),
  { description: 'A URL that receives events, signed with its secret', examples: [webhookEndpointExample] },
);
export type WebhookEndpoint = Readonly<z.infer<typeof WebhookEndpoint>>;

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

export const CreateWebhookEndpointBody = meta(
  z.strictObject({
    url,
    enabled_events: enabledEvents,
    description: meta(z.optional(z.nullable(prose(255))), { description: 'Your own note, at most 255 characters' }),
  }),
  { examples: [{ url: webhookEndpointExample.url, enabled_events: webhookEndpointExample.enabled_events, description: webhookEndpointExample.description }] },
);
export type CreateWebhookEndpointInput = z.output<typeof CreateWebhookEndpointBody>;

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
