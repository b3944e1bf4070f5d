import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { setLogKeys } from '../logger';
import type { EndpointContext } from './middleware-context';

/**
 * How a route's face (lib/routes.ts `face`) answers: its use case's result, and any error, as an
 * HTTP response. The JSON face's is lib/http/respond.ts `jsonFace`; a page's, lib/http/page/page-face.ts.
 */
export interface Responder<Result> {
  answer(result: Result, requestId: string): APIGatewayProxyStructuredResultV2;
  /** Any error as the face answers it: one it knows with its status, anything else a 500 that names the request id and nothing more. */
  refuse(error: unknown, requestId: string): APIGatewayProxyStructuredResultV2;
}

/** The request id every response and log line carries: API Gateway's, or Lambda's when invoked directly. */
export function requestIdOf(event: APIGatewayProxyEventV2, context: Context): string {
  return event.requestContext?.requestId || context.awsRequestId;
}

/**
 * The outermost part of every chain, registered first so that its onError sees every error (middy's
 * order): names the request in the logs, and answers any error as the route's face does.
 */
export function responds(
  routeId: string,
  responder: Pick<Responder<unknown>, 'refuse'>,
): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, EndpointContext> {
  return {
    before: (request) => {
      request.context.requestId = requestIdOf(request.event, request.context);
      setLogKeys({ requestId: request.context.requestId, route: routeId });
    },
    onError: (request) => {
      request.response = responder.refuse(request.error, requestIdOf(request.event, request.context));
    },
  };
}
