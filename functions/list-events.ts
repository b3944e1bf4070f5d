import { listEventsContract } from '../lib/contracts/list-events';
import { listEvents } from '../lib/events/events';
import { endpoint } from '../lib/http/endpoint';
import { page } from '../lib/http/envelope';

export const handler = endpoint(listEventsContract, async ({ db, principal, query, clock, limits }) => {
  const { data, pagination } = await listEvents(db, principal.clientId, query, clock, limits.readUnitsPerRequest);
  return page(data, pagination);
});
