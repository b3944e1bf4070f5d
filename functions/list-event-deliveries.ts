import { listEventDeliveriesContract } from '../lib/contracts/list-event-deliveries';
import { eventEntity } from '../lib/events/items';
import { endpoint } from '../lib/http/endpoint';
import { page } from '../lib/http/envelope';
import { listEventDeliveries } from '../lib/webhooks/deliveries';

export const handler = endpoint(
  listEventDeliveriesContract,
  async ({ db, principal, params, query, clock, limits }) => {
    const { data, pagination } = await listEventDeliveries(db, principal.clientId, params.id, query, clock, limits.readUnitsPerRequest);
    return page(data, pagination);
  },
  { readAhead: (clientId, params) => eventEntity.key(clientId, params.id) },
);
