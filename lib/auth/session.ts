import type { Db } from '../db/db';
import type { SessionPrincipal } from './principal';

/**
 * The principal of a session token (docs/api.md §14): the token verified against the stage's
 * user pool, and the person's client. Undefined for anything that is not a valid, current access
 * token of this stage's pool. Session tokens are not admitted yet: every one is refused (401).
 */
export async function sessionPrincipal(_db: Db, _token: string): Promise<SessionPrincipal | undefined> {
  return undefined;
}
