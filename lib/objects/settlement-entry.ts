import * as z from 'zod/mini';
import { settlementEntryExample } from './examples';
import { meta } from '../meta';
import { amount, currency, idOf, timestamp } from './fields';
import { orderId, settlementTypes } from './schemas';

/** A settlement-ledger entry (docs/api.md §7). */
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
    fee: meta(amount().check(z.nonnegative()), { description: 'The channel fee (0 on refund entries)' }),
    net_amount: meta(amount(), { description: "gross_amount − fee; the sum over a client's entries is its balance" }),
    settled_at: timestamp(),
  }),
  {
    description: 'An entry of the settlement ledger',
    examples: [settlementEntryExample],
  },
);
export type SettlementEntry = Readonly<z.infer<typeof SettlementEntry>>;
