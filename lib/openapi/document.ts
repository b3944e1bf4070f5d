import { Account, ApiKey, CreatedApiKey } from '../objects/api-key-object';
import * as z from 'zod/mini';
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import packageJson from '../../package.json' with { type: 'json' };
import { Channel, Fee, PaymentMethod } from '../channels';
import { contracts } from '../contracts';
import { errorWhen } from './error-catalog';
import { acceptsIdempotencyKey, errorCodesOf, type Contract } from '../http/contract';
import { errorBody } from '../http/envelope';
import { Pagination } from '../db/pagination';
import { FieldError } from '../http/envelope-schemas';
import {
  ApiError,
  apiErrorOf,
  errorCodes,
  errorStatus,
  IdempotencyKeyInUseError,
  IdempotencyKeyReusedError,
  InvalidJsonError,
  MAX_ERROR_DETAILS,
  MethodNotAllowedError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  type ErrorCode,
} from '../http/errors';
import { LimitExceededError, NotFoundError, ValidationError } from '../errors';
import { CredentialRefusedError, NotPermittedError, RequestLimitReachedError } from '../auth/errors';
import { AmountExceedsRefundableError, DuplicateOrderIdError, InvalidStateError } from '../payments/errors';
import { IDEMPOTENCY_TTL_SECONDS, storesRefusal } from '../http/idempotency';
import { IDEMPOTENCY_KEY } from '../http/idempotency-key';
import { FORM_MEDIA_TYPE } from '../http/page/form-body';
import { MAX_BODY_BYTES } from '../http/request';
import { GATEWAY_ANSWERS } from '../http/gateway-answers';
import { internalErrorMessage, JSON_CONTENT_TYPE } from '../http/http-response';
import { MAX_FAULT_LATENCY_MS, SANDBOX_FAULT, SANDBOX_FAULT_HEADER } from '../http/sandbox-fault';
import { DEFAULT_LIMITS } from '../limits';
import { meta } from '../meta';
import { Event } from '../objects/event-object';
import { SettlementEntry } from '../objects/settlement-entry';
import { Refund } from '../payments/refund-transaction';
import { Customer, PaymentDetails, Transaction } from '../objects/transaction';
import { idPattern } from '../ids';
import { API_BASE_PATH, DEFAULT_LOCAL_PORT, routeList, scopeOf, takesBearer, writeMethods, type RouteCredential } from '../routes';
import { scopes } from '../scopes';
import { DeliveryAttempt } from '../objects/delivery-attempt';
import { DEFAULT_DELIVERY_SETTINGS } from '../config/delivery-settings';
import { CreatedWebhookEndpoint, WebhookEndpoint } from '../objects/webhook-endpoint';

/**
 * The OpenAPI 3.1 document, built from the route table (lib/routes.ts) and each route's contract
 * (lib/contracts/): the same schemas the handlers validate with and answer with.
 * `npm run openapi` writes it to openapi.json; GET {base_url}/openapi.json serves that file.
 */

export type OpenApiDocument = oas31.OpenAPIObject;

/** Words as a sentence lists them: `a`, `a and b`, `a, b and c`. */
const inWords = (words: readonly string[]): string => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** The error envelope of one code (docs/api.md §2); only VALIDATION_ERROR carries `details`. */
function errorEnvelopeOf<C extends ErrorCode>(code: C) {
  const fields = { code: z.literal(code), message: z.string().check(z.minLength(1)) };
  const error =
    code === 'VALIDATION_ERROR'
      ? z.strictObject({
          ...fields,
          details: meta(z.array(FieldError).check(z.minLength(1), z.maxLength(MAX_ERROR_DETAILS)), {
            description: `One entry per bad input, at most ${MAX_ERROR_DETAILS}; when there are more, the message counts them`,
          }),
        })
      : z.strictObject(fields);
  return meta(z.strictObject({ success: z.literal(false), error }), { description: errorWhen[code] });
}

/** The response-body schema of each error code. */
export const errorEnvelopes = Object.fromEntries(errorCodes.map((code) => [code, errorEnvelopeOf(code)])) as {
  readonly [C in ErrorCode]: ReturnType<typeof errorEnvelopeOf<C>>;
};

/** The security scheme of every scoped operation. */
export const SECURITY_SCHEME = 'serverKey';
/** A signed-in person's access token (docs/api.md §14): accepted wherever a key is, and alone on the account routes. */
export const SESSION_SCHEME = 'session';

/** `npm start`'s default address (infra/local/start.ts). */
const LOCAL_BASE_URL = `http://127.0.0.1:${DEFAULT_LOCAL_PORT}${API_BASE_PATH}`;

const tagDescriptions: Record<string, string> = {
  Channels: 'The payment catalog',
  Transactions: 'Create, read, list and cancel payments',
  Sandbox: 'Controls that stand in for the payment network',
  Refunds: 'Refund settled payments',
  Settlements: 'The settlement ledger',
  Events: 'The record of every change of your data',
  Webhooks: 'Endpoints that receive events, signed with their secret',
  Account: "The signed-in person and their client's server keys (a session only)",
  Dashboard: 'A web page for people, on this same API',
  'Payment page': "The customer's page of a transaction, reached by its `payment_url`",
  Meta: 'This document',
};

/** Reusable schemas, by component name; every use of one of these zod schemas becomes a `$ref`. */
const schemaComponents = {
  Transaction,
  Customer,
  PaymentDetails,
  Refund,
  SettlementEntry,
  Event,
  WebhookEndpoint,
  CreatedWebhookEndpoint,
  ApiKey,
  CreatedApiKey,
  Account,
  DeliveryAttempt,
  PaymentMethod,
  Channel,
  Fee,
  Pagination,
  FieldError,
  ...Object.fromEntries(errorCodes.map((code) => [errorSchemaName(code), errorEnvelopes[code]])),
};

/** The component name of an error code's envelope: NOT_FOUND → NotFoundError, INTERNAL_ERROR → InternalError. */
export function errorSchemaName(code: ErrorCode): string {
  const pascal = code
    .toLowerCase()
    .split('_')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  return pascal.endsWith('Error') ? pascal : `${pascal}Error`;
}

/** A real error of each code, as the API words it (through apiErrorOf): the examples of the error responses. */
const sampleErrors: { readonly [C in ErrorCode]: Error } = {
  INVALID_JSON: new InvalidJsonError('Request body is not valid JSON'),
  VALIDATION_ERROR: new ValidationError([{ field: 'customer.email', message: 'must be an e-mail address' }]),
  UNAUTHORIZED: new CredentialRefusedError(),
  FORBIDDEN: new NotPermittedError(),
  NOT_FOUND: new NotFoundError('Transaction not found'),
  METHOD_NOT_ALLOWED: new MethodNotAllowedError('DELETE', ['GET']),
  DUPLICATE_ORDER_ID: new DuplicateOrderIdError('ORDER-1001'),
  INVALID_STATE: new InvalidStateError('settled', 'cancel'),
  LIMIT_EXCEEDED: new LimitExceededError('At most 10 webhook endpoints per client'),
  IDEMPOTENCY_KEY_IN_USE: new IdempotencyKeyInUseError(),
  IDEMPOTENCY_KEY_REUSED: new IdempotencyKeyReusedError(),
  PAYLOAD_TOO_LARGE: new PayloadTooLargeError(MAX_BODY_BYTES),
  UNSUPPORTED_MEDIA_TYPE: new UnsupportedMediaTypeError(),
  AMOUNT_EXCEEDS_REFUNDABLE: new AmountExceedsRefundableError(150000, 100000),
  RATE_LIMITED: new RequestLimitReachedError(DEFAULT_LIMITS.requestsPerSecond),
  INTERNAL_ERROR: new ApiError('INTERNAL_ERROR', internalErrorMessage('8a4f6c2e-1b3d-4e5f-9a7b-0c1d2e3f4a5b')),
  SERVICE_UNAVAILABLE: new ApiError('SERVICE_UNAVAILABLE', 'The service is unavailable for the moment; nothing was done, retry the request later'),
};

const headerRef = (name: string): oas31.ReferenceObject => ({ $ref: `#/components/headers/${name}` });

const headerComponents: Record<string, oas31.HeaderObject> = {
  'X-Request-Id': {
    description: 'Identifies the request in the logs; a 500 quotes it',
    required: true,
    schema: { type: 'string', minLength: 1 },
  },
  'Idempotent-Replayed': {
    description: 'Present when the response is the replay of an earlier request with the same Idempotency-Key',
    schema: { type: 'string', const: 'true' },
  },
  'Retry-After': {
    description: 'Seconds to wait before sending the request again; nothing of the refused request was done',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+$' },
    example: '1',
  },
  Location: {
    description: 'Where the browser goes next: a page of this API, or the address the transaction gave (`return_url`)',
    required: true,
    schema: { type: 'string', minLength: 1 },
  },
  Allow: {
    description: 'The methods the path accepts',
    required: true,
    schema: { type: 'string', minLength: 1 },
    example: 'GET',
  },
};

const IdempotencyKeyHeader = meta(z.optional(z.string().check(z.regex(IDEMPOTENCY_KEY))), {
  description:
    `1–255 printable ASCII characters, scoped to your client (not to the operation). The same key with the same ` +
    `request (operation, path and body) within ${IDEMPOTENCY_TTL_SECONDS / 3600} h replays the first response ` +
    '(status and body) with `Idempotent-Replayed: true`, a 404, 409 or 422 refusal as well as a success; with a ' +
    'different request, on this operation or another, it is 409 IDEMPOTENCY_KEY_REUSED, and while the first is ' +
    'still being processed 409 IDEMPOTENCY_KEY_IN_USE. Validation errors (400), 429 and 500 are not stored, so ' +
    'such a request may be retried with the same key.',
  examples: ['3f1c9a52-order-1001'],
  param: { id: 'IdempotencyKey' },
});

const SandboxFaultHeader = meta(z.optional(z.string().check(z.regex(SANDBOX_FAULT))), {
  description:
    'Sandbox control (docs/api.md §12), for keys with the `sandbox:simulate` scope (403 FORBIDDEN otherwise, whatever ' +
    "the operation's own scope): makes this request misbehave on purpose. `error_500` answers 500 INTERNAL_ERROR, " +
    '`error_503` 503 SERVICE_UNAVAILABLE and `rate_limit` 429 RATE_LIMITED with `Retry-After: 1`, each with nothing ' +
    `done; \`latency_<ms>\` (0–${MAX_FAULT_LATENCY_MS}) delays the answer by that many milliseconds, then runs the ` +
    'request normally; `error_after_commit` runs the request, commits its effect and its Idempotency-Key record, then ' +
    'answers 500 INTERNAL_ERROR: a retry with the same Idempotency-Key gets the stored answer. Any other value is ' +
    "400 VALIDATION_ERROR naming the header. Checked after the client's requests per second, so it counts as a request.",
  examples: ['error_503', 'latency_300'],
  param: { id: 'SandboxFault' },
});

/** What a page's 303 See Other says besides its `Location`: nothing. */
const RedirectBody = meta(z.string(), { description: 'Empty' });

/** A page's error page (lib/http/page/page-face.ts): HTML that says the status, the code, the message and the request id. */
const ErrorPage = meta(z.string(), { description: "An HTML page: the error's status, code and message, each bad field, and the request id" });

/** An error page as a page answers it, shortened: the status, the code and the request id. */
const errorPageExample = (status: number, code: ErrorCode) =>
  `<!doctype html><html lang="en"><head><title>${status} …</title></head><body><main><h1>…</h1><p>…</p><p><small>${status} ${code} · request id <code>…</code></small></p></main></body></html>`;

/**
 * The error response of one status: the envelope of each code the operation can answer with (or,
 * for a page that answers its errors as pages, HTML), and the replay header where a key stores that
 * refusal.
 */
function errorResponse(status: number, codes: readonly ErrorCode[], idempotent: boolean, asPage: boolean): ZodOpenApiResponseObject {
  const [first, ...others] = codes.map((code) => errorEnvelopes[code]);
  const schema = others.length === 0 ? first! : z.union([first!, ...others]);
  const examples = Object.fromEntries(
    codes.map((code) => {
      const sample = apiErrorOf(sampleErrors[code])!;
      return [code, { summary: errorWhen[code], value: errorBody(sample.code, sample.message, sample.details) }];
    }),
  );
  return {
    description: codes.map((code) => `${code}: ${errorWhen[code]}`).join(' '),
    headers: {
      'X-Request-Id': headerRef('X-Request-Id'),
      ...(status === 429 && { 'Retry-After': headerRef('Retry-After') }),
      ...(idempotent && storesRefusal(status) && { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') }),
    },
    content: asPage ? { 'text/html': { schema: ErrorPage, example: errorPageExample(status, codes[0]!) } } : { 'application/json': { schema, examples } },
  };
}

function responses(c: Contract): ZodOpenApiResponsesObject {
  const asPage = c.route.face.kind === 'page' && c.route.face.errors === 'page';
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(c)) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const success: ZodOpenApiResponseObject = {
    description: c.response.description,
    headers: {
      'X-Request-Id': headerRef('X-Request-Id'),
      ...(c.response.status === 303 && { Location: headerRef('Location') }),
      ...(acceptsIdempotencyKey(c.route) && { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') }),
    },
    content: Object.fromEntries(
      (c.response.mediaTypes ?? ['application/json']).map((type) => [type, { schema: c.response.schema, example: c.response.example }]),
    ),
  };
  const redirect: ZodOpenApiResponseObject | undefined = c.redirects
    ? {
        description: c.redirects,
        headers: { 'X-Request-Id': headerRef('X-Request-Id'), Location: headerRef('Location') },
        content: { 'text/plain': { schema: RedirectBody, example: '' } },
      }
    : undefined;
  return {
    [`${c.response.status}`]: success,
    ...(redirect && { '303': redirect }),
    ...Object.fromEntries([...byStatus].map(([status, codes]) => [`${status}`, errorResponse(status, codes, acceptsIdempotencyKey(c.route), asPage)])),
  };
}

/** The sentence of an operation's description that says who may call it. */
function accessOf(credential: RouteCredential): string {
  switch (credential.kind) {
    case 'key':
      return `Requires a key with the \`${credential.scope}\` scope, or a signed-in person's session token.`;
    case 'session':
      return "Requires a signed-in person's session token; a server key is refused with 403.";
    case 'pathToken':
      return `Public to whoever holds its link: the \`${credential.param}\` in the path is its only credential, and an unknown one is 404.`;
    case 'none':
      return 'Public: needs no key.';
  }
}

/** An operation's security requirement: a key with its scope or a session, a session only, or none (a public route, or a path's token). */
function securityOf(credential: RouteCredential): oas31.SecurityRequirementObject[] {
  if (credential.kind === 'key') return [{ [SECURITY_SCHEME]: [credential.scope] }, { [SESSION_SCHEME]: [] }];
  return credential.kind === 'session' ? [{ [SESSION_SCHEME]: [] }] : [];
}

/** The operation a contract describes; exported for the tests of the faces no route has yet. */
export function operation(c: Contract): ZodOpenApiOperationObject {
  const { route } = c;
  if (!(c.tag in tagDescriptions)) throw new Error(`Route ${route.id}: tag ${c.tag} has no description`);
  const bearer = takesBearer(route.credential);
  return {
    operationId: route.id,
    summary: route.summary,
    description: [c.description, accessOf(route.credential)].filter(Boolean).join('\n\n'),
    tags: [c.tag],
    security: securityOf(route.credential),
    requestParams: {
      ...(c.params && { path: c.params }),
      ...(c.query && { query: c.query }),
      ...((acceptsIdempotencyKey(route) || bearer) && {
        header: z.object({
          ...(acceptsIdempotencyKey(route) && { 'Idempotency-Key': IdempotencyKeyHeader }),
          ...(bearer && { [SANDBOX_FAULT_HEADER]: SandboxFaultHeader }),
        }),
      }),
    },
    ...(c.body && {
      // A page's body is its form (lib/http/page/form-body.ts); the API's, JSON.
      requestBody: { required: !c.bodyOptional, content: { [route.face.kind === 'page' ? FORM_MEDIA_TYPE : 'application/json']: { schema: c.body } } },
    }),
    responses: responses(c),
  };
}

function paths(): ZodOpenApiPathsObject {
  const result: ZodOpenApiPathsObject = {};
  for (const route of routeList) {
    const c: Contract = contracts[route.id as keyof typeof contracts];
    result[route.path] = { ...result[route.path], [route.method.toLowerCase()]: operation(c) };
  }
  return result;
}

function description(): string {
  const scopeRows = scopes.map((scope) => {
    const operations = routeList.filter((r) => scopeOf(r.credential) === scope).map((r) => `\`${r.method} ${r.path}\``);
    return `| \`${scope}\` | ${operations.join(', ')} |`;
  });
  const errorRows = errorCodes.map((code) => `| ${errorStatus[code]} | \`${code}\` | ${errorWhen[code]} |`);
  return [
    'A payment-processing sandbox: create payments, move them through their states, refund them and read ' +
      'the settlement ledger, with no real money involved.',
    '## Conventions',
    [
      `- \`{base_url}\` ends with \`${API_BASE_PATH}\`: locally \`${LOCAL_BASE_URL}\` (\`npm start\` prints it); deployed, the CloudFormation stack output \`ApiUrl\`.`,
      '- Every request carries `Authorization: Bearer <server key>` (a key `sk_sbx_…` made with the admin ' +
        'CLI); each operation names the scope it needs. A key created without a scope list has all of them.',
      `- A body is a JSON object of at most ${MAX_BODY_BYTES / 1024} KiB sent with \`Content-Type: application/json\`. Unknown body fields and unknown query parameters are rejected (400), so a typo never passes silently.`,
      `- Every response is JSON (\`${JSON_CONTENT_TYPE}\`) with an \`X-Request-Id\` header, and ` +
        '`Cache-Control: no-store` and `X-Content-Type-Options: nosniff`. Success ' +
        'is `{"success": true, "data": …}`; lists add `pagination`. Errors are `{"success": false, "error": ' +
        '{"code": …, "message": …}}`, with `details` on validation errors.',
      "- Timestamps are ISO 8601 UTC with milliseconds; amounts are integers in the currency's charged " +
        'unit (IDR: whole rupiah); ids are a type prefix and a ULID (`txn_`, `rfd_`, `stl_`, `evt_`, `whe_`), sortable by ' +
        'creation time.',
      `- ${inWords(writeMethods.map((method) => `\`${method}\``))} operations accept an \`Idempotency-Key\` header.`,
      '- Every operation that needs a key accepts a `Sandbox-Fault` header (keys with `sandbox:simulate`): an ' +
        'injected 500, 503 or 429, a delay, or a 500 after the change has committed, to test your retries.',
    ].join('\n'),
    '## Scopes',
    ['| scope | operations |', '|---|---|', ...scopeRows].join('\n'),
    '## Errors',
    "Checked in this order: route (404/405) → key (401) → scope (403) → the client's requests per second " +
      '(429) → the `Sandbox-Fault` header (403/400, then the fault it asks for) → media type, size, JSON (415/413/400) → validation (400) → resource (404) → state (409/422).',
    ['| status | code | when |', '|---|---|---|', ...errorRows].join('\n'),
    '## Answers of the deployed gateway',
    'A deployed stage sits behind API Gateway, which answers these itself with `{"message": …}` and no ' +
      '`X-Request-Id`, not the envelope (components `responses` of the same names): ' +
      GATEWAY_ANSWERS.map((a) => `${a.status} \`{"message":"${a.message}"}\` (${a.when.replace(/\.$/, '')})`).join('; ') +
      '. Everything the functions answer uses the envelope.',
    '## Limits',
    [
      `- Each client may make ${DEFAULT_LIMITS.requestsPerSecond} requests per second (all its keys and operations together; ` +
        'a stage may set another number). The next request in the same second is answered 429 `RATE_LIMITED` ' +
        'with `Retry-After: 1`, and nothing is done. Requests refused with 401 or 403 do not count.',
      `- One list request reads at most about ${DEFAULT_LIMITS.readUnitsPerRequest} DynamoDB read units (a stage may set ` +
        'another number). When filters discard many items, a page may therefore hold fewer than `limit` items, or ' +
        'none, with `has_more: true` and a `next_cursor`: follow it to go on.',
    ].join('\n'),
  ].join('\n\n');
}

const idPatternSource = (kind: Parameters<typeof idPattern>[0]) => idPattern(kind).source;

/** A header of a delivered webhook (Standard Webhooks). */
const webhookHeader = (description: string, pattern: string, example: string) =>
  meta(z.string().check(z.regex(new RegExp(pattern))), { description, examples: [example] });

/**
 * What the sandbox POSTs to a webhook endpoint (docs/api.md §11): the OpenAPI 3.1 `webhooks`
 * section, so a receiver can be generated from the document like a client.
 */
function webhooks(): ZodOpenApiPathsObject {
  const { retryScheduleSeconds, attemptTimeoutMs } = DEFAULT_DELIVERY_SETTINGS;
  const operation: ZodOpenApiOperationObject = {
    operationId: 'deliverEvent',
    summary: 'An event, POSTed to each webhook endpoint enabled for its type',
    description: [
      "Sent by the sandbox to your endpoint's URL, per the Standard Webhooks specification, so any of its libraries " +
        "verifies it: `webhook-signature` is `v1,` and the base64 HMAC-SHA256, keyed with the bytes of your endpoint's " +
        'secret (the base64 after `whsec_`), of `{webhook-id}.{webhook-timestamp}.{body}`.',
      `A 2xx within ${attemptTimeoutMs / 1000} s is success. Anything else (another status, a timeout, a refused ` +
        `connection) is retried after ${retryScheduleSeconds.map((s) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`)).join(', ')} ` +
        `(${retryScheduleSeconds.length + 1} attempts), then the delivery is failed. Redirects are not followed. At least ` +
        'once and in no guaranteed order: dedupe on `webhook-id`, the event id, which every attempt and resend repeats.',
    ].join('\n\n'),
    tags: ['Webhooks'],
    security: [],
    requestParams: {
      header: z.object({
        'webhook-id': webhookHeader(
          'The event id, the same on every attempt and resend of the event',
          idPatternSource('event'),
          'evt_01M80CWEM1X2Y3Z4A5B6C7D8E9',
        ),
        'webhook-timestamp': webhookHeader('When this attempt was signed, in Unix seconds', '^[0-9]+$', '1795309845'),
        'webhook-signature': webhookHeader(
          '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`',
          '^v1,[A-Za-z0-9+/]+=*$',
          'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        ),
      }),
    },
    requestBody: { required: true, content: { 'application/json': { schema: Event } } },
    responses: {
      '2XX': { description: `Delivered: the event is yours; answer within ${attemptTimeoutMs / 1000} s (the body is not read beyond 4 KB)` },
      default: { description: 'Not delivered: the attempt is retried on the schedule above' },
    },
  };
  return { event: { post: operation } };
}

/** Builds the document (as plain JSON: what openapi.json holds and GET /openapi.json serves). */
export function buildOpenApiDocument(): OpenApiDocument {
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Payment Sandbox API',
      version: packageJson.version,
      description: description(),
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The sandbox: local (`npm start`) or a deployed stage (stack output `ApiUrl`)',
        variables: {
          base_url: {
            default: LOCAL_BASE_URL,
            description: `Everything up to and including ${API_BASE_PATH}, e.g. https://<api-id>.execute-api.<region>.amazonaws.com${API_BASE_PATH} when deployed`,
          },
        },
      },
    ],
    tags: Object.entries(tagDescriptions).map(([name, text]) => ({ name, description: text })),
    paths: paths(),
    webhooks: webhooks(),
    components: {
      schemas: schemaComponents,
      headers: headerComponents,
      responses: {
        RouteNotFound: {
          description:
            `${errorWhen.NOT_FOUND} Answered before authentication, for any path that matches no operation: as HTML, the page's ` +
            `404 page with its headers, for a GET under the path of a page that answers its errors as pages (\`/pay\`, \`/pay/\`, ` +
            '`/pay/a/b`: a missing or malformed token), else as the envelope.',
          headers: { 'X-Request-Id': headerRef('X-Request-Id') },
          content: {
            'application/json': { schema: errorEnvelopes.NOT_FOUND },
            'text/html': { schema: ErrorPage, example: errorPageExample(404, 'NOT_FOUND') },
          },
        },
        MethodNotAllowed: {
          description: `${errorWhen.METHOD_NOT_ALLOWED} Answered before authentication.`,
          headers: { 'X-Request-Id': headerRef('X-Request-Id'), Allow: headerRef('Allow') },
          content: { 'application/json': { schema: errorEnvelopes.METHOD_NOT_ALLOWED } },
        },
        ...Object.fromEntries(
          GATEWAY_ANSWERS.map((a) => [
            a.name,
            {
              description: `${a.status}, answered by API Gateway on a deployed stage, not the envelope: ${a.when}`,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['message'],
                    additionalProperties: false,
                    properties: { message: { type: 'string', const: a.message } },
                  },
                  example: { message: a.message },
                },
              },
            },
          ]),
        ),
      },
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sk_sbx_…',
          description:
            'A server key, `Authorization: Bearer sk_sbx_…`, created with `npm run admin -- keys create`. ' +
            "The roles listed in an operation's security requirement are the scopes the key needs.",
        },
        [SESSION_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "A signed-in person's access token from the stage's user pool (the dashboard signs in there), `Authorization: Bearer <token>`: " +
            "every scope of the person's client, and the only credential the account routes accept.",
        },
      },
    },
  });
  return JSON.parse(JSON.stringify(document)) as OpenApiDocument;
}
