import type { Db } from '../db/db';
import type { Prefetched } from '../db/prefetch';
import type { TableKey } from '../db/requests';
import type { ClientReading } from './client-clock';
import type { BearerCredential } from '../routes';
import { clientIdOfKey, hashApiKey, parseCredential } from './api-key';
import { countAndReadClient } from './client-limits';
import { CredentialRefusedError, NotPermittedError, RequestLimitReachedError } from './errors';
import { findPrincipal, findPrincipalAndClock, type KeyRecord } from './key-records';
import type { KeyPrincipal, Principal } from './principal';
import { requestCounter, secondOf } from './request-counter';
import { admitSession } from './session';

/** What admission learns of a request: who it acts for, their client's reading (its clock; none when not asked for), and the item it read ahead. */
export interface Admitted {
  readonly principal: Principal;
  readonly client?: ClientReading;
  readonly prefetched?: Prefetched;
}

/** What admission is asked, besides the credential: what the route admits, the real time, the client's limit, the item to read ahead. */
export interface AdmissionRequest {
  /** What the route admits: a key with its scope (or a session), or a session only. */
  readonly admits: BearerCredential;
  /** Real time (keys live in real time, decision 0176). */
  readonly now: Date;
  /** The client's requests per second (lib/limits.ts). */
  readonly limit: number;
  /** The item of the named client that the route's use case reads first (lib/db/prefetch.ts); undefined for none. */
  readonly ahead?: (clientId: string) => TableKey | undefined;
  /** False: the route reads no client clock (lib/routes.ts `clientClock`), so the client's item is not read. */
  readonly clientClock?: false;
}

/**
 * Admission (docs/api.md §2's order: 401, then 403, then 429): the `Authorization` header's Bearer
 * credential — a server key (§3) or a person's session token (§14) —, what the route admits, the
 * client's requests per second and the client's clock, with no cache of anything that can change:
 * a revoked or expired key is refused on its very next request. Refuses with lib/auth/errors.ts.
 *
 * A key made since v1.2 names its client (`sk_sbx_<client id>_…`), so one strongly consistent
 * BatchGetItem reads its key-hash record and the client's item (its clock offset) together, beside,
 * when this container holds none of the client's requests of this second, the reservation of more
 * (lib/auth/request-counter.ts) — one round trip. A route whose use case first reads one item of
 * the client's, named by its path, has admission read it in the same BatchGetItem (`ahead`,
 * lib/db/prefetch.ts): that is used only once the key is found to be the named client's. A request
 * then refused with 401 or 403 gives its count back, so neither ever spends the client's budget. An
 * older key is looked up first, as before, and its client's counter and clock after it: two round
 * trips. A session token is verified in the process (aws-jwt-verify, the pool's keys cached) and
 * admitted by lib/auth/session.ts: once its container knows the person's client, one round trip (on
 * an account route, the person's mapping afresh with the client's item, and the identity service's
 * GetUser beside them). A route that reads no client clock (`clientClock: false`) has the
 * credential read alone: a key's hash record with one GetItem, or a session's mapping.
 */
export async function admit(db: Db, authorization: string | undefined, request: AdmissionRequest): Promise<Admitted> {
  const { admits, now, limit, ahead, clientClock } = request;
  const credential = parseCredential(authorization);
  if (credential === undefined) throw new CredentialRefusedError();
  if (credential.kind === 'session') {
    // The account routes can mint keys: they ask the identity service whether the session is still live.
    const admitted = await admitSession(db, credential.token, { live: admits.kind === 'session', now, limit, clientClock });
    if (admitted.kind === 'refused') throw new CredentialRefusedError();
    if (admitted.kind === 'limited') throw new RequestLimitReachedError(limit);
    return { principal: admitted.principal, client: admitted.client };
  }
  const { key } = credential;
  const named = clientIdOfKey(key);
  if (named === undefined) {
    const principal = keyPrincipal(await findPrincipal(db, hashApiKey(key)), now);
    if (!principal) throw new CredentialRefusedError();
    if (!allows(principal, admits)) throw new NotPermittedError();
    if (clientClock !== false) return { principal, client: await countAndReadClient(db, principal.clientId, now, limit) };
    if (!(await requestCounter.count(db, principal.clientId, now, limit))) throw new RequestLimitReachedError(limit);
    return { principal };
  }
  const keyHash = hashApiKey(key);
  // The key's hash record alone (one GetItem) where the route reads no client clock; else with the client's item (one BatchGetItem).
  const lookup: Promise<{ record?: KeyRecord; client?: ClientReading; prefetched?: Prefetched }> =
    clientClock === false ? findPrincipal(db, keyHash).then((record) => ({ record })) : findPrincipalAndClock(db, keyHash, named, ahead?.(named));
  const [found, counted] = await Promise.allSettled([lookup, requestCounter.count(db, named, now, limit)]);
  const refused = (error: Error): never => {
    if (counted.status === 'fulfilled' && counted.value) requestCounter.uncount(db, named, secondOf(now));
    throw error;
  };
  if (found.status === 'rejected') return refused(found.reason as Error);
  const principal = keyPrincipal(found.value.record, now);
  // The whole key is what was hashed, so a found key names its own client; checked all the same.
  if (!principal || principal.clientId !== named) return refused(new CredentialRefusedError());
  if (!allows(principal, admits)) return refused(new NotPermittedError());
  if (counted.status === 'rejected') throw counted.reason;
  if (!counted.value) throw new RequestLimitReachedError(limit);
  return { principal, client: found.value.client, prefetched: found.value.prefetched };
}

/** The principal of a key record that still admits at `now` (real time): undefined for none, or one past its `expires_at`. */
function keyPrincipal(record: KeyRecord | undefined, now: Date): KeyPrincipal | undefined {
  if (!record || (record.expiresAt !== undefined && Date.parse(record.expiresAt) <= now.getTime())) return undefined;
  return { kind: 'key', clientId: record.clientId, keyId: record.keyId, scopes: record.scopes };
}

/** Whether a key may take a route: it holds the route's scope; the account routes are for people only. */
function allows(principal: KeyPrincipal, admits: BearerCredential): boolean {
  return admits.kind === 'key' && principal.scopes.includes(admits.scope);
}
