import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { Refund } from '../payments/refund-transaction';
import { RefundBody } from '../payments/refund-body';
import { createRefundRoute } from '../routes';
import { refundExample } from '../objects/examples';

export const createRefundContract = contract({
  route: createRefundRoute,
  tag: 'Refunds',
  description:
    'Refunds all or part of a `settled` transaction, named by exactly one of `transaction_id` or ' +
    '`order_id`; any other status is 409 INVALID_STATE. A refund that reaches the full amount makes the ' +
    "transaction `refunded`. The refund, the transaction and the refund's (negative) settlement entry " +
    'are written atomically: concurrent refunds never total more than the amount.',
  body: RefundBody,
  response: {
    status: 201,
    description: 'The refund',
    schema: successEnvelope(Refund),
    example: { success: true, data: refundExample },
  },
  errors: ['NOT_FOUND', 'INVALID_STATE', 'AMOUNT_EXCEEDS_REFUNDABLE'],
});
