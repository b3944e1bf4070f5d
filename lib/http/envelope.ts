import type { Pagination } from '../db/pagination';
import type { FieldError } from './envelope-schemas';
import type { ErrorCode } from './errors';

export type { FieldError };

/** What a use case hands back to the chain: a status and the envelope body. */
export interface ApiResult<Body = unknown, Status extends number = number> {
  readonly statusCode: Status;
  readonly body: Body;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Success<T> {
  readonly success: true;
  readonly data: T;
}

/** The success body `{"success": true, "data": …}`. */
export const success = <T>(data: T): Success<T> => ({ success: true, data });

/** 200 with `{"success": true, "data": …}`. */
export const ok = <T>(data: T): ApiResult<Success<T>, 200> => ({ statusCode: 200, body: success(data) });

/** 201 with `{"success": true, "data": …}`. */
export const created = <T>(data: T): ApiResult<Success<T>, 201> => ({ statusCode: 201, body: success(data) });

/** 202 with `{"success": true, "data": …}`: accepted, to be done shortly (a resend). */
export const accepted = <T>(data: T): ApiResult<Success<T>, 202> => ({ statusCode: 202, body: success(data) });

/** 200 list envelope with pagination. */
export const page = <T>(data: readonly T[], pagination: Pagination): ApiResult<Success<readonly T[]> & { readonly pagination: Pagination }, 200> => ({
  statusCode: 200,
  body: { ...success(data), pagination },
});

/** The error envelope body (docs/api.md §2). */
export function errorBody(code: ErrorCode, message: string, details?: readonly FieldError[]) {
  return { success: false, error: { code, message, ...(details ? { details } : {}) } } as const;
}
