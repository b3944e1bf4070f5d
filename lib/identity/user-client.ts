import type { Db } from '../db/db';
import { userClientEntity } from './items';

/**
 * What a session's admission reads to learn its client (lib/auth/session.ts). It lives apart from
 * the registration (members.ts), which writes clients and keys, so an API function's bundle does
 * not carry the key and event modules that registration needs.
 */

/** The client of a person (the user pool's `sub`) and their e-mail as registered, or undefined when the person has none. */
export async function findUserClient(db: Db, userId: string): Promise<{ clientId: string; email: string } | undefined> {
  // Strongly consistent: the first request of a person who has just confirmed must see the mapping.
  const mapping = await userClientEntity.find(db, userClientEntity.key(userId));
  return mapping ? { clientId: mapping.client_id, email: mapping.email } : undefined;
}
