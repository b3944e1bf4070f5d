import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenApiDocument } from './document';

/** Where the dashboard's API types live: generated from openapi.json by `npm run openapi`, committed, checked for drift. */
export const DASHBOARD_API_TYPES = 'dashboard/src/api-types.ts';

const HEADER = [
  '// Generated from openapi.json by `npm run openapi` (openapi-typescript); do not edit.',
  '// The dashboard calls the API through these types (openapi-fetch), so it cannot drift from the API.',
  '',
].join('\n');

/** The TypeScript types openapi-typescript makes of the document, as the committed file holds them. */
export async function renderDashboardApiTypes(document: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: false });
  return `${HEADER}${astToString(ast)}`;
}
