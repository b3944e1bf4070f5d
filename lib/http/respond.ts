import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { logger } from '../logger';
import type { ApiResult } from './envelope';
import { errorBody } from './envelope';
import { apiErrorOf } from './errors';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Headers every response carries besides its request id: answers hold customer data and keys'
 * effects, so no shared cache or browser may keep them, and none may be sniffed as anything but JSON.
 */
const SAFETY_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/** Serializes a result with the headers every response carries. */
export function toHttpResponse(result: ApiResult, requestId: string): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: result.statusCode,
    headers: { 'Content-Type': JSON_CONTENT_TYPE, 'X-Request-Id': requestId, ...SAFETY_HEADERS, ...result.headers },
    body: JSON.stringify(result.body),
  };
}

/** Maps any error to the envelope: contract and domain errors by apiErrorOf, anything else INTERNAL_ERROR (detail to the log only). */
export function errorResult(error: unknown, requestId: string): ApiResult {
  const answered = apiErrorOf(error);
  if (answered) {
    return { statusCode: answered.status, body: errorBody(answered.code, answered.message, answered.details), headers: answered.headers };
  }
  logger.error('Unhandled error', { requestId, error: error as Error });
  return { statusCode: 500, body: errorBody('INTERNAL_ERROR', internalErrorMessage(requestId)) };
}

/** The whole of what a client learns about an unexpected error. */
export const internalErrorMessage = (requestId: string) => `An internal error occurred; request id ${requestId}`;

/** The request id every response and log line carries: API Gateway's, or Lambda's when invoked directly. */
export function requestIdOf(event: APIGatewayProxyEventV2, context: Context): string {
  return event.requestContext?.requestId || context.awsRequestId;
}
