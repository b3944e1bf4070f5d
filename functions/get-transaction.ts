import { contracts } from '../lib/contracts';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';
import { getTransaction } from '../lib/payments/payments';

export const handler = endpoint(contracts.getTransaction, async ({ db, principal, params, clock }) =>
  ok(await getTransaction(db, principal.clientId, params.id, clock)),
);
