import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { CreatePaymentBody } from '../payments/create-payment-body';
import { Transaction } from '../objects/transaction';
import { createPaymentRoute } from '../routes';
import { transactionExample } from '../objects/examples';

export const createPaymentContract = contract({
  route: createPaymentRoute,
  tag: 'Transactions',
  description:
    'Creates a `pending` transaction with sandbox payment instructions in `payment_details`. `amount` ' +
    "must be within the channel's limits; `expiry_minutes` defaults to the channel's. `order_id` is " +
    "unique per client: reusing it is 409 DUPLICATE_ORDER_ID. `sandbox` schedules the payment's outcome " +
    "(settle, fail or expire after `after_seconds` on the client's clock) and needs the scope `sandbox:simulate`: " +
    'a key without it gets 403 FORBIDDEN for any body that holds the field.',
  body: CreatePaymentBody,
  bodyFieldScopes: { sandbox: 'sandbox:simulate' },
  response: {
    status: 201,
    description: 'The new pending transaction',
    schema: successEnvelope(Transaction),
    example: { success: true, data: transactionExample },
  },
  errors: ['DUPLICATE_ORDER_ID'],
});
