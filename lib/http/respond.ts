import { logger } from '../logger';
import type { ApiResult } from './envelope';
import { errorBody } from './envelope';
import { apiErrorOf } from './errors';
import { internalErrorResult, toHttpResponse } from './http-response';
import type { Responder } from './responder';

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
  return internalErrorResult(requestId);
}
