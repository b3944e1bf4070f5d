import * as z from 'zod/mini';
import { catalog, paymentMethodNames } from '../catalog';
import { meta } from '../meta';
import { idField, orderId, settlementTypes } from './schemas';
import { statuses } from './statuses';

/** The queries of GET /transactions and GET /settlements (docs/api.md §5, §7). */

const channelNames = catalog.flatMap((m) => m.channels.map((c) => c.payment_channel)) as [string, ...string[]];

/** ISO 8601 timestamps with a zone (Z or ±hh:mm), normalised to a Date. */
export const timestamp = z.pipe(
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
export const cursor = meta(z.optional(z.string().check(z.minLength(1, { error: 'must not be empty' }))), {
  description: "The previous page's `pagination.next_cursor`; send the same filters with it",
});

/**
 * A query parameter naming one of `values`, or several separated by commas; parsed to the distinct
 * list, documented as a comma-separated array (form style, not exploded).
 */
export function oneOrSeveral<const V extends string>(values: readonly V[], description: string) {
  return meta(
    z.optional(
      z
        // Typed as the values the refinement below lets through (classic zod's type-guard `.refine`).
        .pipe(
          z.string(),
          z.transform((s) => [...new Set(s.split(',').map((x) => x.trim()))] as V[]),
        )
        .check(
          z.refine((list) => list.every((v) => (values as readonly string[]).includes(v)), {
            error: `must be one or more of ${values.join(', ')}, separated by commas`,
          }),
        ),
    ),
    {
      description,
      override: { type: 'array', items: { type: 'string', enum: [...values] }, minItems: 1 },
      param: { style: 'form', explode: false },
    },
  );
}

/** A time range's end must come after its start (both optional): an error on the end, naming the start. */
export function rangeInOrder<F extends string, T extends string>(from: F, to: T) {
  return z.superRefine((q: Partial<Record<F | T, Date>>, ctx) => {
    const start = q[from];
    const end = q[to];
    if (start && end && start >= end) ctx.addIssue({ code: 'custom', path: [to], message: `must be later than ${from}` });
  });
}

export const ListTransactionsQuery = z
  .strictObject({
    status: oneOrSeveral(statuses, 'One status, or several separated by commas (`status=pending,settled`)'),
    payment_method: z.optional(z.enum(paymentMethodNames, { error: `must be one of ${paymentMethodNames.join(', ')}` })),
    payment_channel: z.optional(z.enum(channelNames, { error: 'must be a payment channel of the catalog' })),
    order_id: z.optional(orderId),
    created_from: meta(z.optional(timestamp), { description: 'Created at or after this instant' }),
    created_to: meta(z.optional(timestamp), { description: 'Created before this instant' }),
    limit,
    cursor,
  })
  .check(rangeInOrder('created_from', 'created_to'));
export type ListTransactionsInput = z.output<typeof ListTransactionsQuery>;

export const ListSettlementsQuery = z
  .strictObject({
    type: z.optional(z.enum(settlementTypes, { error: `must be one of ${settlementTypes.join(', ')}` })),
    from: meta(z.optional(timestamp), { description: 'Settled at or after this instant' }),
    to: meta(z.optional(timestamp), { description: 'Settled before this instant' }),
    transaction_id: meta(z.optional(idField('transaction', 'transaction')), { description: "Only this transaction's entries" }),
    limit,
    cursor,
  })
  .check(rangeInOrder('from', 'to'));
export type ListSettlementsInput = z.output<typeof ListSettlementsQuery>;
