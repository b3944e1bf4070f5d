import * as z from 'zod/mini';
import { isWriteMethod, takesBearer, type Route } from '../routes';
import type { Scope } from '../scopes';
import type { ApiResult } from './envelope';
import { errorCodes, type ErrorCode } from './errors';

/**
 * What a route promises beyond the route table: the schemas of its inputs, its success response
 * and the errors its use case raises. The handler (through `endpoint`) and the OpenAPI document
 * are both built from it, so the document describes exactly what the handler does.
 */
export interface Contract {
  readonly route: Route;
  /** Groups the operation in the document. */
  readonly tag: string;
  /** What a reader needs beyond the route's summary (Markdown). */
  readonly description?: string;
  /** Path parameter schema. */
  readonly params?: z.ZodMiniObject;
  /** Query schema; without one any query parameter is rejected. */
  readonly query?: z.ZodMiniObject;
  /** JSON body schema; routes without one take no body. */
  readonly body?: z.ZodMiniType;
  /** When true an absent body is validated as `{}` (e.g. cancel's optional reason). */
  readonly bodyOptional?: boolean;
  /**
   * Body fields that need a scope beyond the route's: a body that holds one (whatever its value)
   * from a key without that scope is 403 FORBIDDEN, right after the JSON is read and before any
   * field is validated (the contract's order: scope, then validation).
   */
  readonly bodyFieldScopes?: Readonly<Record<string, Scope>>;
  readonly response: {
    /** 303 for a page's action, which answers See Other with the browser's next address in `Location`. */
    readonly status: 200 | 201 | 202 | 303;
    readonly description: string;
    /** The whole response body, envelope included. */
    readonly schema: z.ZodMiniType;
    /** A response body the schema accepts, shown in the document. */
    readonly example: unknown;
    /** The media types the body comes in; JSON unless given (the dashboard's page and files are not JSON). */
    readonly mediaTypes?: readonly string[];
  };
  /** Fields of the answer's `data` shown once and never stored: an idempotent replay answers them null (lib/http/idempotency.ts). */
  readonly shownOnce?: readonly string[];
  /** When a page may also answer 303 See Other (`Location`) beside its success: what that means. */
  readonly redirects?: string;
  /** Errors the use case raises; those of the request chain are added by `errorCodesOf`. */
  readonly errors?: readonly ErrorCode[];
}

/** Declares a contract, keeping its literal types (status, schemas) for `endpoint`. */
export const contract = <const C extends Contract>(c: C): C => c;

/** The query of a route that declares none: any parameter is rejected. */
export const NoQuery = z.strictObject({});

/** The path parameters of a route that declares none. */
export const NoParams = z.object({});

/**
 * Routes whose method writes (lib/routes.ts writeMethods) accept an `Idempotency-Key` (docs/api.md
 * §8): a DELETE retried with its key replays its first answer, where without one the second DELETE
 * finds nothing (404). Only a
 * route that admits a key or a session has a client to keep the key under: a public route (sign-up)
 * ignores the header, and so will a page's form.
 */
export const acceptsIdempotencyKey = (route: Route): boolean => takesBearer(route.credential) && isWriteMethod(route.method);

/**
 * Every error code a route can answer with: those of its chain as its face and credential make it
 * (lib/routes.ts: authentication and scope for a key or a session, an unknown path token, the
 * Sandbox-Fault header, body, validation, idempotency), those its use case declares, and
 * RATE_LIMITED and INTERNAL_ERROR, which any request may meet. In the contract's order.
 */
export function errorCodesOf(c: Contract): ErrorCode[] {
  const codes = new Set<ErrorCode>(['VALIDATION_ERROR', 'RATE_LIMITED', 'INTERNAL_ERROR', ...(c.errors ?? [])]);
  // An authenticated request may ask for a fault (Sandbox-Fault, lib/http/sandbox-fault.ts), 503 among them.
  if (takesBearer(c.route.credential)) codes.add('UNAUTHORIZED').add('FORBIDDEN').add('SERVICE_UNAVAILABLE');
  // A path's token names its object: an unknown one is no such object.
  if (c.route.credential.kind === 'pathToken') codes.add('NOT_FOUND');
  if (c.body) codes.add('UNSUPPORTED_MEDIA_TYPE').add('PAYLOAD_TOO_LARGE');
  // A page's body is a form (lib/http/page/form-body.ts), whose syntax errors are VALIDATION_ERROR.
  if (c.body && c.route.face.kind === 'json') codes.add('INVALID_JSON');
  if (acceptsIdempotencyKey(c.route)) codes.add('IDEMPOTENCY_KEY_IN_USE').add('IDEMPOTENCY_KEY_REUSED');
  return errorCodes.filter((code) => codes.has(code));
}

type Parsed<S, Otherwise> = S extends z.ZodMiniType ? z.output<S> : Otherwise;

/** The validated body a route's use case receives (undefined for routes without a body). */
export type BodyOf<C extends Contract> = Parsed<C['body'], undefined>;
export type QueryOf<C extends Contract> = Parsed<C['query'], z.output<typeof NoQuery>>;
export type ParamsOf<C extends Contract> = Parsed<C['params'], z.output<typeof NoParams>>;

type ReadonlyDeep<T> = T extends readonly (infer U)[] ? readonly ReadonlyDeep<U>[] : T extends object ? { readonly [K in keyof T]: ReadonlyDeep<T[K]> } : T;

/** What a route's use case must answer with: the contract's success status and a body its schema accepts. */
export type ResultOf<C extends Contract> = ApiResult<ReadonlyDeep<z.input<C['response']['schema']>>, C['response']['status']>;
