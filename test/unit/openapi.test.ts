import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { contracts } from '../../lib/contracts';
import { NO_TABLE } from '../../lib/db/access';
import { contract } from '../../lib/http/contract';
import { EVENT_FIELDS } from '../../lib/events/event';
import { Event } from '../../lib/objects/event-object';
import { DASHBOARD_API_TYPES, renderDashboardApiTypes } from '../../lib/openapi/dashboard-types';
import { buildOpenApiDocument, operation, SECURITY_SCHEME, SESSION_SCHEME } from '../../lib/openapi/document';
import { routeList, takesBearer, type Route } from '../../lib/routes';
import { assertDocumentedResponse, resolve, schemaErrors, type ObservedResponse } from '../support/openapi';

type Json = Record<string, any>;

const committedText = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
const committed: Json = JSON.parse(committedText);

const operationOf = (route: Route): Json => committed.paths[route.path][route.method.toLowerCase()];
const transactionExample = committed.components.schemas.Transaction.examples[0];

/** A response as `call()` would see it, with the headers every response carries. */
function observed(overrides: Partial<Omit<ObservedResponse, 'headers'>> & { headers?: Record<string, string> }): ObservedResponse {
  const { headers, ...rest } = overrides;
  return {
    method: 'GET',
    path: '/transaction/txn_01M80CCH60Q4X8V3K9T2B7N5RD',
    status: 200,
    body: { success: true, data: transactionExample },
    ...rest,
    headers: new Headers({ 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req-1', ...headers }),
  };
}

describe('openapi.json', () => {
  it('is exactly what `npm run openapi` generates from the code', () => {
    expect(committed, 'openapi.json is stale: run `npm run openapi`').toEqual(buildOpenApiDocument());
    expect(committedText).toBe(`${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  });

  it("documents the deployed gateway's own answers with their real bodies, apart from the envelope", () => {
    const gateway = Object.fromEntries(
      Object.entries(committed.components.responses as Json)
        .filter(([name]) => name.startsWith('Gateway'))
        .map(([name, response]) => [name, { status: Number(/^(\d{3}),/.exec(response.description)?.[1]), body: response.content['application/json'].example }]),
    );
    expect(gateway).toEqual({
      GatewayPayloadTooLarge: { status: 413, body: { message: 'Request Entity Too Large' } },
      GatewayThrottled: { status: 429, body: { message: 'Too Many Requests' } },
      GatewayInternalError: { status: 500, body: { message: 'Internal Server Error' } },
      GatewayIntegrationTimeout: { status: 503, body: { message: 'Service Unavailable' } },
    });
    expect(committed.info.description).toContain('503 `{"message":"Service Unavailable"}`');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(committed));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('serves from {base_url}, local by default', () => {
    expect(committed.servers).toEqual([
      expect.objectContaining({
        url: '{base_url}',
        variables: { base_url: expect.objectContaining({ default: 'http://127.0.0.1:3000/api/v1' }) },
      }),
    ]);
  });

  it('declares the Bearer key scheme, and the session token scheme beside it', () => {
    expect(committed.components.securitySchemes[SECURITY_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(committed.components.securitySchemes[SESSION_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });
});

describe('operations', () => {
  it('has exactly one operation per route of the route table', () => {
    const operations = Object.entries<Json>(committed.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(routeList.map((r) => `${r.method} ${r.path}`).sort());
  });

  it.each(routeList.map((route) => ({ id: route.id, route })))('$id: operationId, scope and security', ({ route }) => {
    const operation = operationOf(route);
    expect(operation.operationId).toBe(route.id);
    expect(operation.summary).toBe(route.summary);
    if (route.credential.kind === 'session') {
      // The account routes take a signed-in person's session only (docs/api.md §14).
      expect(operation.description).toContain('a server key is refused with 403');
      expect(operation.security).toEqual([{ [SESSION_SCHEME]: [] }]);
    } else if (route.credential.kind === 'key') {
      expect(operation.description).toContain(`\`${route.credential.scope}\` scope`);
      expect(operation.security).toEqual([{ [SECURITY_SCHEME]: [route.credential.scope] }, { [SESSION_SCHEME]: [] }]);
    } else {
      expect(operation.security).toEqual([]);
    }
    expect(committed.tags.map((t: Json) => t.name)).toEqual(expect.arrayContaining(operation.tags));
  });

  it('lets GET /openapi.json be fetched without a key', () => {
    expect(committed.paths['/openapi.json'].get.security).toEqual([]);
  });

  it.each(routeList.map((route) => ({ id: route.id, route })))(
    '$id: Idempotency-Key on POST, PATCH and DELETE that need a key only (a public write has no client to keep it under), Sandbox-Fault on every operation that needs a key',
    ({ route }) => {
      const headers = (operationOf(route).parameters ?? []).map(resolve).filter((p: Json) => p.in === 'header');
      const idempotencyKey = expect.objectContaining({ name: 'Idempotency-Key', schema: expect.objectContaining({ pattern: expect.any(String) }) });
      const sandboxFault = expect.objectContaining({ name: 'Sandbox-Fault', schema: expect.objectContaining({ pattern: expect.any(String) }) });
      const expected = [
        ...(route.method !== 'GET' && takesBearer(route.credential) ? [idempotencyKey] : []),
        ...(takesBearer(route.credential) ? [sandboxFault] : []),
      ];
      expect(headers).toEqual(expected);
      for (const h of headers) expect(h.required).toBeFalsy();
    },
  );

  it('says in its conventions which methods take an Idempotency-Key, the methods whose operations do', () => {
    const takesKey = (route: Route) => (operationOf(route).parameters ?? []).map(resolve).some((p: Json) => p.name === 'Idempotency-Key');
    expect([...new Set(routeList.filter(takesKey).map((route) => route.method))].sort()).toEqual(['DELETE', 'PATCH', 'POST']);
    expect(committed.info.description).toContain('- `POST`, `PATCH` and `DELETE` operations accept an `Idempotency-Key` header.');
  });

  // What each operation can answer, by the contract's rules (docs/api.md §2): 401/403 when scoped;
  // 413/415 with a body; 404 for an id or a refund's transaction; 409 when it changes state or
  // takes an Idempotency-Key (and for a per-client limit); 422 for refunds; 400, 429 and 500 everywhere;
  // 503 wherever a Sandbox-Fault may be sent (every operation that needs a key).
  const expectedStatuses: Record<string, string[]> = {
    listChannels: ['200', '400', '401', '403', '429', '500', '503'],
    createPayment: ['201', '400', '401', '403', '409', '413', '415', '429', '500', '503'],
    getTransaction: ['200', '400', '401', '403', '404', '429', '500', '503'],
    listTransactions: ['200', '400', '401', '403', '429', '500', '503'],
    cancelTransaction: ['200', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'],
    simulateTransaction: ['200', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'],
    createRefund: ['201', '400', '401', '403', '404', '409', '413', '415', '422', '429', '500', '503'],
    listSettlements: ['200', '400', '401', '403', '429', '500', '503'],
    listEvents: ['200', '400', '401', '403', '429', '500', '503'],
    getEvent: ['200', '400', '401', '403', '404', '429', '500', '503'],
    listEventDeliveries: ['200', '400', '401', '403', '404', '429', '500', '503'],
    resendEvent: ['202', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'],
    createWebhookEndpoint: ['201', '400', '401', '403', '409', '413', '415', '429', '500', '503'],
    listWebhookEndpoints: ['200', '400', '401', '403', '429', '500', '503'],
    getWebhookEndpoint: ['200', '400', '401', '403', '404', '429', '500', '503'],
    deleteWebhookEndpoint: ['200', '400', '401', '403', '404', '409', '429', '500', '503'],
    rollWebhookEndpointSecret: ['200', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'],
    updateWebhookEndpoint: ['200', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'],
    checkWebhookEndpoint: ['200', '400', '401', '403', '404', '409', '429', '500', '503'],
    listWebhookEndpointChecks: ['200', '400', '401', '403', '404', '429', '500', '503'],
    resetSandbox: ['200', '400', '401', '403', '409', '413', '415', '429', '500', '503'],
    getSandboxClock: ['200', '400', '401', '403', '429', '500', '503'],
    advanceSandboxClock: ['200', '400', '401', '403', '409', '413', '415', '429', '500', '503'],
    getAccount: ['200', '400', '401', '403', '429', '500', '503'],
    listAccountKeys: ['200', '400', '401', '403', '429', '500', '503'],
    createAccountKey: ['201', '400', '401', '403', '409', '413', '415', '429', '500', '503'],
    rollAccountKey: ['201', '400', '401', '403', '404', '409', '413', '415', '429', '500', '503'],
    revokeAccountKey: ['200', '400', '401', '403', '404', '409', '429', '500', '503'],
    signUp: ['202', '400', '403', '413', '415', '429', '500'],
    getDashboard: ['200', '400', '429', '500'],
    getDashboardAsset: ['200', '400', '404', '429', '500'],
    getPaymentPage: ['200', '303', '400', '404', '429', '500'],
    submitPaymentPage: ['303', '400', '404', '413', '415', '429', '500'],
    getOpenApiDocument: ['200', '400', '429', '500'],
  };

  it.each(routeList.map((route) => ({ id: route.id, route })))('$id: declares each status it can answer', ({ route }) => {
    expect(Object.keys(operationOf(route).responses).sort()).toEqual(expectedStatuses[route.id]);
  });

  it('declares the error codes of each status, and details only on VALIDATION_ERROR', () => {
    const refund = operationOf(contracts.createRefund.route).responses;
    const codesOf = (response: Json) => Object.keys(response.content['application/json'].examples);
    expect(codesOf(refund['400'])).toEqual(['INVALID_JSON', 'VALIDATION_ERROR']);
    expect(codesOf(refund['409'])).toEqual(['INVALID_STATE', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED']);
    expect(codesOf(operationOf(contracts.createPayment.route).responses['409'])).toEqual([
      'DUPLICATE_ORDER_ID',
      'IDEMPOTENCY_KEY_IN_USE',
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    expect(codesOf(operationOf(contracts.createWebhookEndpoint.route).responses['409'])).toEqual([
      'LIMIT_EXCEEDED',
      'IDEMPOTENCY_KEY_IN_USE',
      'IDEMPOTENCY_KEY_REUSED',
    ]);
    expect(committed.components.schemas.ValidationError.properties.error.required).toEqual(['code', 'message', 'details']);
    expect(committed.components.schemas.NotFoundError.properties.error.properties.details).toBeUndefined();
  });

  it('describes every request body and parameter with the schemas the handlers validate with', () => {
    const create = operationOf(contracts.createPayment.route);
    const body = create.requestBody.content['application/json'].schema;
    expect(create.requestBody.required).toBe(true);
    expect(body.required).toEqual(['order_id', 'amount', 'payment_method', 'payment_channel', 'customer']);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.amount.type).toBe('integer');
    expect(operationOf(contracts.cancelTransaction.route).requestBody.required).toBe(false);
    const list = operationOf(contracts.listTransactions.route)
      .parameters.map(resolve)
      .filter((p: Json) => p.in !== 'header');
    expect(list.map((p: Json) => `${p.in} ${p.name}`)).toEqual(
      ['status', 'payment_method', 'payment_channel', 'order_id', 'created_from', 'created_to', 'limit', 'cursor'].map((n) => `query ${n}`),
    );
    expect(list.find((p: Json) => p.name === 'limit').schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    const get = operationOf(contracts.getTransaction.route)
      .parameters.map(resolve)
      .filter((p: Json) => p.in !== 'header');
    expect(get).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
  });
});

describe('the dashboard', () => {
  it('is public and answers its page as text/html and its files as JavaScript or CSS, not JSON', () => {
    const page = operationOf(contracts.getDashboard.route);
    const asset = operationOf(contracts.getDashboardAsset.route);
    expect(page.security).toEqual([]);
    expect(Object.keys(page.responses['200'].content)).toEqual(['text/html']);
    expect(Object.keys(asset.responses['200'].content)).toEqual(['text/javascript', 'text/css']);
    expect(Object.keys(asset.responses['404'].content)).toEqual(['application/json']);
  });

  it('calls the API through the types openapi-typescript makes of this document (committed, regenerated by `npm run openapi`)', async () => {
    const committedTypes = readFileSync(new URL(`../../${DASHBOARD_API_TYPES}`, import.meta.url), 'utf8');
    expect(committedTypes, `${DASHBOARD_API_TYPES} is stale: run \`npm run openapi\``).toBe(await renderDashboardApiTypes(buildOpenApiDocument()));
  });
});

describe('examples', () => {
  const mediaExamples = Object.values<Json>(committed.paths).flatMap((item) =>
    Object.values<Json>(item).flatMap((operation) => [
      ...Object.entries<Json>(operation.responses).flatMap(([status, response]) =>
        Object.entries<Json>(resolve(response).content).flatMap(([type, media]) => {
          const named = Object.entries<Json>(media.examples ?? {}).map(([name, e]) => [
            `${operation.operationId} ${status} ${type} ${name}`,
            media.schema,
            e.value,
          ]);
          return media.example === undefined ? named : [[`${operation.operationId} ${status} ${type}`, media.schema, media.example], ...named];
        }),
      ),
      ...Object.values<Json>(operation.requestBody?.content ?? {}).flatMap((media) =>
        (media.schema.examples ?? []).map((e: unknown) => [`${operation.operationId} request`, media.schema, e]),
      ),
    ]),
  );

  it('gives every response an example', () => {
    for (const item of Object.values<Json>(committed.paths)) {
      for (const operation of Object.values<Json>(item)) {
        for (const [status, response] of Object.entries<Json>(operation.responses)) {
          for (const [type, media] of Object.entries<Json>(resolve(response).content)) {
            expect(media.example ?? media.examples, `${operation.operationId} ${status} ${type}`).toBeDefined();
          }
        }
      }
    }
  });

  it.each(mediaExamples)('%s matches its schema', (_name, schema, example) => {
    expect(schemaErrors(schema, example)).toBeNull();
  });

  it.each(Object.entries<Json>(committed.components.schemas).filter(([, s]) => s.examples))('component %s: its examples match it', (name, schema) => {
    for (const example of schema.examples) expect(schemaErrors({ $ref: `#/components/schemas/${name}` }, example)).toBeNull();
  });
});

describe('response validation (what call() applies to every HTTP response)', () => {
  it('accepts a response the document describes', () => {
    expect(() => assertDocumentedResponse(observed({}))).not.toThrow();
  });

  it('rejects a status the operation does not declare', () => {
    expect(() => assertDocumentedResponse(observed({ status: 409 }))).toThrow(/getTransaction declares only 200, 400, 401, 403, 404, 429, 500/);
  });

  it('rejects a field the schema does not have', () => {
    const body = { success: true, data: { ...transactionExample, secret: 'x' } };
    expect(() => assertDocumentedResponse(observed({ body }))).toThrow(/body\/data must NOT have additional properties \('secret'\)/);
  });

  it('rejects a field of the wrong type or format', () => {
    expect(() => assertDocumentedResponse(observed({ body: { success: true, data: { ...transactionExample, fee: '4000' } } }))).toThrow(
      /body\/data\/fee must be integer/,
    );
    expect(() => assertDocumentedResponse(observed({ body: { success: true, data: { ...transactionExample, created_at: '2026-11-22 01:02:03' } } }))).toThrow(
      /created_at must match/,
    );
  });

  it('rejects a missing field', () => {
    const { settled_at: _omitted, ...data } = transactionExample;
    expect(() => assertDocumentedResponse(observed({ body: { success: true, data } }))).toThrow(/must have required property 'settled_at'/);
  });

  it('rejects an error code the status does not declare, and details on anything but VALIDATION_ERROR', () => {
    const notFound = (error: Json) => observed({ status: 404, body: { success: false, error } });
    expect(() => assertDocumentedResponse(notFound({ code: 'NOT_FOUND', message: 'Transaction not found' }))).not.toThrow();
    expect(() => assertDocumentedResponse(notFound({ code: 'INVALID_STATE', message: 'x' }))).toThrow(/code must be equal to constant/);
    expect(() => assertDocumentedResponse(notFound({ code: 'NOT_FOUND', message: 'x', details: [] }))).toThrow(/additional properties/);
  });

  it('rejects a response without its required headers or with another media type', () => {
    const withoutId = { ...observed({}), headers: new Headers({ 'content-type': 'application/json' }) };
    expect(() => assertDocumentedResponse(withoutId)).toThrow(/required header X-Request-Id is missing/);
    expect(() => assertDocumentedResponse(observed({ headers: { 'content-type': 'text/html' } }))).toThrow(/Content-Type 'text\/html' is not declared/);
  });

  it('allows only the documented 404 and 405 where no operation matches', () => {
    const notFound = { success: false, error: { code: 'NOT_FOUND', message: 'No route for GET /api/v1/nope' } };
    expect(() => assertDocumentedResponse(observed({ path: '/nope', status: 404, body: notFound }))).not.toThrow();
    expect(() => assertDocumentedResponse(observed({ path: '/nope', status: 200, body: notFound }))).toThrow(/only 404 \(RouteNotFound\)/);
    const notAllowed = { success: false, error: { code: 'METHOD_NOT_ALLOWED', message: 'Method DELETE is not allowed on this path; use GET' } };
    expect(() => assertDocumentedResponse(observed({ method: 'DELETE', path: '/payment/channels', status: 405, body: notAllowed }))).toThrow(
      /required header Allow is missing/,
    );
    expect(() =>
      assertDocumentedResponse(observed({ method: 'DELETE', path: '/payment/channels', status: 405, body: notAllowed, headers: { allow: 'GET' } })),
    ).not.toThrow();
  });
});

describe('the event object', () => {
  it('is read back from the table with exactly the fields its schema names, in its order', () => {
    expect([...EVENT_FIELDS]).toEqual(Object.keys(Event.shape));
  });
});

describe('a page reached by a token in its path, as the document would describe it', () => {
  const tokenPage = {
    id: 'testTokenPage',
    method: 'POST',
    path: '/test-pay/{token}',
    handler: 'functions/test-token-page.ts',
    face: { kind: 'page', formAction: 'self', errors: 'page' },
    credential: { kind: 'pathToken', param: 'token' },
    table: 'write',
    dynamodb: NO_TABLE,
    summary: 'A page for the tests, reached by a token',
  } as const satisfies Route;
  const described = operation(
    contract({
      route: tokenPage,
      tag: 'Dashboard',
      params: z.object({ token: z.string() }),
      body: z.strictObject({ outcome: z.enum(['settle', 'fail']) }),
      response: { status: 200, description: 'The page', schema: z.string(), example: '<!doctype html>', mediaTypes: ['text/html'] },
    }),
  );

  it('takes its form, needs no key or session, and says its token is its only credential', () => {
    expect(Object.keys((described.requestBody as Json).content)).toEqual(['application/x-www-form-urlencoded']);
    expect(described.security).toEqual([]);
    expect(described.description).toContain('the `token` in the path is its only credential, and an unknown one is 404');
    expect(described.requestParams?.header).toBeUndefined();
  });

  it("answers its errors as HTML pages: no key's 401 or 403, 404 for an unknown token, the client's 429", () => {
    const responses = described.responses as Json;
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '404', '413', '415', '429', '500']);
    for (const status of ['400', '404', '413', '415', '429', '500']) expect(Object.keys(responses[status].content), status).toEqual(['text/html']);
  });
});
