import { getEventContract } from '../lib/contracts/get-event';
import { getEvent } from '../lib/events/events';
import { endpoint } from '../lib/http/endpoint';
import { ok } from '../lib/http/envelope';

export const handler = endpoint(getEventContract, async ({ db, principal, params, clock }) => ok(await getEvent(db, principal.clientId, params.id, clock)));
