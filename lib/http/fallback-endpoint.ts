import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { EndpointContext } from './middleware-context';
import { jsonFace } from './respond';
import { responds } from './responder';

/**
 * The handler of the `$default` function (`id`), which no route's declaration describes: the JSON
 * face's responder around a handler that refuses every request it is given with `refusal` (404, or
 * 405 with `Allow`), before any credential. Its bundle holds no DynamoDB client.
 */
export function fallbackEndpoint(id: string, refusal: (event: APIGatewayProxyEventV2) => Error) {
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, EndpointContext>()
    .use(responds(id, jsonFace))
    .handler(async (event): Promise<APIGatewayProxyStructuredResultV2> => {
      throw refusal(event);
    });
}
