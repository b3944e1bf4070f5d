import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { clientClock, type Clock } from '../clock';
import type { Db } from '../db/db';
import type { EndpointContext } from '../http/middleware-context';
import { ForbiddenError, RateLimitedError, UnauthorizedError } from '../http/errors';
import { header } from '../http/request';
import { logger } from '../logger';
import { readClockOffset } from '../sandbox/client-clock';
import type { Scope } from '../scopes';
import { clientIdOfKey, hashApiKey, parseBearer } from './api-key';
import { findPrincipal } from './key-repository';
import type { Principal } from './principal';
import { countRequest, secondOf, uncountRequest } from './request-counter';

/**
 * The chain's admission (docs/api.md §2's order: 401, then 403, then 429): the Bearer key, the
 * route's scope, the client's requests per second and the client's clock, with no cache — a
 * revoked key is refused on its very next request.
 *
 * A key made since v1.2 names its client (`sk_sbx_<client id>_…`), so its three DynamoDB calls start
 * together: the key-hash record (strongly consistent), the client's counter of this second and its
 * clock offset — one round trip. A request then refused with 401 or 403 takes its count back, so
 * neither ever spends the client's budget. An older key is looked up first, as before, and its
 * client's counter and clock are read together after it: two round trips.
 */
export function admission(
  db: Db,
  scope: Scope,
  real: Clock,
  requestsPerSecond: number,
): middy.MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, EndpointContext> {
  return {
    before: async (request) => {
      const { principal, offset } = await admit(db, request.event, scope, real.now(), requestsPerSecond);
      request.context.principal = principal;
      request.context.clock = clientClock(real, offset);
      logger.appendKeys({ clientId: principal.clientId });
    },
  };
}

async function admit(db: Db, event: APIGatewayProxyEventV2, scope: Scope, now: Date, limit: number): Promise<{ principal: Principal; offset: number }> {
  const key = parseBearer(header(event, 'authorization'));
  if (key === undefined) throw new UnauthorizedError();
  const named = clientIdOfKey(key);
  if (named === undefined) {
    const principal = await findPrincipal(db, hashApiKey(key));
    if (!principal) throw new UnauthorizedError();
    if (!principal.scopes.includes(scope)) throw new ForbiddenError();
    const [counted, offset] = await Promise.all([countRequest(db, principal.clientId, now, limit), readClockOffset(db, principal.clientId)]);
    if (!counted) throw new RateLimitedError(limit);
    return { principal, offset };
  }
  const [found, counted, offset] = await Promise.allSettled([
    findPrincipal(db, hashApiKey(key)),
    countRequest(db, named, now, limit),
    readClockOffset(db, named),
  ]);
  const refused = (error: Error) => async (): Promise<never> => {
    if (counted.status === 'fulfilled' && counted.value) await uncountRequest(db, named, secondOf(now));
    throw error;
  };
  if (found.status === 'rejected') return refused(found.reason as Error)();
  const principal = found.value;
  // The whole key is what was hashed, so a found key names its own client; checked all the same.
  if (!principal || principal.clientId !== named) return refused(new UnauthorizedError())();
  if (!principal.scopes.includes(scope)) return refused(new ForbiddenError())();
  if (counted.status === 'rejected') throw counted.reason;
  if (offset.status === 'rejected') return refused(offset.reason as Error)();
  if (!counted.value) throw new RateLimitedError(limit);
  return { principal, offset: offset.value };
}
