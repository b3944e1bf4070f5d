import { realClockOf, type Clock } from '../clock';
import type { Db } from '../db/db';
import { NotFoundError } from '../errors';
import type { Event } from './event';
import { findEvent, queryEvents } from './event-repository';

/** Use cases of the event routes (docs/api.md §10). Each takes the client id from the authenticated key. */

/** One event of this client; another client's id, or one past its 30 days, is as unknown as a made-up one. */
export async function getEvent(db: Db, clientId: string, eventId: string, clock: Clock): Promise<Event> {
  const event = await findEvent(db, clientId, eventId, realClockOf(clock).now());
  if (!event) throw new NotFoundError('Event not found');
  return event;
}

/**
 * Lists this client's events, newest first or (`order=asc`) oldest first for polling, with
 * filters and an opaque cursor bound to client and filters; at most `readUnits` read per request
 * (queryEvents says how).
 */
export const listEvents = queryEvents;
