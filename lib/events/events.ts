import { realClockOf, type Clock } from '../clock';
import type { Db } from '../db/db';
import type { Pagination } from '../db/pagination';
import { NotFoundError } from '../errors';
import type { ListEventsInput } from './event-queries';
import type { Event } from './event';
import { findEvent, queryEvents } from './event-repository';

/** Use cases of the event routes (docs/api.md §10). Each takes the client id from the authenticated key. */

/**
 * What they read with: lib/use-case.ts's ReadContext, spelled out, since lib/use-case.ts stands
 * on this folder (decision 0280).
 */
interface ReadContext {
  readonly db: Db;
  readonly clientId: string;
  readonly clock: Clock;
}

/** One event of this client; another client's id, or one past its 30 days, is as unknown as a made-up one. */
export async function getEvent({ db, clientId, clock }: ReadContext, eventId: string): Promise<Event> {
  const event = await findEvent(db, clientId, eventId, realClockOf(clock).now());
  if (!event) throw new NotFoundError('Event not found');
  return event;
}

/**
 * Lists this client's events, newest first or (`order=asc`) oldest first for polling, with
 * filters and an opaque cursor bound to client and filters; at most `readUnits` read per request
 * (queryEvents says how).
 */
export function listEvents(
  { db, clientId, clock }: ReadContext,
  query: ListEventsInput,
  readUnits: number,
): Promise<{ data: Event[]; pagination: Pagination }> {
  return queryEvents(db, clientId, query, clock, readUnits);
}
