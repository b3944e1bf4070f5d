import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { admit } from '../auth/admission';
import { noteKeyUse } from '../auth/key-use';
import type { ClientClock, Clock } from '../clock';
import type { Db } from '../db/db';
import type { TableKey } from '../db/requests';
import { logger } from '../logger';
import { clockOfReading } from '../auth/client-clock';
import type { BearerCredential } from '../routes';
import type { EndpointContext } from './middleware-context';
import { header } from './request';

/** The item of the named client that a route's use case reads first, by the request's path (lib/db/prefetch.ts); undefined for none. */
export type ReadAhead = (clientId: string, event: APIGatewayProxyEventV2) => TableKey | undefined;

/**
 * The clock of a route that reads none (lib/routes.ts `clientClock: false`): its use case has no
 * business with the client's time, so reading it fails loudly rather than pass real time off as the client's.
 */
const unreadClock = (routeId: string): ClientClock => {
  const refuse = (): never => {
    throw new Error(`${routeId} declares clientClock: false (lib/routes.ts), so admission read no client clock for it to use`);
  };
  return {
    now: refuse,
    get offsetMs() {
      return refuse();
    },
    get real() {
      return refuse();
    },
  };
};

/**
 * The chain's credential step for a server key or a session (lib/auth/admission.ts, `admit`): with
 * the credential, the client's requests per second and its clock, in one round trip. It puts the
 * principal, the client's clock and what it read ahead on the context, and starts the sampled write
 * of a key's last use (lib/auth/key-use.ts), which it awaits before the answer, error or not. A
 * route that reads no client clock (`clientClock: false`) has the credential read alone.
 */
export function admission(
  db: Db,
  route: { readonly id: string; readonly credential: BearerCredential; readonly clientClock?: false },
  real: Clock,
  requestsPerSecond: number,
  ahead?: ReadAhead,
): middy.MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, EndpointContext> {
  const { credential: admits, clientClock } = route;
  const noClock = clientClock === false ? unreadClock(route.id) : undefined;
  const after = async (request: { context: EndpointContext }) => {
    await request.context.keyUseNoted;
  };
  return {
    before: async (request) => {
      const now = real.now();
      const { principal, client, prefetched } = await admit(db, header(request.event, 'authorization'), {
        admits,
        now,
        limit: requestsPerSecond,
        ahead: ahead && ((clientId) => ahead(clientId, request.event)),
        clientClock,
      });
      request.context.principal = principal;
      request.context.prefetched = prefetched;
      request.context.clock = client ? clockOfReading(real, client) : noClock;
      // Sampled (lib/auth/key-use.ts): at most one write per key and container every LAST_USE_SAMPLE_MS, beside the request's own work.
      if (principal.kind === 'key') request.context.keyUseNoted = noteKeyUse(db, principal, now);
      logger.appendKeys({ clientId: principal.clientId });
    },
    after,
    onError: after,
  };
}
