import { listEventDeliveriesContract } from '../lib/contracts/list-event-deliveries';
import { eventEntity } from '../lib/events/items';
import { readEndpoint } from '../lib/http/read-endpoint';
import { page } from '../lib/http/envelope';
import { listEventDeliveries } from '../lib/webhooks/deliveries';

export const handler = readEndpoint(
  listEventDeliveriesContract,
  async ({ context, params, query, limits }) => {
    const { data, pagination } = await listEventDeliveries(context, params.id, query, limits.readUnitsPerRequest);
    return page(data, pagination);
  },
  { readAhead: (clientId, params) => eventEntity.key(clientId, params.id) },
);
