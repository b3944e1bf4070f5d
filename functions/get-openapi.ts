import { ValidationError } from '../lib/http/errors';
import { plainEndpoint } from '../lib/http/plain-endpoint';
import { unexpectedKeys } from '../lib/http/validation';
import document from '../openapi.json' with { type: 'json' };

/**
 * GET /openapi.json: the committed document (written by `npm run openapi`), bundled into the
 * function. Public and table-less; like every route it rejects query parameters it does not
 * know (here: all of them).
 */
export const handler = plainEndpoint((event) => {
  const errors = unexpectedKeys(event.queryStringParameters ?? {}, 'query');
  if (errors.length > 0) throw new ValidationError(errors);
  return { statusCode: 200, body: document };
});
