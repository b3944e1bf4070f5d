import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { Prefetched } from '../db/prefetch';
import type { TableKey } from '../db/requests';
import type { EndpointContext } from '../http/middleware-context';
import { ForbiddenError, RateLimitedError, UnauthorizedError } from '../http/errors';
import { header } from '../http/request';
import { logger } from '../logger';
import { clockOfReading, readClient, type ClientReading } from '../sandbox/client-clock';
import { ACCOUNT, type Admits } from '../scopes';
import { clientIdOfKey, hashApiKey, parseCredential } from './api-key';
import { findPrincipal, findPrincipalAndClock, type KeyRecord } from './key-records';
import { noteKeyUse } from './key-use';
import type { KeyPrincipal, Principal } from './principal';
import { requestCounter, secondOf } from './request-counter';
import { admitSession } from './session';

/**
 * The chain's admission (docs/api.md §2's order: 401, then 403, then 429): the Bearer credential —
 * a server key (§3) or a person's session token (§14) —, the route's scope, the client's requests
 * per second and the client's clock, with no cache of anything that can change: a revoked or
 * expired key is refused on its very next request.
 *
 * A key made since v1.2 names its client (`sk_sbx_<client id>_…`), so one strongly consistent
 * BatchGetItem reads its key-hash record and the client's item (its clock offset) together, beside,
 * when this container holds none of the client's requests of this second, the reservation of more
 * (lib/auth/request-counter.ts) — one round trip. A route whose use case first reads one item of
 * the client's, named by its path, has admission read it in the same BatchGetItem (`ahead`,
 * lib/db/prefetch.ts): that is used only once the key is found to be the named client's. A request then refused with 401 or 403 gives its
 * count back, so neither ever spends the client's budget. An older key is looked up first, as
 * before, and its client's counter and clock after it: two round trips. A session token is
 * verified in the process (aws-jwt-verify, the pool's keys cached) and admitted by lib/auth/session.ts:
 * once its container knows the person's client, one round trip (on an account route, the person's
 * mapping afresh with the client's item, and the identity service's GetUser beside them).
 */
/** The item of the named client that a route's use case reads first, by the request's path (lib/db/prefetch.ts); undefined for none. */
export type ReadAhead = (clientId: string, event: APIGatewayProxyEventV2) => TableKey | undefined;

export function admission(
  db: Db,
  admits: Admits,
  real: Clock,
  requestsPerSecond: number,
  ahead?: ReadAhead,
): middy.MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, EndpointContext> {
  const after = async (request: { context: EndpointContext }) => {
    await request.context.keyUseNoted;
  };
  return {
    before: async (request) => {
      const now = real.now();
      const { principal, client, prefetched } = await admit(db, request.event, admits, now, requestsPerSecond, ahead);
      request.context.principal = principal;
      request.context.prefetched = prefetched;
      request.context.clock = clockOfReading(real, client);
      // Sampled (lib/auth/key-use.ts): at most one write per key and container every LAST_USE_SAMPLE_MS, beside the request's own work.
      if (principal.kind === 'key') request.context.keyUseNoted = noteKeyUse(db, principal, now);
      logger.appendKeys({ clientId: principal.clientId });
    },
    after,
    onError: after,
  };
}

interface Admitted {
  readonly principal: Principal;
  readonly client: ClientReading;
  readonly prefetched?: Prefetched;
}

async function admit(db: Db, event: APIGatewayProxyEventV2, admits: Admits, now: Date, limit: number, ahead?: ReadAhead): Promise<Admitted> {
  const credential = parseCredential(header(event, 'authorization'));
  if (credential === undefined) throw new UnauthorizedError();
  if (credential.kind === 'session') {
    // The account routes can mint keys: they ask the identity service whether the session is still live.
    const admitted = await admitSession(db, credential.token, { live: admits === ACCOUNT, now, limit });
    if (admitted.kind === 'refused') throw new UnauthorizedError();
    if (admitted.kind === 'limited') throw new RateLimitedError(limit);
    return { principal: admitted.principal, client: admitted.client };
  }
  const { key } = credential;
  const named = clientIdOfKey(key);
  if (named === undefined) {
    const principal = keyPrincipal(await findPrincipal(db, hashApiKey(key)), now);
    if (!principal) throw new UnauthorizedError();
    if (!allows(principal, admits)) throw new ForbiddenError();
    return { principal, client: await countAndReadClient(db, principal.clientId, now, limit) };
  }
  const [found, counted] = await Promise.allSettled([
    findPrincipalAndClock(db, hashApiKey(key), named, ahead?.(named, event)),
    requestCounter.count(db, named, now, limit),
  ]);
  const refused = (error: Error): never => {
    if (counted.status === 'fulfilled' && counted.value) requestCounter.uncount(db, named, secondOf(now));
    throw error;
  };
  if (found.status === 'rejected') return refused(found.reason as Error);
  const principal = keyPrincipal(found.value.record, now);
  // The whole key is what was hashed, so a found key names its own client; checked all the same.
  if (!principal || principal.clientId !== named) return refused(new UnauthorizedError());
  if (!allows(principal, admits)) return refused(new ForbiddenError());
  if (counted.status === 'rejected') throw counted.reason;
  if (!counted.value) throw new RateLimitedError(limit);
  return { principal, client: found.value.client, prefetched: found.value.prefetched };
}

/** The principal of a key record that still admits at `now` (real time): undefined for none, or one past its `expires_at`. */
function keyPrincipal(record: KeyRecord | undefined, now: Date): KeyPrincipal | undefined {
  if (!record || (record.expiresAt !== undefined && Date.parse(record.expiresAt) <= now.getTime())) return undefined;
  return { kind: 'key', clientId: record.clientId, keyId: record.keyId, scopes: record.scopes };
}

/** Whether a key may take a route: it holds the route's scope; the account routes are for people only. */
function allows(principal: KeyPrincipal, admits: Admits): boolean {
  return admits !== ACCOUNT && principal.scopes.includes(admits);
}

/** The client's counter of this second and its reading (clock offset, endpoint count), together: 429 when the second's budget is spent. */
async function countAndReadClient(db: Db, clientId: string, now: Date, limit: number): Promise<ClientReading> {
  const [counted, client] = await Promise.all([requestCounter.count(db, clientId, now, limit), readClient(db, clientId)]);
  if (!counted) throw new RateLimitedError(limit);
  return client;
}
