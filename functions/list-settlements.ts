import { listSettlementsContract } from '../lib/contracts/list-settlements';
import { endpoint } from '../lib/http/endpoint';
import { page } from '../lib/http/envelope';
import { listSettlements } from '../lib/payments/settlements';

export const handler = endpoint(listSettlementsContract, async ({ db, principal, query, limits }) => {
  const { data, pagination } = await listSettlements(db, principal.clientId, query, limits.readUnitsPerRequest);
  return page(data, pagination);
});
