import * as z from 'zod/mini';
import { contract } from '../http/contract';
import { meta } from '../meta';
import { getOpenApiDocumentRoute } from '../routes';

/** What GET /openapi.json returns; the document's own schema is the OpenAPI 3.1 specification's. */
const OpenApiDocument = meta(
  z.looseObject({
    openapi: z.string().check(z.regex(/^3\.1\.\d+$/)),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.looseObject({})),
  }),
  { description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)' },
);

export const getOpenApiDocumentContract = contract({
  route: getOpenApiDocumentRoute,
  tag: 'Meta',
  description: 'This document, exactly as committed in the repository (`openapi.json`). No key needed.',
  response: {
    status: 200,
    description: 'The OpenAPI document (not wrapped in the success envelope)',
    schema: OpenApiDocument,
    example: { openapi: '3.1.0', info: { title: 'Payment Sandbox API', version: '0.1.0' }, paths: {} },
  },
});
