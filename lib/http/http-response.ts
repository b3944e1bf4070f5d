import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiResult } from './envelope';
import { errorBody } from './envelope';

/**
 * How a result becomes an HTTP response, with nothing else loaded: the local server answers its own
 * failures with it before any handler, or the logger they configure, is loaded (infra/local/server.ts).
 */

/** The media type of every JSON answer, the envelope's and the gateway's own. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The headers every response of every face carries, in this order: its media type, its request id,
 * and what keeps it safe. Answers hold customer data and keys' effects, so no shared cache or
 * browser may keep them (unless a page's file says it may), and none may be sniffed as anything
 * but what it says it is.
 */
export function baseHeaders(contentType: string, requestId: string): Record<string, string> {
  return { 'Content-Type': contentType, 'X-Request-Id': requestId, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
}

/** Serializes a result as JSON, with the headers every response carries. */
export function toHttpResponse(result: ApiResult, requestId: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: result.statusCode,
    headers: { ...baseHeaders(JSON_CONTENT_TYPE, requestId), ...result.headers },
    body: JSON.stringify(result.body),
  };
}

/** The whole of what a client learns about an unexpected error. */
export const internalErrorMessage = (requestId: string) => `An internal error occurred; request id ${requestId}`;

/** The contract's answer to anything unexpected (docs/api.md §2): 500 INTERNAL_ERROR, naming the request. */
export const internalErrorResult = (requestId: string): ApiResult => ({ statusCode: 500, body: errorBody('INTERNAL_ERROR', internalErrorMessage(requestId)) });
