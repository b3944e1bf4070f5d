import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { CancelBody, TransactionIdParams } from '../payments/transaction-requests';
import { Transaction } from '../objects/transaction';
import { cancelTransactionRoute } from '../routes';
import { transactionExample } from '../objects/examples';

export const cancelTransactionContract = contract({
  route: cancelTransactionRoute,
  tag: 'Transactions',
  description: 'Only a `pending` transaction can be cancelled; otherwise 409 INVALID_STATE names its status. The body is optional.',
  params: TransactionIdParams,
  body: CancelBody,
  bodyOptional: true,
  response: {
    status: 200,
    description: 'The cancelled transaction',
    schema: successEnvelope(Transaction),
    example: {
      success: true,
      data: {
        ...transactionExample,
        status: 'cancelled',
        updated_at: '2026-11-22T01:05:00.000Z',
        cancelled_at: '2026-11-22T01:05:00.000Z',
        cancellation_reason: 'Customer changed their mind',
      },
    },
  },
  errors: ['NOT_FOUND', 'INVALID_STATE'],
});
