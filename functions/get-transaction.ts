import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { getTransaction } from '../lib/payments/payments';
import { TransactionIdParams } from '../lib/payments/schemas';
import { routes } from '../lib/routes';

export const handler = endpoint(routes.getTransaction, { params: TransactionIdParams }, async ({ db, principal, params, clock }) =>
  ok(await getTransaction(db, principal.clientId, params.id, clock)),
);
