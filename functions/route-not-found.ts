import { NotFoundError } from '../lib/errors';
import { MethodNotAllowedError } from '../lib/http/errors';
import { fallbackEndpoint } from '../lib/http/fallback-endpoint';
import { fallbackFunction, matchRoute } from '../lib/routes';

/** The `$default` route: 405 with `Allow` for a known path, else 404 — before any authentication. */
export const handler = fallbackEndpoint(fallbackFunction.id, (event) => {
  const method = event.requestContext.http.method;
  const { allowed } = matchRoute(method, event.rawPath);
  return allowed.length > 0 ? new MethodNotAllowedError(method, allowed) : new NotFoundError(`No route for ${method} ${event.rawPath}`);
});
