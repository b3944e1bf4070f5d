import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './api-types';
import { IdentityFailure } from './identity';

/**
 * The dashboard's only way to the API: openapi-fetch typed by the types generated from openapi.json,
 * so a call the API does not describe does not compile. The API is the one the page is served by:
 * the page lives at `{base_url}/dashboard`, so `{base_url}` is its own address without the last part.
 */

export type Schemas = components['schemas'];
export type Transaction = Schemas['Transaction'];
export type SettlementEntry = Schemas['SettlementEntry'];
export type ApiEvent = Schemas['Event'];
export type DeliveryAttempt = Schemas['DeliveryAttempt'];
export type Pagination = Schemas['Pagination'];
export type Api = Client<paths>;
export type SandboxClock = paths['/sandbox/clock']['get']['responses'][200]['content']['application/json']['data'];
/** A server key of the signed-in person's client, as GET /account/keys lists it (never the key itself). */
export type AccountKey = Schemas['ApiKey'];
/** A key just made or rolled: the key object and the key itself, shown this once. */
export type CreatedKey = Schemas['CreatedApiKey'];

/** `{base_url}`, from the page's own address. */
export const baseUrl = (): string => new URL('.', location.href).href.replace(/\/$/, '');

/** One problem a VALIDATION_ERROR names: the field and what is wrong with it. */
export type FieldProblem = Schemas['FieldError'];

/** What an API refusal told us: its status and the contract's code, message and (for a 400) details. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/**
 * The failure a refused response's body describes: the contract's `{"error": …}`, or the gateway's
 * own `{"message": …}` (its 413, 429, 500 and 503), or just the status.
 */
function failureOf(status: number, body: unknown): ApiFailure {
  const { error, message } = (body ?? {}) as { error?: { code?: string; message?: string; details?: FieldProblem[] }; message?: unknown };
  const said = error?.message ?? (typeof message === 'string' ? message : undefined);
  return new ApiFailure(status, error?.code ?? 'HTTP_ERROR', said ?? `HTTP ${status}`, error?.details ?? []);
}

/** What the API client needs of a session: a token to send, a renewal, and an end. */
export interface TokenSource {
  accessToken(): Promise<string>;
  renew(): Promise<string>;
  end(reason?: string): void;
}

/**
 * A client that sends the session's access token on every request (renewed first when due). A 401
 * (a token the API no longer accepts) renews the token once and sends the request again; a second
 * 401 ends the session, with the API's reason (docs/decisions/0190).
 */
export function apiClient(session: TokenSource): Api {
  const send = async (request: Request, token: string) => {
    request.headers.set('Authorization', `Bearer ${token}`);
    return fetch(request);
  };
  return createClient<paths>({
    baseUrl: baseUrl(),
    fetch: async (request) => {
      const again = request.clone();
      const token = await session.accessToken();
      const first = await send(request, token);
      if (first.status !== 401) return first;
      let renewed: string;
      try {
        // Renewed by another request meanwhile: that token; else renew this one.
        const now = await session.accessToken();
        renewed = now !== token ? now : await session.renew();
      } catch {
        return first; // the session ended (a renewal refused, or signed out), saying why
      }
      const second = await send(again, renewed);
      if (second.status === 401) {
        const failure = failureOf(
          401,
          await second
            .clone()
            .json()
            .catch(() => undefined),
        );
        session.end(`The API refused your session (${messageOf(failure)}). Sign in again.`);
      }
      return second;
    },
  });
}

interface Outcome<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** The success body of a call, or an ApiFailure with the API's own code and message. */
export async function ok<T>(call: Promise<Outcome<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (data !== undefined && response.ok) return data;
  throw failureOf(response.status, error);
}

/**
 * The message to show for any failure: the API's own words when it answered, with each field a
 * VALIDATION_ERROR names (its message says what to change: "to: must be later than …").
 */
export function messageOf(error: unknown): string {
  if (error instanceof IdentityFailure) return error.message;
  if (!(error instanceof ApiFailure)) return error instanceof Error ? error.message : String(error);
  const problems = error.details.map((d) => `${d.field}: ${d.message}`).join('; ');
  return `${error.status} ${error.code}: ${error.message}${problems ? ` — ${problems}` : ''}`;
}

// --- Reading whole lists --------------------------------------------------------------------

/** At most this many items are read when a view needs a whole list (the overview's totals). */
const WHOLE_LIST_CAP = 2_000;

/** Follows `next_cursor` from the first page until the end or WHOLE_LIST_CAP items; `complete` says which. */
export async function readAll<T>(
  page: (cursor: string | undefined) => Promise<{ data: readonly T[]; pagination: Pagination }>,
): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const { data, pagination } = await page(cursor);
    items.push(...data);
    if (!pagination.has_more || !pagination.next_cursor) return { items, complete: true };
    if (items.length >= WHOLE_LIST_CAP) return { items, complete: false };
    cursor = pagination.next_cursor;
  }
}
