import { contract } from '../http/contract';
import { listEnvelope } from '../http/envelope-schemas';
import { ListTransactionsQuery } from '../objects/list-queries';
import { Transaction } from '../objects/transaction';
import { listTransactionsRoute } from '../routes';
import { lastPage, transactionExample } from '../objects/examples';

export const listTransactionsContract = contract({
  route: listTransactionsRoute,
  tag: 'Transactions',
  description:
    'Newest first. Following `next_cursor` with the same filters visits every match exactly once, even ' +
    'while new transactions are created. A cursor is opaque; a forged, corrupted or ' +
    'reused-with-other-filters cursor is a 400. A page may hold fewer than `limit` transactions (even none) ' +
    'with `has_more: true` when filters discard many: one request reads a bounded amount; follow `next_cursor`.',
  query: ListTransactionsQuery,
  response: {
    status: 200,
    description: 'A page of transactions, newest first',
    schema: listEnvelope(Transaction),
    example: { success: true, data: [transactionExample], pagination: lastPage },
  },
});
