import { getTransactionContract } from '../lib/contracts/get-transaction';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { getTransaction } from '../lib/payments/payments';

export const handler = endpoint(getTransactionContract, async ({ db, principal, params, clock }) =>
  ok(await getTransaction(db, principal.clientId, params.id, clock)),
);
