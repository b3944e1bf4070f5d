import createClient, { type Client } from 'openapi-fetch';
import { scopes, type Scope } from '../../lib/scopes';
import type { components, paths } from './api-types';

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
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type Pagination = Schemas['Pagination'];
export type Api = Client<paths>;
export type SandboxClock = paths['/sandbox/clock']['get']['responses'][200]['content']['application/json']['data'];

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

/** A client that sends `key` on every request, and calls `onUnauthorized` with the API's refusal on any 401 (a revoked key). */
export function apiClient(key: string, onUnauthorized: (failure: ApiFailure) => void): Api {
  const client = createClient<paths>({ baseUrl: baseUrl() });
  client.use({
    onRequest: ({ request }) => {
      request.headers.set('Authorization', `Bearer ${key}`);
      return request;
    },
    onResponse: async ({ response }) => {
      if (response.status === 401) onUnauthorized(failureOf(401, await response.clone().json().catch(() => undefined)));
      return response;
    },
  });
  return client;
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
  if (!(error instanceof ApiFailure)) return error instanceof Error ? error.message : String(error);
  const problems = error.details.map((d) => `${d.field}: ${d.message}`).join('; ');
  return `${error.status} ${error.code}: ${error.message}${problems ? ` — ${problems}` : ''}`;
}

// --- The key, kept for this tab only --------------------------------------------------------

export interface Session {
  readonly key: string;
  /** What the key may do, as the API answered the probes when the key was entered. */
  readonly scopes: readonly Scope[];
}

const SESSION_ITEM = 'payment-sandbox.session';

export function loadSession(): Session | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(SESSION_ITEM) ?? 'null') as Session | null;
    return stored && typeof stored.key === 'string' && Array.isArray(stored.scopes) ? stored : null;
  } catch {
    return null;
  }
}

export const saveSession = (session: Session) => sessionStorage.setItem(SESSION_ITEM, JSON.stringify(session));
export const clearSession = () => sessionStorage.removeItem(SESSION_ITEM);

/**
 * The key's scopes, learnt from the API itself (there is no endpoint that lists them): the scope is
 * checked before anything else of a request (docs/api.md §2), so a request the key may not make is
 * 403, and one it may make gets its normal answer. Reads are asked for one item (sandbox:simulate:
 * its clock; webhooks:write: the endpoint list); the other writes are sent with a body the API
 * refuses (400) before doing anything, so a probe never changes data.
 */
const probes: Record<Scope, (api: Api) => Promise<Outcome<unknown>>> = {
  'transactions:read': (api) => api.GET('/transactions', { params: { query: { limit: 1 } } }),
  'settlements:read': (api) => api.GET('/settlements', { params: { query: { limit: 1 } } }),
  'events:read': (api) => api.GET('/events', { params: { query: { limit: 1 } } }),
  'channels:read': (api) => api.GET('/payment/channels'),
  'webhooks:write': (api) => api.GET('/webhook/endpoints', { params: { query: { limit: 1 } } }),
  // Deliberately incomplete bodies: 400 VALIDATION_ERROR with the scope, 403 without it.
  'transactions:write': (api) => api.POST('/payment/create', { body: {} as never }),
  'refunds:write': (api) => api.POST('/refund', { body: {} as never }),
  'sandbox:simulate': (api) => api.GET('/sandbox/clock'),
};

/** The scopes `key` holds, or an ApiFailure (401 for a wrong key, the API's message with it). */
export async function probeScopes(api: Api): Promise<Scope[]> {
  const answers = await Promise.all(scopes.map(async (scope) => ({ scope, outcome: await probes[scope](api) })));
  const refusal = answers.find(({ outcome }) => outcome.response.status === 401 || outcome.response.status >= 429);
  if (refusal) await ok(Promise.resolve(refusal.outcome));
  return answers.filter(({ outcome }) => outcome.response.status !== 403).map(({ scope }) => scope);
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
