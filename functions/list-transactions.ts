import { listTransactionsContract } from '../lib/contracts/list-transactions';
import { readEndpoint } from '../lib/http/read-endpoint';
import { page } from '../lib/http/envelope';
import { listTransactions } from '../lib/payments/payments';

export const handler = readEndpoint(listTransactionsContract, async ({ context, query, limits }) => {
  const { data, pagination } = await listTransactions(context, query, limits.readUnitsPerRequest);
  return page(data, pagination);
});
