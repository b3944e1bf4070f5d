import * as z from 'zod/mini';
import { webhookEndpointExample } from '../objects/examples';
import { meta } from '../meta';
import { ALL_EVENTS } from '../objects/event-types';
import { integer, prose } from '../objects/schemas';
import { MAX_WEBHOOK_URL_LENGTH, urlSyntaxProblem } from '../objects/url-syntax';
import {
  endpointStatuses,
  enabledEventsDescription,
  enabledEventsSchema,
  MAX_CHAOS_DELAY_SECONDS,
  MAX_CHAOS_DUPLICATES,
  subscribable,
} from '../objects/webhook-endpoint';

/**
 * The bodies that register and change a webhook endpoint (docs/api.md §11, §17), apart from the
 * endpoint object: only the functions of those two routes bundle them, not every function that
 * shows an endpoint (the events' lists among them).
 */

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
