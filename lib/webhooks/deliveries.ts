import type { ReadContext, UseCaseContext } from '../use-case';
import { offsetOf, realClockOf } from '../clock';
import type { Db } from '../db/db';
import { keys } from '../db/keys';
import { listNewestFirst } from '../db/paging';
import { transactWrite } from '../db/transact';
import { findStoredEvent, isKept } from '../events/event-repository';
import type { Pagination } from '../db/pagination';
import { NotFoundError } from '../errors';
import { attemptObjectOf, type DeliveryAttempt, type ListEventDeliveriesInput, type ResendEventInput } from '../objects/delivery-attempt';
import { attemptPut, endpointItemsOf, pendingAttempt, subscribes } from './delivery-repository';
import { findWebhookEndpoint } from './endpoint-repository';
import type { StoredWebhookEndpoint } from './items';
import type { StoredEvent } from '../events/items';
import { RESEND_ORIGIN } from '../events/stream-filter';

/**
 * The delivery routes (docs/api.md §11): an event's attempts, and a resend. Each takes the client
 * from the authenticated key; another client's event or endpoint is as unknown as a made-up one.
 */

const eventNotFound = () => new NotFoundError('Event not found');

/** The event item of this client, or a 404 (also once it is past its 30 days). */
async function eventItemOf(db: Db, clientId: string, eventId: string, now: Date): Promise<StoredEvent> {
  const stored = await findStoredEvent(db, clientId, eventId);
  if (!stored || !isKept(eventId, now)) throw eventNotFound();
  return stored;
}

/** Every attempt to deliver one of the client's events, newest first, a page at a time. */
export async function listEventDeliveries(
  { db, clientId, clock }: ReadContext,
  eventId: string,
  query: ListEventDeliveriesInput,
  readUnits: number,
): Promise<{ data: DeliveryAttempt[]; pagination: Pagination }> {
  await eventItemOf(db, clientId, eventId, realClockOf(clock).now());
  const { items, pagination } = await listNewestFirst(db, {
    clientId,
    kind: 'delivery',
    sortKeyPrefix: keys.deliveryAttemptSortKeyPrefix(eventId),
    limit: query.limit,
    cursor: query.cursor,
    filters: { event_id: eventId },
    readUnits,
  });
  return { data: items.map(attemptObjectOf), pagination };
}

/**
 * Starts a fresh delivery of the event now: to the endpoint named, or to every endpoint enabled
 * for its type. The new attempts (number 1, pending, due now) are written in one write, with the
 * request's idempotency record when it has a key; the stream brings them to the dispatcher at
 * once. Answers them as they are then; none when no endpoint is subscribed.
 */
export async function resendEvent(context: UseCaseContext, eventId: string, input: ResendEventInput): Promise<DeliveryAttempt[]> {
  const { db, clientId, clock, idempotency: claim } = context;
  // Due now in real time (the event's retention too), shown on the client's clock.
  const now = realClockOf(clock).now();
  const event = await eventItemOf(db, clientId, eventId, now);
  let endpoints: StoredWebhookEndpoint[];
  if (input.endpoint_id !== undefined) {
    const endpoint = await findWebhookEndpoint(db, clientId, input.endpoint_id);
    if (!endpoint) throw new NotFoundError('Webhook endpoint not found');
    endpoints = [endpoint];
  } else {
    endpoints = (await endpointItemsOf(db, clientId)).filter((endpoint) => subscribes(endpoint, event.event.type));
  }
  const attempts = endpoints.map(({ endpoint }) => pendingAttempt(eventId, endpoint.id, 1, now, RESEND_ORIGIN, offsetOf(clock)));
  const answer = attempts.map((attempt) => attemptObjectOf({ ...attempt }));
  const completion = claim?.complete(answer);
  if (attempts.length > 0 || completion) {
    await transactWrite(
      db,
      attempts.map((attempt) => attemptPut(clientId, attempt, event.ttl)),
      completion,
    );
  }
  return answer;
}
