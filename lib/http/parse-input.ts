import type middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { acceptsIdempotencyKey, NoParams, NoQuery, type Contract } from './contract';
import { NotPermittedError } from '../auth/errors';
import { InvalidJsonError, type FieldError } from './errors';
import { ValidationError } from '../errors';
import { isIdempotencyKey } from './idempotency-key';
import type { EndpointContext } from './middleware-context';
import { header } from './request';
import { check } from './validation';

/**
 * Reads a request's body as its face takes it, in the contract's order — media type (415), size
 * (413), syntax (400) — into the object its schema validates: lib/http/request.ts `readJsonBody`
 * for the JSON face, lib/http/page/form-body.ts `readFormBody` for a page's form. Undefined for no body.
 */
export type BodyReader = (event: APIGatewayProxyEventV2) => Record<string, unknown> | undefined;

/**
 * The chain's input step, in the contract's order: the body as `readBody` reads it (415/413/400), a
 * body field the key lacks the scope for (403, `bodyFieldScopes`), then one 400 VALIDATION_ERROR
 * naming every bad path parameter, query parameter, body field and the Idempotency-Key header at
 * once. The validated input goes on the context.
 */
export function parseInput(contract: Contract, readBody: BodyReader): middy.MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, EndpointContext> {
  return {
    before: (request) => {
      const { event } = request;
      const rawBody = contract.body ? readBody(event) : undefined;
      if (contract.body && rawBody === undefined && !contract.bodyOptional) {
        throw new InvalidJsonError('Request body is required and must be a JSON object');
      }
      for (const [field, scope] of Object.entries(contract.bodyFieldScopes ?? {})) {
        if (rawBody && Object.hasOwn(rawBody, field) && !request.context.principal?.scopes.includes(scope)) throw new NotPermittedError();
      }
      const errors: FieldError[] = [];
      const collect = (result: { data?: unknown; errors: FieldError[] }): unknown => {
        errors.push(...result.errors);
        return result.data;
      };
      const params = collect(check(contract.params ?? NoParams, event.pathParameters ?? {}, 'path'));
      const query = collect(check(contract.query ?? NoQuery, event.queryStringParameters ?? {}, 'query'));
      const body = contract.body ? collect(check(contract.body, rawBody ?? {}, 'body')) : undefined;
      const idempotencyKey = acceptsIdempotencyKey(contract.route) ? header(event, 'idempotency-key') : undefined;
      if (idempotencyKey !== undefined && !isIdempotencyKey(idempotencyKey)) {
        errors.push({ field: 'Idempotency-Key', message: 'must be 1–255 printable ASCII characters' });
      }
      if (errors.length > 0) throw new ValidationError(errors);
      request.context.input = { params, query, body, rawBody, idempotencyKey };
    },
  };
}
