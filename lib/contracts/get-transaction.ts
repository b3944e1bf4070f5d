import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { TransactionIdParams } from '../payments/transaction-requests';
import { Transaction } from '../objects/transaction';
import { getTransactionRoute } from '../routes';
import { transactionExample } from '../objects/examples';

export const getTransactionContract = contract({
  route: getTransactionRoute,
  tag: 'Transactions',
  description: "Another client's id is 404, like an unknown one. A pending transaction whose `expires_at` has passed is shown as `expired`.",
  params: TransactionIdParams,
  response: {
    status: 200,
    description: 'The transaction',
    schema: successEnvelope(Transaction),
    example: { success: true, data: transactionExample },
  },
  errors: ['NOT_FOUND'],
});
