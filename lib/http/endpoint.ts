import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { NotPermittedError } from '../auth/errors';
import type { Principal, SessionPrincipal } from '../auth/principal';
import type { BearerCredential, JsonFace } from '../routes';
import type { UseCaseContext } from '../use-case';
import { systemClock, type Clock } from '../clock';
import { cursorKeySource } from '../db/cursor-key';
import { config } from '../config/config';
import type { Db } from '../db/db';
import { defaultDb } from '../db/default-db';
import { withPrefetched } from '../db/client';
import type { TableKey } from '../db/requests';
import type { Cause } from '../events/event';
import type { Limits } from '../limits';
import { NoParams, type BodyOf, type Contract, type ParamsOf, type QueryOf, type ResultOf } from './contract';
import { check } from './validation';
import { audit } from './audit';
import { admission, type ReadAhead } from './admission';
import type { ApiResult } from './envelope';
import type { IdempotencyClaim } from '../db/transact';
import type { runIdempotently } from './idempotency';
import type { EndpointContext } from './middleware-context';
import { parseInput } from './parse-input';
import { readJsonBody } from './request';
import { responds } from './responder';
import { jsonFace } from './respond';
import { injectedInternalError, logInjected, sandboxFault } from './sandbox-fault';

type Event = APIGatewayProxyEventV2;
type Response = APIGatewayProxyStructuredResultV2;

/** What a use case receives: the authenticated client and validated inputs. */
export interface EndpointInput<B, Q, P> {
  readonly principal: Principal;
  /** The signed-in person of an account route (docs/api.md §14): admission admitted nothing else there. */
  readonly session: () => SessionPrincipal;
  readonly body: B;
  readonly query: Q;
  readonly params: P;
  readonly db: Db;
  /**
   * The client's clock (docs/api.md §12): real time plus the client's offset, loaded once per
   * request. Infrastructure time (rate limit, idempotency, TTLs) is the real clock, never this.
   */
  readonly clock: Clock;
  /** The stage's per-client budget (lib/limits.ts). */
  readonly limits: Limits;
  readonly requestId: string;
  /** The time left before the function must have answered (Lambda's remaining time), for work that bounds itself. */
  readonly remainingMs: () => number;
  /** The request as the events of its change name it: its request id and its Idempotency-Key, if any. */
  readonly cause: Cause;
  /**
   * Present when the request carries an Idempotency-Key: the use case completes it inside the
   * write that makes its effect (lib/http/idempotency.ts).
   */
  readonly idempotency?: IdempotencyClaim;
  /** The same as a use case takes it (lib/use-case.ts): the table, the principal's client, its clock, the cause, the claim. */
  readonly context: UseCaseContext;
}

/** The contract of an API route: JSON, and a server key or a session to admit (lib/routes.ts `face`, `credential`). */
export type ApiContract = Contract & { readonly route: { readonly face: JsonFace; readonly credential: BearerCredential } };

/** A route's use case as its endpoint runs it. */
export type UseCaseRun<C extends Contract> = (input: EndpointInput<BodyOf<C>, QueryOf<C>, ParamsOf<C>>) => Promise<ResultOf<C>>;

/**
 * Builds an API route's Lambda handler from its contract (face `json`, credential `key` or
 * `session`): the one middy chain of one-job parts — the JSON face's responder (registered first,
 * so its onError sees every error: lib/http/responder.ts) → the credential with the client's
 * limits and clock (401/403, the client's requests per second: 429, and its clock, in one round
 * trip: lib/http/admission.ts) → the `Sandbox-Fault` header (403/400, or the fault it asks for) →
 * the JSON body and the inputs (415/413/400: lib/http/parse-input.ts) — around a handler that runs
 * one use case, idempotently (with `idempotently`) when the request carries an Idempotency-Key, and
 * answers with the contract's success status and body type. A route reaches it through
 * readEndpoint (GET) or writeEndpoint (POST, DELETE): only a write's bundle carries the
 * Idempotency-Key store. Public routes have their own chains (lib/http/public-endpoint.ts, and a
 * page's in lib/http/page/).
 */
export function endpointOf<C extends ApiContract>(contract: C, run: UseCaseRun<C>, options: EndpointOptions<C>, idempotently?: typeof runIdempotently) {
  const { route } = contract;
  const db = defaultDb;
  // Like TABLE_NAME: a list function without its cursor secret fails at start, not on its first page.
  if (route.cursors) cursorKeySource();
  return middy<Event, Response, Error, EndpointContext>()
    .use(responds(route.id, jsonFace))
    .use(admission(db, route, systemClock, config.limits.requestsPerSecond, readAheadOf(contract, options)))
    .use(sandboxFault())
    .use(parseInput(contract, readJsonBody))
    .handler(async (_event, context) => handle(context));

  async function handle(context: EndpointContext): Promise<Response> {
    const requestId = context.requestId!;
    // Admission admitted a principal, with its client's clock read beside its credential.
    const principal = context.principal!;
    const clock = context.clock!;
    const db = context.prefetched ? withPrefetched(defaultDb, context.prefetched) : defaultDb;
    const { params, query, body, rawBody, idempotencyKey } = context.input!;
    const cause: Cause = { requestId, idempotencyKey: idempotencyKey ?? null };
    const execute = (idempotency?: IdempotencyClaim) =>
      run({
        principal,
        session: () => {
          if (principal.kind !== 'session') throw new NotPermittedError();
          return principal;
        },
        body: body as BodyOf<C>,
        query: query as QueryOf<C>,
        params: params as ParamsOf<C>,
        db,
        clock,
        limits: config.limits,
        requestId,
        remainingMs: () => context.getRemainingTimeInMillis(),
        cause,
        idempotency,
        context: { db, clientId: principal.clientId, clock, cause, idempotency },
      });
    // A replay changed nothing: only the request that made the effect is audited.
    const audited = (result: ApiResult, replayed = false) => {
      // An answer without an id of its own (a resend's list of attempts) names the object of its path.
      if (route.audit && !replayed) audit({ requestId, principal, route, objectId: objectIdOf(result) ?? (params as { id?: string }).id });
      return result;
    };
    // Sandbox-Fault: error_after_commit — the request has done all it does (its change, its
    // Idempotency-Key record, its audit line); only its answer is lost.
    const answer = (result: ApiResult) => {
      if (context.sandboxFault?.kind === 'error_after_commit') {
        logInjected('error_after_commit');
        throw injectedInternalError(requestId);
      }
      return jsonFace.answer(result, requestId);
    };
    // Only a write's input carries a key (lib/http/parse-input.ts), and a write's endpoint always has the store.
    if (idempotencyKey === undefined || !idempotently) return answer(audited(await execute()));
    const { result, replayed } = await idempotently(
      db,
      systemClock,
      {
        clientId: principal.clientId,
        routeId: route.id,
        key: idempotencyKey,
        // An optional body left out is the same request as `{}`, which is what it is validated as.
        request: { params, body: rawBody ?? (contract.bodyOptional ? {} : null) },
        successStatus: contract.response.status,
        shownOnce: contract.shownOnce,
        token: requestId,
        inProgressMs: context.getRemainingTimeInMillis(),
      },
      execute,
    );
    audited(result, replayed);
    return answer(replayed ? { ...result, headers: { ...result.headers, 'Idempotent-Replayed': 'true' } } : result);
  }
}

/** What a route's handler may ask of the chain besides its use case. */
export interface EndpointOptions<C extends Contract> {
  /**
   * The item of the client's that the use case reads first, by its valid path parameters: admission
   * reads it in its own BatchGetItem, beside the key and the clock (lib/db/prefetch.ts), so a read of
   * one item is one DynamoDB call. Only for a route whose use case reads that item first, whole and
   * strongly consistent.
   */
  readonly readAhead?: (clientId: string, params: ParamsOf<C>) => TableKey;
}

/** Admission's ReadAhead for a route that names one: its key once the path parameters are valid (no read for a bad path: its 400 comes later). */
function readAheadOf<C extends Contract>(contract: C, options: EndpointOptions<C>): ReadAhead | undefined {
  const { readAhead } = options;
  if (!readAhead) return undefined;
  return (clientId, event) => {
    const { data, errors } = check(contract.params ?? NoParams, event.pathParameters ?? {}, 'path');
    return errors.length === 0 ? readAhead(clientId, data as ParamsOf<C>) : undefined;
  };
}

/** The id of the object a success answered with (`data.id`), if any. */
function objectIdOf(result: ApiResult): string | undefined {
  const id = (result.body as { data?: { id?: unknown } } | undefined)?.data?.id;
  return typeof id === 'string' ? id : undefined;
}
