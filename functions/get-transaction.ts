import { getTransactionContract } from '../lib/contracts/get-transaction';
import { transactionEntity } from '../lib/payments/items';
import { readEndpoint } from '../lib/http/read-endpoint';
import { ok } from '../lib/http/envelope';
import { getTransaction } from '../lib/payments/payments';

export const handler = readEndpoint(
  getTransactionContract,
  async ({ db, principal, params, clock }) => ok(await getTransaction(db, principal.clientId, params.id, clock)),
  { readAhead: (clientId, params) => transactionEntity.key(clientId, params.id) },
);
