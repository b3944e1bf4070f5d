import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { EndpointContext } from '../http/middleware-context';
import { RateLimitedError } from '../http/errors';
import { countRequest } from './request-counter';

/**
 * The chain's per-client budget, right after authorization: every request of an authenticated
 * client counts (any key, any route, an idempotent replay or a validation error too), a 401 or
 * 403 never does. Over `requestsPerSecond` the answer is 429 RATE_LIMITED with `Retry-After: 1`.
 */
export function rateLimit(db: Db, clock: Clock, requestsPerSecond: number): middy.MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, EndpointContext> {
  return {
    before: async (request) => {
      const principal = request.context.principal;
      if (!principal) throw new Error('rateLimit must follow authorize in the chain');
      if (!(await countRequest(db, principal.clientId, clock.now(), requestsPerSecond))) throw new RateLimitedError(requestsPerSecond);
    },
  };
}
