import { MethodNotAllowedError } from '../lib/http/errors';
import { NotFoundError } from '../lib/errors';
import { plainEndpoint } from '../lib/http/plain-endpoint';
import { matchRoute } from '../lib/routes';

/** The `$default` route: 405 with `Allow` for a known path, else 404 — before any authentication. */
export const handler = plainEndpoint((event) => {
  const method = event.requestContext.http.method;
  const { allowed } = matchRoute(method, event.rawPath);
  throw allowed.length > 0 ? new MethodNotAllowedError(method, allowed) : new NotFoundError(`No route for ${method} ${event.rawPath}`);
});
