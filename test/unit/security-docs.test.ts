import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READ_ACTIONS } from '../../lib/db/access';
import { renderSecurityReference } from '../../lib/openapi/security-reference';
import { backgroundFunctions, routeList, type BackgroundFunction } from '../../lib/routes';

const page = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');

const background: readonly BackgroundFunction[] = Object.values(backgroundFunctions);
/** Every function's declaration, by how docs/security.md names it. */
const declarations = [
  ...routeList.map((r) => ({ name: `${r.method} ${r.path}`, credential: r.credential.kind, shared: r.dynamodb.sharedPartitions ?? {} })),
  ...background.map((f) => ({ name: f.id, credential: undefined, shared: f.dynamodb.sharedPartitions ?? {} })),
];

describe('docs/security.md', () => {
  it('holds exactly the table of shared partitions `npm run openapi` renders from lib/routes.ts', () => {
    expect(page, 'docs/security.md is stale: run `npm run openapi`').toBe(renderSecurityReference(page));
  });

  it('names every function that may write a key-hash record, and each of them admits a session only', () => {
    const writers = declarations.filter((d) => d.shared.keyHashes?.actions.some((action) => !READ_ACTIONS.has(action)));
    expect(writers.map((d) => d.name)).toEqual(['POST /account/keys', 'POST /account/keys/{id}/roll', 'POST /account/keys/{id}/revoke']);
    expect(writers.filter((d) => d.credential !== 'session')).toEqual([]);
    for (const { name } of writers) expect(page).toContain(`| \`${name}\` |`);
    expect(page).not.toMatch(/no function can write a\s+key-hash record/);
  });

  it('says no function reads the client registry, which holds', () => {
    expect(page).toMatch(/No\s+function\s+reads\s+the\s+client\s+registry/);
    expect(declarations.filter((d) => d.shared.clientRegistry?.actions.some((action) => READ_ACTIONS.has(action)))).toEqual([]);
  });
});
