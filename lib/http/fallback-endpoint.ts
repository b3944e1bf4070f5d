import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { errorPageAround, type Route } from '../routes';
import type { EndpointContext } from './middleware-context';
import { pageFace } from './page/page-face';
import { noSuchPage } from './page/path-token';
import { jsonFace } from './respond';
import { type Responder, responds } from './responder';

type FallbackHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The handler of the `$default` function (`id`), which no route's declaration describes: it refuses
 * every request it is given with `refusal` (404, or 405 with `Allow`), before any credential, as the
 * JSON face answers; or, for a GET of a path under a page that answers its errors as pages (`/pay/`, a
 * missing or malformed token: lib/routes.ts `errorPageAround`), with that page's 404 page and
 * headers, saying what its path-token step says of a path without a token (`noSuchPage`). Its
 * bundle holds no DynamoDB client.
 */
export function fallbackEndpoint(id: string, refusal: (event: APIGatewayProxyEventV2) => Error): FallbackHandler {
  const refusing = (responder: Pick<Responder<unknown>, 'refuse'>, error: (event: APIGatewayProxyEventV2) => Error): FallbackHandler => {
    const chain = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, EndpointContext>()
      .use(responds(id, responder))
      .handler(async (event): Promise<APIGatewayProxyStructuredResultV2> => {
        throw error(event);
      });
    return (event, context) => chain(event, context as EndpointContext);
  };
  const json = refusing(jsonFace, refusal);
  const pages = new Map<Route, FallbackHandler>();
  return (event, context) => {
    // A GET under a page's path that reached this function names no page: any other method keeps its 405 or JSON 404.
    const page = event.requestContext.http.method === 'GET' ? errorPageAround(event.rawPath) : undefined;
    if (!page) return json(event, context);
    const handler = pages.get(page) ?? refusing(pageFace(page), noSuchPage);
    pages.set(page, handler);
    return handler(event, context);
  };
}
