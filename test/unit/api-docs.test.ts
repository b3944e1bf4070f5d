import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contracts } from '../../lib/contracts';
import type { Contract } from '../../lib/http/contract';
import { errorCodes, errorStatus } from '../../lib/http/errors';

import { renderApiReference } from '../../lib/openapi/api-reference';
import { buildOpenApiDocument, errorSchemaName } from '../../lib/openapi/document';
import { routeList, type Route } from '../../lib/routes';

/** docs/api.md, the project's API reference, checked against the code it describes. */

type Json = Record<string, any>;

const root = fileURLToPath(new URL('../../', import.meta.url));
const reference = readFileSync(join(root, 'docs/api.md'), 'utf8');
const document: Json = buildOpenApiDocument();

/** Markdown without its fenced code blocks (a `#` line in a shell example is no heading). */
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

interface Section {
  readonly heading: string;
  readonly text: string;
}

/** Every heading of the reference with the text below it, up to the next heading of the same or a higher level. */
function sections(markdown: string): Section[] {
  const lines = withoutCode(markdown).split('\n');
  const headings = lines.flatMap((line, index) => {
    const match = /^(#{1,6})\s+(.*)$/.exec(line);
    return match ? [{ level: match[1]!.length, heading: match[2]!, index }] : [];
  });
  return headings.map((h, i) => {
    const next = headings.slice(i + 1).find((later) => later.level <= h.level);
    return { heading: h.heading, text: lines.slice(h.index, next?.index ?? lines.length).join('\n') };
  });
}

/** The section whose heading names the route, as `METHOD /path`. */
function sectionOf(route: Route): Section {
  const found = sections(reference).filter((s) => s.heading.includes(`\`${route.method} ${route.path}\``));
  expect(found, `docs/api.md needs one heading naming \`${route.method} ${route.path}\``).toHaveLength(1);
  return found[0]!;
}

/** The dotted names of an object schema's properties, nested objects included (`customer.email`). */
function propertyPaths(schema: Json | undefined, prefix = ''): string[] {
  const resolved = schema?.$ref ? document.components.schemas[String(schema.$ref).split('/').pop()!] : schema;
  return Object.entries<Json>(resolved?.properties ?? {}).flatMap(([name, property]) => [prefix + name, ...propertyPaths(property, `${prefix}${name}.`)]);
}

/** The path and query parameters and the body fields of a route, as the OpenAPI document has them from its schemas. */
function inputsOf(route: Route): string[] {
  const operation: Json = document.paths[route.path][route.method.toLowerCase()];
  const parameters = (operation.parameters ?? []).filter((p: Json) => p.in === 'path' || p.in === 'query').map((p: Json) => String(p.name));
  // A JSON body, or a page's form.
  const body = Object.values<Json>(operation.requestBody?.content ?? {})[0];
  return [...parameters, ...propertyPaths(body?.schema)];
}

/** Every file git tracks, relative to the root (those deleted in the working tree left out). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(root, file)));
}

describe('docs/api.md', () => {
  it('holds exactly the tables `npm run openapi` renders from the code (endpoints, scopes, errors, catalog)', () => {
    expect(reference, 'docs/api.md is stale: run `npm run openapi`').toBe(renderApiReference(reference));
  });

  it.each(routeList.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'describes %s in a section of its own that names its scope',
    (_name, route) => {
      const { text } = sectionOf(route);
      // The account routes' sections have always said `account`: a session, and no key.
      const scope = route.credential.kind === 'key' ? route.credential.scope : route.credential.kind === 'session' ? 'account' : undefined;
      expect(text).toContain(scope ? `**Scope:** \`${scope}\`` : '**Scope:** none');
    },
  );

  it.each(routeList.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'names every path parameter, query parameter and body field of %s in its section',
    (_name, route) => {
      const { text } = sectionOf(route);
      const missing = inputsOf(route).filter((input) => !text.includes(`\`${input}\``));
      expect(missing, `undocumented inputs of ${route.method} ${route.path}`).toEqual([]);
    },
  );

  it.each(routeList.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "names, with its status, every error %s's use case answers",
    (_name, route) => {
      const { text } = sectionOf(route);
      const declared = (contracts[route.id as keyof typeof contracts] as Contract).errors ?? [];
      const missing = declared.filter((code) => !text.includes(`${errorStatus[code]} \`${code}\``));
      expect(missing, `errors of ${route.method} ${route.path} its section does not name`).toEqual([]);
    },
  );

  it('lists every error code with its status', () => {
    const missing = errorCodes.filter((code) => !reference.includes(`| ${errorStatus[code]} | \`${code}\` |`));
    expect(missing).toEqual([]);
  });

  it('describes every field of every object the API answers with', () => {
    const envelopes = new Set(errorCodes.map(errorSchemaName));
    const missing = Object.entries<Json>(document.components.schemas)
      .filter(([name]) => !envelopes.has(name))
      .flatMap(([name, schema]) =>
        Object.keys(schema.properties ?? {})
          .filter((field) => !reference.includes(`\`${field}\``) && !reference.includes(`"${field}"`))
          .map((field) => `${name}.${field}`),
      );
    expect(missing).toEqual([]);
  });

  it('lists every numbered section in its contents, in order, by the start of its title', () => {
    const contents = /^Contents: ([\s\S]*?)\.\n\n/m.exec(reference)?.[1] ?? '';
    const listed = [...contents.matchAll(/§(\d+) ([^·]+)/g)].map((m) => ({ n: Number(m[1]), name: m[2]!.replace(/\s+/g, ' ').trim().toLowerCase() }));
    const headings = [...withoutCode(reference).matchAll(/^## (\d+)\. (.*)$/gm)].map((m) => ({ n: Number(m[1]), title: m[2]!.toLowerCase() }));
    expect(listed.map((entry) => entry.n)).toEqual(headings.map((heading) => heading.n));
    expect(listed.filter((entry, i) => !headings[i]?.title.startsWith(entry.name))).toEqual([]);
  });

  it('has every section the code cites as "docs/api.md §N"', () => {
    const numbered = new Set([...reference.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1])));
    const cited = trackedFiles().flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/docs\/api\.md ((?:§\d+(?:, )?)+)/g)].flatMap((m) =>
        [...m[1]!.matchAll(/\d+/g)].map((n) => ({ file, section: Number(n[0]) })),
      ),
    );
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((c) => !numbered.has(c.section))).toEqual([]);
  });
});

describe('the repository', () => {
  // Spelt in pieces so that this file does not contain them itself.
  const outside = [['API', 'md'].join('.'), ['..', 'shared'].join('/')];

  it('carries its own contract: no tracked file refers to the one outside it', () => {
    const offending = trackedFiles().flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return outside.filter((needle) => text.includes(needle)).map((needle) => `${file}: ${needle}`);
    });
    expect(offending).toEqual([]);
  });

  it('links the API reference from the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.includes('](docs/api.md)'), 'README.md has no link to docs/api.md').toBe(true);
  });
});
