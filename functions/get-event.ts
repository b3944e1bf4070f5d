import { getEventContract } from '../lib/contracts/get-event';
import { getEvent } from '../lib/events/events';
import { eventEntity } from '../lib/events/items';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';

export const handler = endpoint(getEventContract, async ({ db, principal, params, clock }) => ok(await getEvent(db, principal.clientId, params.id, clock)), {
  readAhead: (clientId, params) => eventEntity.key(clientId, params.id),
});
