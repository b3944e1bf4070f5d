import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { countAndReadClient } from '../auth/client-limits';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { clockOfReading } from '../auth/client-clock';
import type { EndpointContext } from './middleware-context';

/**
 * The chain's limits and clock step after a credential that names the client without counting its
 * request (a page's path token, lib/http/page/path-token.ts): the client's requests per second
 * (429), its clock (docs/api.md §12) and its name (what a page shows as the merchant's, read in the
 * same GetItem) on the context. A key or a session has both from admission,
 * in its own round trip (lib/http/admission.ts).
 */
export function clientLimits(db: Db, real: Clock, requestsPerSecond: number): middy.MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, EndpointContext> {
  return {
    before: async (request) => {
      const clientId = request.context.holder?.clientId;
      if (clientId === undefined) throw new Error('clientLimits must follow a credential step that names the client');
      const reading = await countAndReadClient(db, clientId, real.now(), requestsPerSecond, true);
      request.context.clock = clockOfReading(real, reading);
      request.context.clientName = reading.name ?? clientId;
    },
  };
}
