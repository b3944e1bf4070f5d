import type { Db } from '../db/db';
import { readClient, type ClientReading } from './client-clock';
import { RequestLimitReachedError } from './errors';
import { requestCounter } from './request-counter';

/**
 * The limits and clock of a request whose client is known: the client's counter of this second
 * (lib/auth/request-counter.ts) and its reading (clock offset, endpoint count, and its name when
 * `withName`), read together.
 * Throws RequestLimitReachedError when the second's budget is spent. Admission of a key that names
 * its client reads these in its own round trip instead (decisions 0192, 0193).
 */
export async function countAndReadClient(db: Db, clientId: string, now: Date, limit: number, withName = false): Promise<ClientReading> {
  const [counted, client] = await Promise.all([requestCounter.count(db, clientId, now, limit), readClient(db, clientId, withName)]);
  if (!counted) throw new RequestLimitReachedError(limit);
  return client;
}
