import { listEventsContract } from '../lib/contracts/list-events';
import { listEvents } from '../lib/events/events';
import { readEndpoint } from '../lib/http/read-endpoint';
import { page } from '../lib/http/envelope';

export const handler = readEndpoint(listEventsContract, async ({ db, principal, query, clock, limits }) => {
  const { data, pagination } = await listEvents(db, principal.clientId, query, clock, limits.readUnitsPerRequest);
  return page(data, pagination);
});
