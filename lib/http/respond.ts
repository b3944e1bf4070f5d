import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { logger } from '../logger';
import type { ApiResult } from './envelope';
import { errorBody } from './envelope';
import { apiErrorOf } from './errors';
import type { Responder } from './responder';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

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

/** The JSON face (lib/routes.ts): a result as the envelope, and any error as its error envelope (docs/api.md §1, §2). */
export const jsonFace: Responder<ApiResult> = {
  answer: toHttpResponse,
  refuse: (error, requestId) => toHttpResponse(errorResult(error, requestId), requestId),
};

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
