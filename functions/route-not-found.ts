import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { MethodNotAllowedError, NotFoundError } from '../lib/http/errors';
import { errorResult, toHttpResponse } from '../lib/http/respond';
import { matchRoute } from '../lib/routes';

/** The `$default` route: 405 with `Allow` for a known path, else 404 — before any authentication. */
export const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>().handler(
  async (event, context) => {
    const requestId = event.requestContext?.requestId || context.awsRequestId;
    const method = event.requestContext.http.method;
    const { allowed } = matchRoute(method, event.rawPath);
    const error =
      allowed.length > 0
        ? new MethodNotAllowedError(method, allowed)
        : new NotFoundError(`No route for ${method} ${event.rawPath}`);
    return toHttpResponse(errorResult(error, requestId), requestId);
  },
);
