import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { authenticate } from '../auth/authenticate';
import type { Principal } from '../auth/key-repository';
import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/db';
import { defaultDb } from '../db/default-db';
import { logger } from '../logger';
import { acceptsIdempotencyKey, NoParams, NoQuery, type BodyOf, type Contract, type ParamsOf, type QueryOf, type ResultOf } from './contract';
import { InvalidJsonError, ValidationError, type FieldError } from './errors';
import { runIdempotently, isIdempotencyKey } from './idempotency';
import { header, readJsonBody } from './request';
import { errorResult, toHttpResponse } from './respond';
import { check } from './validation';

type Event = APIGatewayProxyEventV2;
type Response = APIGatewayProxyStructuredResultV2;

/** What a use case receives: the authenticated client and validated inputs. */
export interface EndpointInput<B, Q, P> {
  readonly principal: Principal;
  readonly body: B;
  readonly query: Q;
  readonly params: P;
  readonly db: Db;
  readonly clock: Clock;
  readonly requestId: string;
}

/**
 * Builds a route's Lambda handler from its contract: the one middy chain (errors → auth → scope →
 * body → validation → idempotency) around a function that calls one use case and answers with the
 * contract's success status and body type.
 */
export function endpoint<C extends Contract>(
  contract: C,
  run: (input: EndpointInput<BodyOf<C>, QueryOf<C>, ParamsOf<C>>) => Promise<ResultOf<C>>,
) {
  const { route } = contract;
  const db = defaultDb;
  return middy<Event, Response>()
    .use(responses())
    .handler(async (event, context) => {
      const requestId = requestIdOf(event, context.awsRequestId);
      logger.appendKeys({ requestId, route: route.id });
      const principal = route.scope === null ? anonymous : await authenticate(db, event, route.scope);
      logger.appendKeys({ clientId: principal.clientId });
      const rawBody = contract.body ? readJsonBody(event) : undefined;
      if (contract.body && rawBody === undefined && !contract.bodyOptional) {
        throw new InvalidJsonError('Request body is required and must be a JSON object');
      }
      const errors: FieldError[] = [];
      const collect = <T>(result: { data?: unknown; errors: FieldError[] }): T => {
        errors.push(...result.errors);
        return result.data as T;
      };
      const params = collect<ParamsOf<C>>(check(contract.params ?? NoParams, event.pathParameters ?? {}, 'path'));
      const query = collect<QueryOf<C>>(check(contract.query ?? NoQuery, event.queryStringParameters ?? {}, 'query'));
      const body = (contract.body ? collect(check(contract.body, rawBody ?? {}, 'body')) : undefined) as BodyOf<C>;
      const idempotencyKey = acceptsIdempotencyKey(route) ? header(event, 'idempotency-key') : undefined;
      if (idempotencyKey !== undefined && !isIdempotencyKey(idempotencyKey)) {
        errors.push({ field: 'Idempotency-Key', message: 'must be 1–255 printable ASCII characters' });
      }
      if (errors.length > 0) throw new ValidationError(errors);
      const execute = () => run({ principal, body, query, params, db, clock: systemClock, requestId });
      if (idempotencyKey === undefined) return toHttpResponse(await execute(), requestId);
      const result = await runIdempotently(
        db,
        context,
        { clientId: principal.clientId, routeId: route.id, key: idempotencyKey, request: { params, body: rawBody ?? null } },
        execute,
      );
      const { replayed, ...stored } = result;
      return toHttpResponse(replayed ? { ...stored, headers: { ...stored.headers, 'Idempotent-Replayed': 'true' } } : stored, requestId);
    });
}

const anonymous: Principal = { clientId: '-', keyId: '-', scopes: [] };

function requestIdOf(event: Event, fallback: string): string {
  return event.requestContext?.requestId || fallback;
}

/** The outermost middleware: turns every error into the envelope and clears per-request log keys. */
function responses(): middy.MiddlewareObj<Event, Response> {
  return {
    before: () => {
      logger.resetKeys();
    },
    onError: (request) => {
      const requestId = requestIdOf(request.event, request.context.awsRequestId);
      request.response = toHttpResponse(errorResult(request.error, requestId), requestId);
    },
  };
}
