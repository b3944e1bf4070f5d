/**
 * `npm run openapi`: writes openapi.json from the route table and the contracts (lib/openapi/document.ts),
 * and renders the generated tables of docs/api.md afresh (lib/openapi/api-reference.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiReference } from '../lib/openapi/api-reference';
import { buildOpenApiDocument } from '../lib/openapi/document';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${target}`);

const reference = fileURLToPath(new URL('../docs/api.md', import.meta.url));
writeFileSync(reference, renderApiReference(readFileSync(reference, 'utf8')));
console.log(`Rendered the generated tables of ${reference}`);
