import { newId } from '../ids';
import type { SettlementEntry } from '../objects/settlement-entry';
import type { Transaction } from '../objects/transaction';

/** The ledger's entries, built (docs/api.md §7); their schema is in settlement-entry.ts. */

export type { SettlementEntry };

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
