import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Db } from '../db/db';
import type { EndpointContext } from '../http/middleware-context';
import { logger } from '../logger';
import type { Scope } from '../scopes';
import { authenticate } from './authenticate';

/** The chain's authentication step: 401 for a bad key, 403 for a missing scope, else the principal on the context. */
export function authorize(db: Db, scope: Scope): middy.MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, EndpointContext> {
  return {
    before: async (request) => {
      const principal = await authenticate(db, request.event, scope);
      request.context.principal = principal;
      logger.appendKeys({ clientId: principal.clientId });
    },
  };
}
