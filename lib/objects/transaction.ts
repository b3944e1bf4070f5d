import * as z from 'zod/mini';
import { paymentUrlExample, returnUrlExample, transactionExample } from './examples';
import { meta } from '../meta';
import { amount, currency, idOf, timestamp } from './fields';
import { failureCodes } from './failures';
import { orderId } from './schemas';
import { statuses, type Status } from './statuses';

export const Customer = z.strictObject({
  name: meta(z.string(), { examples: ['Budi'] }),
  email: meta(z.email(), { examples: ['budi@example.com'] }),
  phone: meta(z.optional(z.string()), { examples: ['+628123456789'] }),
});
export type Customer = Readonly<z.infer<typeof Customer>>;

export const MetadataValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type MetadataValue = z.infer<typeof MetadataValue>;

/** What the payment page keeps of a card it was given (never the number itself). */
export const CardDetails = meta(
  z.strictObject({
    brand: meta(z.string(), { examples: ['visa'] }),
    last4: meta(z.string().check(z.regex(/^[0-9]{4}$/)), { examples: ['1111'] }),
    exp_month: meta(z.int().check(z.gte(1), z.lte(12)), { examples: [12] }),
    exp_year: meta(z.int().check(z.gte(2000), z.lte(2099)), { examples: [2030] }),
  }),
  { description: 'card: the card last tried on the payment page, never its number or CVC' },
);
export type CardDetails = Readonly<z.infer<typeof CardDetails>>;

/**
 * Sandbox payment instructions: the one field of the payment method; for card none until the
 * payment page is given a card, then that card (`card`).
 */
export const PaymentDetails = meta(
  z.strictObject({
    va_number: meta(z.optional(z.string().check(z.regex(/^[0-9]+$/))), { description: 'bank_transfer: the virtual account number' }),
    qr_string: meta(z.optional(z.string()), { description: 'qris: the QR payload to render' }),
    payment_code: meta(z.optional(z.string()), { description: 'retail: the code to pay at the counter' }),
    checkout_url: meta(z.optional(z.url()), { description: 'ewallet: the payment page, `payment_url`' }),
    card: z.optional(CardDetails),
  }),
  {
    description:
      'Sandbox payment instructions: `va_number`, `qr_string`, `payment_code` or `checkout_url` by method; `{}` for card until a card is tried on the payment page, then `card`',
  },
);
export type PaymentDetails = Readonly<z.infer<typeof PaymentDetails>>;

const nullableTimestamp = (description: string) => meta(z.nullable(timestamp()), { description });

/** The transaction object of docs/api.md §5, as stored and as returned. */
export const Transaction = meta(
  z.strictObject({
    id: idOf('transaction'),
    order_id: meta(orderId, { description: "The merchant's order id, unique per client" }),
    status: z.enum(statuses),
    amount: amount().check(z.positive()),
    currency: currency(),
    payment_method: meta(z.string(), { examples: ['bank_transfer'] }),
    payment_channel: meta(z.string(), { examples: ['bca_va'] }),
    customer: Customer,
    description: z.nullable(z.string().check(z.maxLength(255))),
    metadata: z.record(z.string(), MetadataValue),
    fee: meta(amount().check(z.nonnegative()), { description: "The channel's fee" }),
    net_amount: meta(amount(), { description: 'amount − fee' }),
    refunded_amount: meta(amount().check(z.nonnegative()), { description: 'The sum of the refunds so far' }),
    payment_details: PaymentDetails,
    payment_url: meta(z.nullable(z.url()), {
      description: 'The payment page, `{base_url}/pay/{token}`: its token is its only credential. null for a transaction made before v1.3',
      examples: [paymentUrlExample],
    }),
    return_url: meta(z.nullable(z.url()), {
      description: 'Where the payment page sends the customer back, as given, or null',
      examples: [returnUrlExample],
    }),
    expires_at: meta(timestamp(), { description: 'A pending transaction is expired from this instant on' }),
    created_at: timestamp(),
    updated_at: timestamp(),
    settled_at: nullableTimestamp('When it settled'),
    cancelled_at: nullableTimestamp('When it was cancelled'),
    expired_at: nullableTimestamp('When it expired (equal to expires_at)'),
    failed_at: nullableTimestamp('When it failed'),
    cancellation_reason: z.nullable(z.string().check(z.maxLength(255))),
    failure_code: meta(z.nullable(z.enum(failureCodes)), {
      description:
        "Why it failed: `simulated` (a sandbox control), or a test card's `card_declined`, `insufficient_funds`, `authentication_failed`; null unless failed",
    }),
    failure_reason: meta(z.nullable(z.string()), { description: 'Why it failed, as a sentence; null unless failed' }),
  }),
  {
    description: 'A payment transaction',
    examples: [transactionExample],
  },
);
export type Transaction = Readonly<z.infer<typeof Transaction>>;

/**
 * A stored transaction (lib/payments/items.ts) as the client sees it at `now`: a pending one whose `expires_at` has passed is
 * `expired` (with `expired_at = expires_at`) everywhere, whether or not the table says so yet.
 */
export function viewTransaction(stored: Transaction, now: Date): Transaction {
  if (stored.status === 'pending' && stored.expires_at <= now.toISOString()) {
    const updated = stored.updated_at > stored.expires_at ? stored.updated_at : stored.expires_at;
    return { ...stored, status: 'expired', expired_at: stored.expires_at, updated_at: updated };
  }
  return stored;
}

/** The status the client would see at `now`. */
export function effectiveStatus(stored: Transaction, now: Date): Status {
  return viewTransaction(stored, now).status;
}
