import { newId } from '../ids';
import type { Transaction } from './transaction';

/** A settlement-ledger entry (API.md §7). */
export interface SettlementEntry {
  readonly id: string;
  readonly type: 'payment' | 'refund';
  readonly transaction_id: string;
  readonly refund_id: string | null;
  readonly order_id: string;
  readonly payment_method: string;
  readonly payment_channel: string;
  readonly currency: string;
  readonly gross_amount: number;
  readonly fee: number;
  readonly net_amount: number;
  readonly settled_at: string;
}

/** The entry written, in the same atomic write, when a payment settles: gross, channel fee, net. */
export function paymentEntry(transaction: Transaction, at: Date): SettlementEntry {
  return {
    id: newId('settlement', at),
    type: 'payment',
    transaction_id: transaction.id,
    refund_id: null,
    order_id: transaction.order_id,
    payment_method: transaction.payment_method,
    payment_channel: transaction.payment_channel,
    currency: transaction.currency,
    gross_amount: transaction.amount,
    fee: transaction.fee,
    net_amount: transaction.net_amount,
    settled_at: at.toISOString(),
  };
}

/** A refund's entry: negative gross and net, no fee (the channel fee is not returned). */
export function refundEntry(transaction: Transaction, refund: { id: string; amount: number }, at: Date): SettlementEntry {
  return {
    id: newId('settlement', at),
    type: 'refund',
    transaction_id: transaction.id,
    refund_id: refund.id,
    order_id: transaction.order_id,
    payment_method: transaction.payment_method,
    payment_channel: transaction.payment_channel,
    currency: transaction.currency,
    gross_amount: -refund.amount,
    fee: 0,
    net_amount: -refund.amount,
    settled_at: at.toISOString(),
  };
}
