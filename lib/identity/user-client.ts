import type { Db } from '../db/db';
import { type UserClient, userClientEntity } from './items';

/**
 * What a session's admission reads to learn its client (lib/auth/session.ts). It lives apart from
 * the registration (members.ts), which writes clients and keys, so an API function's bundle does
 * not carry the key and event modules that registration needs.
 */

/** What admission knows of a person from their user→client mapping. */
export interface UserClientReading {
  readonly clientId: string;
  readonly email: string;
  /** Sessions that began before this time (ms since the epoch) are ended; undefined: none was ended. */
  readonly sessionsEndedAt?: number;
}

/** The client of a person (the user pool's `sub`), their e-mail as registered and when their sessions were last ended, or undefined when the person has none. */
export async function findUserClient(db: Db, userId: string): Promise<UserClientReading | undefined> {
  // Strongly consistent: the first request of a person who has just registered must see the mapping.
  const mapping = await userClientEntity.find(db, userClientEntity.key(userId));
  return mapping && userClientReadingOf(mapping);
}

/** What admission reads off a person's mapping. */
export function userClientReadingOf(mapping: UserClient): UserClientReading {
  const ended = mapping.sessions_ended_at === undefined ? undefined : Date.parse(mapping.sessions_ended_at);
  return { clientId: mapping.client_id, email: mapping.email, ...(ended !== undefined && { sessionsEndedAt: ended }) };
}
