import { endpoint } from '../lib/http/endpoint';
import { page } from '../lib/http/envelope';
import { listTransactions } from '../lib/payments/payments';
import { ListTransactionsQuery } from '../lib/payments/schemas';
import { routes } from '../lib/routes';

export const handler = endpoint(routes.listTransactions, { query: ListTransactionsQuery }, async ({ db, principal, query, clock }) => {
  const { data, pagination } = await listTransactions(db, principal.clientId, query, clock);
  return page(data, pagination);
});
