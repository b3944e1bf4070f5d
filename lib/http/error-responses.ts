import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { setLogKeys } from '../logger';
import type { EndpointContext } from './middleware-context';
import { errorResult, requestIdOf, toHttpResponse } from './respond';

/**
 * The outermost middleware of every JSON route's chain (lib/http/endpoint.ts, public-endpoint.ts):
 * names the request in the logs, and turns every error into the envelope.
 */
export function errorResponses(routeId: string): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, EndpointContext> {
  return {
    before: (request) => {
      request.context.requestId = requestIdOf(request.event, request.context);
      setLogKeys({ requestId: request.context.requestId, route: routeId });
    },
    onError: (request) => {
      const requestId = requestIdOf(request.event, request.context);
      request.response = toHttpResponse(errorResult(request.error, requestId), requestId);
    },
  };
}
