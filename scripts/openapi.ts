/**
 * `npm run openapi`: writes openapi.json from the route table and the contracts (lib/openapi/document.ts),
 * renders the generated tables of docs/api.md and docs/security.md afresh (lib/openapi/api-reference.ts,
 * lib/openapi/security-reference.ts) and that of docs/deploy.md from a synthesized stage
 * (infra/deploy-reference.ts), and writes the dashboard's API types from the document
 * (lib/openapi/dashboard-types.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderDeployReference, synthesizeWithoutBundling } from '../infra/deploy-reference';
import { renderApiReference } from '../lib/openapi/api-reference';
import { DASHBOARD_API_TYPES, renderDashboardApiTypes } from '../lib/openapi/dashboard-types';
import { buildOpenApiDocument } from '../lib/openapi/document';
import { renderSecurityReference } from '../lib/openapi/security-reference';

const document = buildOpenApiDocument();
const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`Wrote ${target}`);

const reference = fileURLToPath(new URL('../docs/api.md', import.meta.url));
writeFileSync(reference, renderApiReference(readFileSync(reference, 'utf8')));
console.log(`Rendered the generated tables of ${reference}`);

const security = fileURLToPath(new URL('../docs/security.md', import.meta.url));
writeFileSync(security, renderSecurityReference(readFileSync(security, 'utf8')));
console.log(`Rendered the generated table of ${security}`);

// CDK's own CloudFormation validation cannot change the count and costs seconds (test/support/cdk.ts).
process.env.CDK_VALIDATION = 'false';
const deploy = fileURLToPath(new URL('../docs/deploy.md', import.meta.url));
writeFileSync(deploy, renderDeployReference(readFileSync(deploy, 'utf8'), synthesizeWithoutBundling()));
console.log(`Rendered the generated table of ${deploy}`);

const types = fileURLToPath(new URL(`../${DASHBOARD_API_TYPES}`, import.meta.url));
writeFileSync(types, await renderDashboardApiTypes(document));
console.log(`Wrote ${types}`);
