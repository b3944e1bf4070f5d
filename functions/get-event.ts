import { getEventContract } from '../lib/contracts/get-event';
import { getEvent } from '../lib/events/events';
import { eventEntity } from '../lib/events/items';
import { readEndpoint } from '../lib/http/read-endpoint';
import { ok } from '../lib/http/envelope';

export const handler = readEndpoint(getEventContract, async ({ context, params }) => ok(await getEvent(context, params.id)), {
  readAhead: (clientId, params) => eventEntity.key(clientId, params.id),
});
