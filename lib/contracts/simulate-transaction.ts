import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { SimulateBody, TransactionIdParams } from '../payments/transaction-requests';
import { Transaction } from '../objects/transaction';
import { simulateTransactionRoute } from '../routes';
import { settlementEntryExample, transactionExample } from '../objects/examples';

export const simulateTransactionContract = contract({
  route: simulateTransactionRoute,
  tag: 'Sandbox',
  description:
    "Moves a `pending` transaction as the payment network would: `settle` (and write the payment's " +
    'settlement entry in the same atomic write), `fail` or `expire`. Any other status is 409 ' +
    'INVALID_STATE.',
  params: TransactionIdParams,
  body: SimulateBody,
  response: {
    status: 200,
    description: 'The transaction in its new status',
    schema: successEnvelope(Transaction),
    example: {
      success: true,
      data: { ...transactionExample, status: 'settled', updated_at: settlementEntryExample.settled_at, settled_at: settlementEntryExample.settled_at },
    },
  },
  errors: ['NOT_FOUND', 'INVALID_STATE'],
});
