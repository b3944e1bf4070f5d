import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { CreatePaymentBody } from '../payments/create-payment-body';
import { Transaction } from '../payments/transaction';
import { routes } from '../routes';
import { transactionExample } from './examples';

export const createPaymentContract = contract({
  route: routes.createPayment,
  tag: 'Transactions',
  description:
    "Creates a `pending` transaction with sandbox payment instructions in `payment_details`. `amount` " +
    "must be within the channel's limits; `expiry_minutes` defaults to the channel's. `order_id` is " +
    "unique per client: reusing it is 409 DUPLICATE_ORDER_ID.",
  body: CreatePaymentBody,
  response: {
    status: 201,
    description: 'The new pending transaction',
    schema: successEnvelope(Transaction),
    example: { success: true, data: transactionExample },
  },
  errors: ['DUPLICATE_ORDER_ID'],
});
