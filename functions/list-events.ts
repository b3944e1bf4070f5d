import { listEventsContract } from '../lib/contracts/list-events';
import { listEvents } from '../lib/events/events';
import { readEndpoint } from '../lib/http/read-endpoint';
import { page } from '../lib/http/envelope';

export const handler = readEndpoint(listEventsContract, async ({ context, query, limits }) => {
  const { data, pagination } = await listEvents(context, query, limits.readUnitsPerRequest);
  return page(data, pagination);
});
