import type { ErrorCode, FieldError } from './errors';

/** What a use case hands back to the chain: a status and the envelope body. */
export interface ApiResult {
  readonly statusCode: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Pagination {
  readonly limit: number;
  readonly has_more: boolean;
  readonly next_cursor: string | null;
}

/** 200 with `{"success": true, "data": …}`. */
export const ok = (data: unknown): ApiResult => ({ statusCode: 200, body: { success: true, data } });

/** 201 with `{"success": true, "data": …}`. */
export const created = (data: unknown): ApiResult => ({ statusCode: 201, body: { success: true, data } });

/** 200 list envelope with pagination. */
export const page = (data: readonly unknown[], pagination: Pagination): ApiResult => ({
  statusCode: 200,
  body: { success: true, data, pagination },
});

/** The error envelope body (API.md §2). */
export function errorBody(code: ErrorCode, message: string, details?: readonly FieldError[]) {
  return { success: false, error: { code, message, ...(details ? { details } : {}) } } as const;
}
