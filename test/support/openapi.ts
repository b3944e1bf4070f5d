import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { API_BASE_PATH, matchRoute } from '../../lib/routes';
import committed from '../../openapi.json' with { type: 'json' };

/**
 * Checks a response against the committed openapi.json: the operation (method + path template)
 * must declare the status, every required header must be there and match its schema, and the
 * body must match the schema of the declared media type. Paths that match no operation may
 * only answer the document's RouteNotFound (404) or MethodNotAllowed (405) response.
 */

type Json = Record<string, any>;

const document = committed as Json;

/** Component schemas are added to ajv under this id, as `$defs`. */
const COMPONENTS_ID = 'urn:payment-sandbox:openapi:components';

/** Points `#/components/schemas/X` references at the `$defs` ajv knows. */
function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
        ? `${COMPONENTS_ID}#/$defs/${v.slice('#/components/schemas/'.length)}`
        : rewriteRefs(v),
    ]),
  );
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** Compiles a schema of the document once (ajv for JSON Schema 2020-12, as OpenAPI 3.1 uses). */
function validatorFor(key: string, schema: unknown): ValidateFunction {
  if (!ajv) {
    // Strict, so a keyword ajv does not know fails loudly. Union `type` arrays and `oneOf` branches
    // that only say which properties are required are standard JSON Schema, so those are allowed.
    ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, strictRequired: false });
    addFormats(ajv);
    ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(document.components.schemas) as Json });
  }
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(rewriteRefs(schema) as Json);
    compiled.set(key, validate);
  }
  return validate;
}

/** ajv's errors as one line, naming the offending property where ajv's message does not. */
function describe(errors: readonly ErrorObject[] | null | undefined, dataVar: string): string {
  return (errors ?? [])
    .map((e) => {
      const extra = e.keyword === 'additionalProperties' ? ` ('${String(e.params.additionalProperty)}')` : '';
      return `${dataVar}${e.instancePath} ${e.message ?? e.keyword}${extra}`;
    })
    .join('; ');
}

/** Why a value does not match a schema of the document (references resolved), or null when it does. */
export function schemaErrors(schema: unknown, value: unknown): string | null {
  const validate = validatorFor(JSON.stringify(schema), schema);
  return validate(value) ? null : describe(validate.errors, 'value');
}

/** Follows a `#/components/…` reference. */
export function resolve(value: Json): Json {
  const ref: unknown = value.$ref;
  if (typeof ref !== 'string') return value;
  if (!ref.startsWith('#/')) throw new Error(`openapi.json: unsupported reference ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .reduce((node: Json, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

export interface ObservedResponse {
  readonly method: string;
  /** The request path below `/api/v1`, e.g. `/transaction/txn_…?x=1` (the query is ignored). */
  readonly path: string;
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body; undefined when there was none. */
  readonly body: unknown;
}

export class UndocumentedResponseError extends Error {
  constructor(response: ObservedResponse, problem: string) {
    const body = JSON.stringify(response.body) ?? '(no body)';
    super(
      `openapi.json does not describe ${response.method} ${response.path} → ${response.status}: ${problem}\n` +
        `  body: ${body.length > 2000 ? `${body.slice(0, 2000)}…` : body}`,
    );
    this.name = 'UndocumentedResponseError';
  }
}

/** The document's response object for this request and status, with a name for messages and the cache. */
function documentedResponse(observed: ObservedResponse): { key: string; response: Json } {
  const pathname = new URL(observed.path, 'http://base.invalid').pathname;
  const { match, allowed } = matchRoute(observed.method, `${API_BASE_PATH}${pathname}`);
  if (!match) {
    const [status, name] = allowed.length > 0 ? [405, 'MethodNotAllowed'] : [404, 'RouteNotFound'];
    if (observed.status !== status) {
      throw new UndocumentedResponseError(observed, `no operation matches, so only ${status} (${name}) is documented`);
    }
    return { key: name, response: document.components.responses[name] };
  }
  const operation: Json | undefined = document.paths[match.route.path]?.[observed.method.toLowerCase()];
  if (!operation) {
    throw new UndocumentedResponseError(observed, `route ${match.route.id} has no operation in the document`);
  }
  const response: Json | undefined = operation.responses[String(observed.status)];
  if (!response) {
    const declared = Object.keys(operation.responses).join(', ');
    throw new UndocumentedResponseError(observed, `${operation.operationId} declares only ${declared}`);
  }
  return { key: `${operation.operationId} ${observed.status}`, response: resolve(response) };
}

/** Throws UndocumentedResponseError, naming what differs, unless the document describes the response. */
export function assertDocumentedResponse(observed: ObservedResponse): void {
  const { key, response } = documentedResponse(observed);
  for (const [name, header] of Object.entries<Json>(response.headers ?? {}).map(([n, h]) => [n, resolve(h)] as const)) {
    const value = observed.headers.get(name);
    if (value === null) {
      if (header.required) throw new UndocumentedResponseError(observed, `required header ${name} is missing`);
      continue;
    }
    const validate = validatorFor(`${key} header ${name}`, header.schema);
    if (!validate(value)) {
      throw new UndocumentedResponseError(observed, `header ${describe(validate.errors, name)}`);
    }
  }
  const contentType = observed.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  const media: Json | undefined = response.content?.[mediaType];
  if (!media) {
    const declared = Object.keys(response.content ?? {}).join(', ') || 'no body';
    throw new UndocumentedResponseError(observed, `Content-Type '${contentType}' is not declared (declared: ${declared})`);
  }
  if (observed.body === undefined) throw new UndocumentedResponseError(observed, 'the body is empty');
  const validate = validatorFor(`${key} ${mediaType}`, media.schema);
  if (!validate(observed.body)) {
    throw new UndocumentedResponseError(observed, describe(validate.errors, 'body'));
  }
}
