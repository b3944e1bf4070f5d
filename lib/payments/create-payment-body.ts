import * as z from 'zod/mini';
import { catalog, findChannel, paymentMethodNames } from '../catalog';
import { returnUrlExample } from '../objects/examples';
import { meta } from '../meta';
import { Metadata } from './metadata';
import { LOOPBACK_HOSTS, MAX_RETURN_URL_LENGTH, returnUrlProblem } from './return-url';
import { integer, orderId, prose, text } from '../objects/schemas';
import { simulateOutcomes } from './states';

/** The body of POST /payment/create (docs/api.md §5). */

const PHONE = /^\+?[0-9]{8,15}$/;

/** The longest delay of a scheduled outcome: a day (docs/api.md §12 "Scheduled outcomes"). */
export const MAX_SCHEDULED_OUTCOME_SECONDS = 86_400;

/** `sandbox` of a create: the outcome the payment gets by itself once `after_seconds` have passed on the client's clock. */
export const SandboxSchedule = meta(
  z.strictObject(
    {
      outcome: z.enum(simulateOutcomes, { error: `must be one of ${simulateOutcomes.join(', ')}` }),
      after_seconds: integer({ min: 0, max: MAX_SCHEDULED_OUTCOME_SECONDS, message: `must be an integer from 0 to ${MAX_SCHEDULED_OUTCOME_SECONDS}` }),
    },
    { error: 'must be an object' },
  ),
  {
    description:
      "Sandbox control (needs the scope sandbox:simulate): apply `outcome` by itself `after_seconds` after creation on the client's clock, " +
      'as POST /transaction/{id}/simulate would (with its event and webhook), unless the payment left pending first or expires before. ' +
      'Not shown on the transaction',
    examples: [{ outcome: 'settle', after_seconds: 30 }],
  },
);

/** `return_url` of a create (docs/api.md §5): where the payment page sends the customer back to; null is none. */
const ReturnUrl = meta(
  z.optional(
    z.nullable(
      meta(
        z.string({ error: 'must be a string' }).check(
          z.superRefine((value, ctx) => {
            const problem = returnUrlProblem(value);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }),
        ),
        { override: { format: 'uri', maxLength: MAX_RETURN_URL_LENGTH } },
      ),
    ),
  ),
  {
    description:
      `Where the payment page sends the customer back to once the payment has an outcome: an absolute \`https://\` URL of at most ${MAX_RETURN_URL_LENGTH} ` +
      `characters without user:password, or \`http://\` on ${LOOPBACK_HOSTS.join(', ')} (a CI job's app on its runner), on every stage`,
    examples: [returnUrlExample],
  },
);

const enabledChannelNames = catalog.flatMap((m) => m.channels.filter((c) => c.enabled).map((c) => c.payment_channel));

export const CreatePaymentBody = meta(
  z
    .strictObject(
      {
        order_id: meta(orderId, { description: 'Your order id; unique per client' }),
        amount: meta(integer(), {
          description: "In the currency's charged unit (IDR: whole rupiah), within the channel's min_amount and max_amount",
        }),
        payment_method: z.enum(paymentMethodNames, { error: `must be one of ${paymentMethodNames.join(', ')}` }),
        payment_channel: meta(z.string({ error: 'must be a string' }), {
          description: 'An enabled channel of payment_method (GET /payment/channels)',
          override: { enum: enabledChannelNames },
        }),
        customer: z.strictObject(
          {
            name: text(100, 1),
            email: z.email({ error: 'must be an e-mail address' }).check(z.maxLength(254, { error: 'must be at most 254 characters' })),
            phone: z.optional(z.string({ error: 'must be a string' }).check(z.regex(PHONE, { error: 'must be 8–15 digits, optionally after +' }))),
          },
          { error: 'must be an object' },
        ),
        currency: meta(z.optional(z.string({ error: 'must be a string' })), { description: "Must be the channel's currency, if given" }),
        description: z.optional(z.nullable(prose(255))),
        metadata: z.optional(Metadata),
        expiry_minutes: meta(z.optional(integer({ min: 1, max: 10_080, message: 'must be from 1 to 10080' })), {
          description: "Minutes until a pending transaction expires; default the channel's expiry_minutes",
        }),
        return_url: ReturnUrl,
        sandbox: z.optional(SandboxSchedule),
      },
      { error: 'must be an object' },
    )
    // Runs even when other fields are invalid (`when`), so `details` names every bad field at once;
    // hence the defensive reads of fields that may not have the right type.
    .check(
      z.superRefine(
        (body, ctx) => {
          if (typeof body.payment_method !== 'string' || typeof body.payment_channel !== 'string') return;
          if (!paymentMethodNames.includes(body.payment_method)) return;
          const channel = findChannel(body.payment_method, body.payment_channel);
          if (!channel) {
            const method = catalog.find((m) => m.payment_method === body.payment_method);
            const names = method?.channels.filter((c) => c.enabled).map((c) => c.payment_channel) ?? [];
            ctx.addIssue({
              code: 'custom',
              path: ['payment_channel'],
              message: `must be a channel of ${body.payment_method}: ${names.join(', ')}`,
            });
            return;
          }
          if (Number.isSafeInteger(body.amount) && (body.amount < channel.min_amount || body.amount > channel.max_amount)) {
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              message: `must be from ${channel.min_amount} to ${channel.max_amount} for ${channel.payment_channel}`,
            });
          }
          if (typeof body.currency === 'string' && body.currency !== channel.currency) {
            ctx.addIssue({ code: 'custom', path: ['currency'], message: `must be ${channel.currency} for ${channel.payment_channel}` });
          }
        },
        { when: () => true },
      ),
    ),
  {
    examples: [
      {
        order_id: 'ORDER-1001',
        amount: 150000,
        payment_method: 'bank_transfer',
        payment_channel: 'bca_va',
        customer: { name: 'Budi', email: 'budi@example.com', phone: '+628123456789' },
        description: 'Two concert tickets',
        metadata: { cart_id: 'CART-77' },
        return_url: returnUrlExample,
      },
    ],
  },
);
export type CreatePaymentInput = z.output<typeof CreatePaymentBody>;
