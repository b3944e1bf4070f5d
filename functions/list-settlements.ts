import { contracts } from '../lib/contracts';
import { endpoint } from '../lib/http/endpoint';
import { page } from '../lib/http/envelope';
import { listSettlements } from '../lib/payments/settlements';

export const handler = endpoint(contracts.listSettlements, async ({ db, principal, query }) => {
  const { data, pagination } = await listSettlements(db, principal.clientId, query);
  return page(data, pagination);
});
