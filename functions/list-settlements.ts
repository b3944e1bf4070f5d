import { endpoint } from '../lib/http/endpoint';
import { page } from '../lib/http/envelope';
import { ListSettlementsQuery } from '../lib/payments/schemas';
import { listSettlements } from '../lib/payments/settlements';
import { routes } from '../lib/routes';

export const handler = endpoint(routes.listSettlements, { query: ListSettlementsQuery }, async ({ db, principal, query }) => {
  const { data, pagination } = await listSettlements(db, principal.clientId, query);
  return page(data, pagination);
});
