import { EventIdParams } from '../events/event-queries';
import { contract } from '../http/contract';
import { listEnvelope } from '../http/envelope-schemas';
import { listEventDeliveriesRoute } from '../routes';
import { DeliveryAttempt, ListEventDeliveriesQuery } from '../objects/delivery-attempt';
import { deliveryAttemptExample, lastPage } from '../objects/examples';

export const listEventDeliveriesContract = contract({
  route: listEventDeliveriesRoute,
  tag: 'Events',
  description:
    'Every attempt to deliver the event to a webhook endpoint, newest first: those made (succeeded or failed, ' +
    'with the status and time of the answer, or why none came) and the one still owed (pending, with when it is ' +
    "due). No response bodies, no secrets. Another client's event id is 404, like an unknown one.",
  params: EventIdParams,
  query: ListEventDeliveriesQuery,
  response: {
    status: 200,
    description: "A page of the event's delivery attempts, newest first",
    schema: listEnvelope(DeliveryAttempt),
    example: { success: true, data: [deliveryAttemptExample], pagination: lastPage },
  },
  errors: ['NOT_FOUND'],
});
