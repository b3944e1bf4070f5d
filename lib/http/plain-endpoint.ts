import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiResult } from './envelope';
import { errorResult, requestIdOf, toHttpResponse } from './respond';

/**
 * A handler for the routes that need neither a key nor the table (`$default`, `/openapi.json`):
 * the same response headers and error envelope as `endpoint`, without its configuration, so
 * their bundles hold no DynamoDB client.
 */
export function plainEndpoint(run: (event: APIGatewayProxyEventV2) => ApiResult) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>().handler(async (event, context) => {
    const requestId = requestIdOf(event, context);
    try {
      return toHttpResponse(run(event), requestId);
    } catch (error) {
      return toHttpResponse(errorResult(error, requestId), requestId);
    }
  });
}
