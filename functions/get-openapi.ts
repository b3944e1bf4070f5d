import { plainEndpoint, refuseQueryParameters } from '../lib/http/plain-endpoint';
import document from '../openapi.json' with { type: 'json' };

/**
 * GET /openapi.json: the committed document (written by `npm run openapi`), bundled into the
 * function. Public and table-less; like every route it rejects query parameters it does not
 * know (here: all of them).
 */
export const handler = plainEndpoint((event) => {
  refuseQueryParameters(event);
  return { statusCode: 200, body: document };
});
