import { getOpenApiDocumentContract } from '../lib/contracts/get-openapi-document';
import { publicEndpoint } from '../lib/http/public-endpoint';
import document from '../openapi.json' with { type: 'json' };

/**
 * GET /openapi.json: the committed document (written by `npm run openapi`), bundled into the
 * function. Public and table-less; like every route it refuses query parameters it does not know
 * (here: all of them).
 */
export const handler = publicEndpoint(getOpenApiDocumentContract, async () => ({ statusCode: 200, body: document }));
