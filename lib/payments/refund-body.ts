import * as z from 'zod/mini';
import { meta } from '../meta';
import { idField, integer, orderId, prose } from '../objects/schemas';

/** The body of POST /refund (docs/api.md §6). */

export const RefundBody = meta(
  z
    .strictObject(
      {
        transaction_id: meta(z.optional(idField('transaction', 'transaction')), { description: 'The transaction to refund' }),
        order_id: meta(z.optional(orderId), { description: 'Or: the order_id of the transaction to refund' }),
        amount: meta(z.optional(integer({ min: 1, message: 'must be at least 1' })), {
          description: 'Default: all that is left to refund',
        }),
        reason: z.optional(prose(255)),
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
