import { contract } from '../http/contract';
import { successEnvelope } from '../http/envelope-schemas';
import { Event } from '../objects/event-object';
import { EventIdParams } from '../events/event-queries';
import { getEventRoute } from '../routes';
import { eventExample } from '../objects/examples';

export const getEventContract = contract({
  route: getEventRoute,
  tag: 'Events',
  description: "Another client's id is 404, like an unknown one; so is an event past its 30 days.",
  params: EventIdParams,
  response: {
    status: 200,
    description: 'The event',
    schema: successEnvelope(Event),
    example: { success: true, data: eventExample },
  },
  errors: ['NOT_FOUND'],
});
