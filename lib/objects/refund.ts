import * as z from 'zod/mini';
import { refundExample } from './examples';
import { meta } from '../meta';
import { amount, currency, idOf, timestamp } from './fields';
import { orderId } from './schemas';

/** A refund (docs/api.md §6): its own module, so the event schema can name it without the refund use case. */
export const Refund = meta(
  z.strictObject({
    id: idOf('refund'),
    transaction_id: idOf('transaction'),
    order_id: orderId,
    amount: amount().check(z.positive()),
    currency: currency(),
    reason: z.nullable(z.string().check(z.maxLength(255))),
    status: meta(z.literal('succeeded'), { description: 'Sandbox refunds succeed at once' }),
    created_at: timestamp(),
  }),
  {
    description: 'A refund of all or part of a settled transaction',
    examples: [refundExample],
  },
);
export type Refund = Readonly<z.infer<typeof Refund>>;
