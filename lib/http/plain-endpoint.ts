import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiResult } from './envelope';
import { ValidationError } from '../errors';
import { errorResult, toHttpResponse } from './respond';
import { requestIdOf } from './responder';
import { unexpectedKeys } from './validation';

/** A response whose body is sent as it is (a page, a script), not as JSON; its headers say what it is. */
export interface RawResult {
  readonly statusCode: number;
  readonly rawBody: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface PlainEndpointOptions {
  /** Headers of every response of the endpoint, success or error (over the usual ones). */
  readonly headers?: Readonly<Record<string, string>>;
}

function responseOf(result: ApiResult | RawResult, requestId: string): APIGatewayProxyStructuredResultV2 {
  if (!('rawBody' in result)) return toHttpResponse(result, requestId);
  return { ...toHttpResponse({ statusCode: result.statusCode, body: null, headers: result.headers }, requestId), body: result.rawBody };
}

/**
 * A handler for the routes that need neither a key nor the table (`$default`, `/openapi.json`, the
 * dashboard): the same response headers and error envelope as `endpoint`, without its configuration,
 * so their bundles hold no DynamoDB client. `run` returns an envelope (sent as JSON) or a raw body.
 */
export function plainEndpoint(run: (event: APIGatewayProxyEventV2) => ApiResult | RawResult, options: PlainEndpointOptions = {}) {
  const withHeaders = (response: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 =>
    options.headers ? { ...response, headers: { ...response.headers, ...options.headers } } : response;
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>().handler(async (event, context) => {
    const requestId = requestIdOf(event, context);
    try {
      return withHeaders(responseOf(run(event), requestId));
    } catch (error) {
      return withHeaders(toHttpResponse(errorResult(error, requestId), requestId));
    }
  });
}

/** Like every route, a plain endpoint refuses the query parameters it does not know: it knows none. */
export function refuseQueryParameters(event: APIGatewayProxyEventV2): void {
  const errors = unexpectedKeys(event.queryStringParameters ?? {}, 'query');
  if (errors.length > 0) throw new ValidationError(errors);
}
