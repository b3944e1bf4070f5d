import * as z from 'zod/mini';
import { catalog, findChannel, paymentMethodNames } from '../catalog';
import { idPattern, isId } from '../ids';
import { meta } from '../meta';
import { statuses, type Status } from './states';

/** Request schemas of the payment routes (API.md §5): declared once, used for validation and types. */

const ORDER_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const PHONE = /^\+?[0-9]{8,15}$/;

const text = (max: number, min = 0) =>
  z
    .string({ error: 'must be a string' })
    .check(
      z.minLength(min, { error: min === 1 ? 'must not be empty' : `must be at least ${min} characters` }),
      z.maxLength(max, { error: `must be at most ${max} characters` }),
    );

export const orderId = z
  .string({ error: 'must be a string' })
  .check(z.regex(ORDER_ID, { error: 'must be 1–64 characters of A-Z a-z 0-9 _ . : -' }));

/**
 * An integer, optionally within [min, max], reported as one message per field. (zod's own
 * `z.int()` aborts the whole object on a fraction, which would hide the other fields' errors.)
 */
const integer = (range?: { min?: number; max?: number; message: string }) =>
  // The refinement is invisible to JSON Schema; say what it checks.
  meta(
    z.number({ error: 'must be an integer' }).check(
      z.superRefine((n, ctx) => {
        if (!Number.isSafeInteger(n)) ctx.addIssue({ code: 'custom', message: 'must be an integer' });
        else if (range && ((range.min !== undefined && n < range.min) || (range.max !== undefined && n > range.max))) {
          ctx.addIssue({ code: 'custom', message: range.message });
        }
      }),
    ),
    {
      override: {
        type: 'integer',
        ...(range?.min !== undefined && { minimum: range.min }),
        ...(range?.max !== undefined && { maximum: range.max }),
      },
    },
  );

const metadataValue = z.union([text(500), z.number(), z.boolean(), z.null()], {
  error: 'must be a string (at most 500 characters), number, boolean or null',
});

const metadata = z
  .record(text(40, 1), metadataValue, { error: (issue) => (issue.code === 'invalid_type' ? 'must be an object' : undefined) })
  .check(z.refine((m) => Object.keys(m).length <= 20, { error: 'must have at most 20 keys' }));

const channelNames = catalog.flatMap((m) => m.channels.map((c) => c.payment_channel)) as [string, ...string[]];
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
            email: z
              .email({ error: 'must be an e-mail address' })
              .check(z.maxLength(254, { error: 'must be at most 254 characters' })),
            phone: z.optional(
              z.string({ error: 'must be a string' }).check(z.regex(PHONE, { error: 'must be 8–15 digits, optionally after +' })),
            ),
          },
          { error: 'must be an object' },
        ),
        currency: meta(z.optional(z.string({ error: 'must be a string' })), { description: "Must be the channel's currency, if given" }),
        description: z.optional(z.nullable(text(255))),
        metadata: meta(z.optional(metadata), {
          description: 'Up to 20 keys of 1–40 characters; values are strings (up to 500 characters), numbers, booleans or null',
        }),
        expiry_minutes: meta(z.optional(integer({ min: 1, max: 10_080, message: 'must be from 1 to 10080' })), {
          description: "Minutes until a pending transaction expires; default the channel's expiry_minutes",
        }),
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
      },
    ],
  },
);
export type CreatePaymentInput = z.output<typeof CreatePaymentBody>;

export const TransactionIdParams = z.object({
  id: meta(
    z.string().check(z.refine((id) => isId('transaction', id), { error: 'must be a transaction id (txn_ followed by a ULID)' })),
    {
      description: 'The transaction id (txn_ followed by a ULID)',
      override: { pattern: idPattern('transaction').source },
      examples: ['txn_01M80CCH60Q4X8V3K9T2B7N5RD'],
    },
  ),
});

export const CancelBody = meta(
  z.strictObject(
    { reason: meta(z.optional(text(255)), { description: 'Recorded as the cancellation_reason' }) },
    { error: 'must be an object' },
  ),
  { examples: [{ reason: 'Customer changed their mind' }] },
);

export const simulateOutcomes = ['settle', 'fail', 'expire'] as const;
export const SimulateBody = meta(
  z.strictObject({
    outcome: meta(z.enum(simulateOutcomes, { error: `must be one of ${simulateOutcomes.join(', ')}` }), {
      description: '`settle` (writes the settlement entry), `fail` or `expire` the pending transaction',
    }),
  }),
  { examples: [{ outcome: 'settle' }] },
);

/** ISO 8601 timestamps with a zone (Z or ±hh:mm), normalised to a Date. */
const timestamp = z.pipe(
  meta(
    z.string().check(
      z.refine((s) => z.iso.datetime({ offset: true }).safeParse(s).success, {
        error: 'must be an ISO 8601 timestamp such as 2026-11-22T01:02:03.456Z',
      }),
    ),
    { format: 'date-time', examples: ['2026-11-22T01:02:03.456Z'] },
  ),
  z.transform((s: string) => new Date(s)),
);

/** `limit` of list endpoints: 1–100, default 20. */
export const limit = meta(
  z.pipe(
    z.optional(
      z
        .pipe(z.string().check(z.regex(/^[0-9]{1,3}$/, { error: 'must be an integer from 1 to 100' })), z.transform(Number))
        .check(z.refine((n) => n >= 1 && n <= 100, { error: 'must be an integer from 1 to 100' })),
    ),
    z.transform((n) => n ?? 20),
  ),
  // A query string carries text, but what a client sends is an integer.
  {
    description: 'Page size',
    override: ({ jsonSchema }: { jsonSchema: z.core.JSONSchema.BaseSchema }) => {
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key as keyof typeof jsonSchema];
      Object.assign(jsonSchema, { type: 'integer', minimum: 1, maximum: 100, default: 20 });
    },
  },
);

/** `cursor` of list endpoints. */
const cursor = meta(z.optional(z.string().check(z.minLength(1, { error: 'must not be empty' }))), {
  description: "The previous page's `pagination.next_cursor`; send the same filters with it",
});

export const ListTransactionsQuery = z
  .strictObject({
    status: meta(
      z.optional(
        z
          // Typed as the statuses the refinement below lets through (classic zod's type-guard `.refine`).
          .pipe(z.string(), z.transform((s) => [...new Set(s.split(',').map((x) => x.trim()))] as Status[]))
          .check(
            z.refine((list) => list.every((s) => (statuses as readonly string[]).includes(s)), {
              error: `must be one or more of ${statuses.join(', ')}, separated by commas`,
            }),
          ),
      ),
      {
        description: 'One status, or several separated by commas (`status=pending,settled`)',
        override: { type: 'array', items: { type: 'string', enum: [...statuses] }, minItems: 1 },
        param: { style: 'form', explode: false },
      },
    ),
    payment_method: z.optional(z.enum(paymentMethodNames, { error: `must be one of ${paymentMethodNames.join(', ')}` })),
    payment_channel: z.optional(z.enum(channelNames, { error: 'must be a payment channel of the catalog' })),
    order_id: z.optional(orderId),
    created_from: meta(z.optional(timestamp), { description: 'Created at or after this instant' }),
    created_to: meta(z.optional(timestamp), { description: 'Created before this instant' }),
    limit,
    cursor,
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.created_from && q.created_to && q.created_from >= q.created_to) {
        ctx.addIssue({ code: 'custom', path: ['created_to'], message: 'must be later than created_from' });
      }
    }),
  );
export type ListTransactionsInput = z.output<typeof ListTransactionsQuery>;

export const RefundBody = meta(
  z
    .strictObject(
      {
        transaction_id: meta(
          z.optional(
            z
              .string({ error: 'must be a string' })
              .check(z.refine((id) => isId('transaction', id), { error: 'must be a transaction id (txn_ followed by a ULID)' })),
          ),
          { description: 'The transaction to refund', override: { pattern: idPattern('transaction').source } },
        ),
        order_id: meta(z.optional(orderId), { description: 'Or: the order_id of the transaction to refund' }),
        amount: meta(z.optional(integer({ min: 1, message: 'must be at least 1' })), {
          description: 'Default: all that is left to refund',
        }),
        reason: z.optional(text(255)),
      },
      { error: 'must be an object' },
    )
    .check(
      z.superRefine((body, ctx) => {
        if ((body.transaction_id === undefined) === (body.order_id === undefined)) {
          ctx.addIssue({ code: 'custom', path: ['transaction_id'], message: 'exactly one of transaction_id or order_id is required' });
        }
      }),
    ),
  {
    description: 'Exactly one of transaction_id or order_id',
    override: { oneOf: [{ required: ['transaction_id'] }, { required: ['order_id'] }] },
    examples: [{ transaction_id: 'txn_01M80CCH60Q4X8V3K9T2B7N5RD', amount: 50000, reason: 'Damaged item' }],
  },
);
export type RefundInput = z.output<typeof RefundBody>;

export const settlementTypes = ['payment', 'refund'] as const;

export const ListSettlementsQuery = z
  .strictObject({
    type: z.optional(z.enum(settlementTypes, { error: `must be one of ${settlementTypes.join(', ')}` })),
    from: meta(z.optional(timestamp), { description: 'Settled at or after this instant' }),
    to: meta(z.optional(timestamp), { description: 'Settled before this instant' }),
    transaction_id: meta(
      z.optional(
        z.string().check(z.refine((id) => isId('transaction', id), { error: 'must be a transaction id (txn_ followed by a ULID)' })),
      ),
      { description: "Only this transaction's entries", override: { pattern: idPattern('transaction').source } },
    ),
    limit,
    cursor,
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.from && q.to && q.from >= q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be later than from' });
    }),
  );
export type ListSettlementsInput = z.output<typeof ListSettlementsQuery>;
