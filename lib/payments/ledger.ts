import * as z from 'zod/mini';
import { newId } from '../ids';
import { meta } from '../meta';
import { amount, currency, idOf, timestamp } from './fields';
import { orderId, settlementTypes } from './schemas';
import type { Transaction } from './transaction';
import { settlementEntryExample } from '../contracts/examples';

/** A settlement-ledger entry (API.md §7). */
export const SettlementEntry = meta(
  z.strictObject({
    id: idOf('settlement'),
    type: meta(z.enum(settlementTypes), { description: '`payment` when a payment settles, `refund` for each refund' }),
    transaction_id: idOf('transaction'),
    refund_id: meta(z.nullable(idOf('refund')), { description: 'Set on refund entries' }),
    order_id: orderId,
    payment_method: z.string(),
    payment_channel: z.string(),
    currency: currency(),
    gross_amount: meta(amount(), { description: 'The amount paid, or −the refund amount' }),
    fee: meta(amount().check(z.nonnegative()), { description: "The channel fee (0 on refund entries)" }),
    net_amount: meta(amount(), { description: "gross_amount − fee; the sum over a client's entries is its balance" }),
    settled_at: timestamp(),
  }),
  {
    description: 'An entry of the settlement ledger',
    examples: [settlementEntryExample],
  },
);
export type SettlementEntry = Readonly<z.infer<typeof SettlementEntry>>;

/** An entry of `transaction` booked at `at`: net is always gross − fee, so the ledger adds up by construction. */
function entry(
  transaction: Transaction,
  booking: { type: SettlementEntry['type']; refundId: string | null; gross: number; fee: number },
  at: Date,
): SettlementEntry {
  return {
    id: newId('settlement', at),
    type: booking.type,
    transaction_id: transaction.id,
    refund_id: booking.refundId,
    order_id: transaction.order_id,
    payment_method: transaction.payment_method,
    payment_channel: transaction.payment_channel,
    currency: transaction.currency,
    gross_amount: booking.gross,
    fee: booking.fee,
    net_amount: booking.gross - booking.fee,
    settled_at: at.toISOString(),
  };
}

/** The entry written, in the same atomic write, when a payment settles: gross, channel fee, net. */
export function paymentEntry(transaction: Transaction, at: Date): SettlementEntry {
  return entry(transaction, { type: 'payment', refundId: null, gross: transaction.amount, fee: transaction.fee }, at);
}

/** A refund's entry: negative gross and net, no fee (the channel fee is not returned). */
export function refundEntry(transaction: Transaction, refund: { id: string; amount: number }, at: Date): SettlementEntry {
  return entry(transaction, { type: 'refund', refundId: refund.id, gross: -refund.amount, fee: 0 }, at);
}
