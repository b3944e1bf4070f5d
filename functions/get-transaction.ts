import { getTransactionContract } from '../lib/contracts/get-transaction';
import { transactionEntity } from '../lib/payments/items';
import { readEndpoint } from '../lib/http/read-endpoint';
import { ok } from '../lib/http/envelope';
import { getTransaction } from '../lib/payments/payments';

export const handler = readEndpoint(getTransactionContract, async ({ context, params }) => ok(await getTransaction(context, params.id)), {
  readAhead: (clientId, params) => transactionEntity.key(clientId, params.id),
});
