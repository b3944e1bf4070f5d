import { contract } from '../http/contract';
import { listEnvelope } from '../http/envelope-schemas';
import { Event } from '../objects/event-object';
import { ListEventsQuery } from '../events/event-queries';
import { listEventsRoute } from '../routes';
import { eventExample, lastPage } from '../objects/examples';

export const listEventsContract = contract({
  route: listEventsRoute,
  tag: 'Events',
  description:
    'The record of every change of your data, newest first; strongly consistent (an event is listed as ' +
    'soon as the answer to its change arrives). With `order=asc`, oldest first, for polling: a page lists ' +
    'only events recorded more than 2 s ago, and `next_cursor` is never null — keep it and ask again ' +
    'later to get only the events recorded since, each exactly once. Following `next_cursor` with the ' +
    'same filters visits every match exactly once; a cursor of other filters, another client or a forged ' +
    'one is a 400. A page may hold fewer than `limit` events (even none) with `has_more: true` when ' +
    'filters discard many: one request reads a bounded amount; follow `next_cursor`.',
  query: ListEventsQuery,
  response: {
    status: 200,
    description: 'A page of events, newest first (or oldest first with `order=asc`)',
    schema: listEnvelope(Event),
    example: { success: true, data: [eventExample], pagination: lastPage },
  },
});
