import { ENV, readEnv } from './config/env';
import { API_BASE_PATH } from './routes';

/**
 * The stage's `{base_url}` (docs/api.md §1): what the links a transaction carries start with
 * (`payment_url`, docs/api.md §5), in an API answer and in an event a background function records
 * alike. Deployed, the stack sets it from its HTTP API's endpoint; `npm start` sets it once its
 * server has a port, before it loads the handlers (decision 0245).
 */

/**
 * `value` as a `{base_url}`: an absolute http(s) URL whose path ends with the API's base path, with
 * no trailing slash, query, fragment or user:password. Throws a message naming API_BASE_URL otherwise.
 */
export function parseBaseUrl(value: string | undefined): string {
  if (value === undefined || value === '')
    throw new Error(
      `Environment variable ${ENV.baseUrl} is required: the stage's {base_url}, e.g. https://<api-id>.execute-api.<region>.amazonaws.com${API_BASE_PATH}`,
    );
  const url = URL.canParse(value) ? new URL(value) : undefined;
  // Exactly its origin and path: no user:password, query or fragment, and written as the parser writes it.
  const wellFormed =
    url !== undefined &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    value === `${url.origin}${url.pathname}` &&
    url.pathname.endsWith(API_BASE_PATH);
  if (!wellFormed) {
    throw new Error(
      `Environment variable ${ENV.baseUrl} must be an absolute http(s) URL ending with ${API_BASE_PATH}, without a trailing slash, query or user:password, not '${value}'`,
    );
  }
  return value;
}

let baseUrl: string | undefined;

/**
 * This container's `{base_url}`, read from API_BASE_URL once, on first use (like the cursor key: the
 * modules that render a transaction are loaded by tools that render none, such as `npm run openapi`).
 * Throws, naming the variable, while it is missing or malformed; test/infra/stack.test.ts holds
 * every function whose bundle holds this module to having it.
 */
export function stageBaseUrl(): string {
  baseUrl ??= parseBaseUrl(readEnv(ENV.baseUrl));
  return baseUrl;
}
