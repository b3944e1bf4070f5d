import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Imports run one way: handlers → http → domain → db (docs/decisions/0180, 0240), and between lib's
 * folders they run one way too (docs/decisions/0280). From the top down:
 *
 *   lib/openapi, lib/payment-page   the document of every contract; the payment page as served
 *   lib/contracts                   each route's HTTP contract
 *   lib/dashboard                   the dashboard page's files and policy
 *   lib/http                        the chains, admission's step, the error → status mapping
 *   lib/sandbox, lib/sweep          use cases across domains: clock advance, reset; the due handlers
 *   lib/payments, lib/webhooks      side by side: neither imports the other
 *   lib/auth                        the client and who acts for it: its clock, keys, sessions, members
 *   lib/identity                    the identity service: pool settings, sign-up, the person's link
 *   lib/events                      recording and reading events, and the stream's filter
 *   lib/objects                     the API's objects: schemas, fields, examples, statuses
 *   lib/db, then lib/config         the table and its requests; the environment, read once
 *   lib's root files                clock, errors, ids, meta, text, scopes, limits…
 *
 * Besides lib/http only the layers that speak HTTP themselves may import it: lib/contracts,
 * lib/openapi, lib/dashboard and lib/payment-page, which nothing below imports. No two files of
 * lib/ import each other; no chain of imports leaves lib/http or lib/db and comes back into it; and
 * no loop of imports runs between lib's rooms (each folder directly under lib/, and each file at
 * its root): a folder that imports another is never imported back by it, directly or through
 * others.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const HTTP = 'lib/http/';
const MAY_IMPORT_HTTP = ['lib/http/', 'lib/contracts/', 'lib/openapi/', 'lib/dashboard/', 'lib/payment-page/'];
/** The folders at the two ends of the line, which no loop of imports may run through. */
const ENDS = ['lib/http/', 'lib/db/'];

interface Import {
  readonly from: string;
  readonly line: number;
  /** The imported file, relative to the repository (lib/db/keys.ts). */
  readonly to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, as TypeScript resolves it without extensions (or a JSON file as it is). */
function resolve(from: string, specifier: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  return [`${base}.ts`, `${base}/index.ts`, base].find((candidate) => existsSync(join(root, candidate)));
}

/** Every relative import (import, import type, export … from, import()) of a file, with its line. */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  return ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName, pos }) => {
    if (!fileName.startsWith('.')) return [];
    const to = resolve(file, fileName);
    if (!to) throw new Error(`${file}: cannot resolve '${fileName}'`);
    return [{ from: file, line: source.getLineAndCharacterOfPosition(pos).line + 1, to }];
  });
}

const describeImport = ({ from, line, to }: Import) => `${from}:${line} imports ${to}`;

/** The imports of lib/http by a file outside the layers allowed to speak HTTP. */
function importsAgainstDirection(imports: readonly Import[]): string[] {
  return imports.filter(({ from, to }) => to.startsWith(HTTP) && !MAY_IMPORT_HTTP.some((layer) => from.startsWith(layer))).map(describeImport);
}

/** Each pair of files that import each other, once. */
function twoCycles(imports: readonly Import[]): string[] {
  const edges = new Map(imports.map((i) => [`${i.from} → ${i.to}`, i]));
  return imports
    .filter(({ from, to }) => from < to && edges.has(`${to} → ${from}`))
    .map((i) => `${describeImport(i)}, and ${describeImport(edges.get(`${i.to} → ${i.from}`)!)}`);
}

/**
 * Each chain of imports that leaves `folder` and comes back into it (a file of it imports a file
 * elsewhere that, directly or through others, imports a file of it): the shortest, once for each
 * import that comes back. A folder such a chain runs through is no layer: what it imports knows it.
 */
function loopsThrough(folder: string, imports: readonly Import[]): string[] {
  const inside = (file: string) => file.startsWith(folder);
  const from = new Map<string, Import[]>();
  for (const i of imports) from.set(i.from, [...(from.get(i.from) ?? []), i]);
  // Breadth-first from the imports that leave the folder; `via` keeps the import that reached each file.
  const via = new Map<string, Import>();
  const queue: string[] = [];
  for (const i of imports.filter((i) => inside(i.from) && !inside(i.to) && !via.has(i.to))) {
    via.set(i.to, i);
    queue.push(i.to);
  }
  const loops: string[] = [];
  for (const file of queue) {
    for (const i of from.get(file) ?? []) {
      if (inside(i.to)) {
        const chain = [i];
        for (let step = via.get(i.from); step; step = inside(step.from) ? undefined : via.get(step.from)) chain.unshift(step);
        loops.push(chain.map(describeImport).join(', '));
      } else if (!via.has(i.to)) {
        via.set(i.to, i);
        queue.push(i.to);
      }
    }
  }
  return loops;
}

/** The room of a file of lib/: the folder directly under lib/ that holds it (lib/db/), or the file itself at lib's root. */
function roomOf(file: string): string {
  const [lib, first, rest] = file.split('/');
  return rest === undefined ? file : `${lib}/${first}/`;
}

/**
 * Each loop between lib's rooms: the rooms that reach one another through imports (a strongly
 * connected set of two or more), with every import that runs between two of them, once per loop.
 */
function folderLoops(imports: readonly Import[]): string[] {
  const between = imports.filter(({ from, to }) => from.startsWith('lib/') && to.startsWith('lib/') && roomOf(from) !== roomOf(to));
  const next = new Map<string, Set<string>>();
  for (const { from, to } of between) {
    next.set(roomOf(from), (next.get(roomOf(from)) ?? new Set()).add(roomOf(to)));
    if (!next.has(roomOf(to))) next.set(roomOf(to), new Set());
  }
  // Tarjan's strongly connected components over the rooms.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (room: string) => {
    index.set(room, index.size);
    low.set(room, index.get(room)!);
    stack.push(room);
    onStack.add(room);
    for (const other of next.get(room)!) {
      if (!index.has(other)) {
        visit(other);
        low.set(room, Math.min(low.get(room)!, low.get(other)!));
      } else if (onStack.has(other)) {
        low.set(room, Math.min(low.get(room)!, index.get(other)!));
      }
    }
    if (low.get(room) === index.get(room)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== room);
      components.push(component);
    }
  };
  for (const room of [...next.keys()].sort()) if (!index.has(room)) visit(room);
  return components
    .filter((component) => component.length > 1)
    .map((component) => {
      const rooms = new Set(component);
      const ties = between.filter(({ from, to }) => rooms.has(roomOf(from)) && rooms.has(roomOf(to))).map(describeImport);
      return `${[...rooms].sort().join(', ')} import one another: ${ties.sort().join(', ')}`;
    })
    .sort();
}

const libImports = sourceFiles('lib').flatMap(importsOf);

describe('the direction of imports in lib/', () => {
  it('finds the imports it judges', () => {
    expect(libImports.length).toBeGreaterThan(100);
    expect(libImports.map((i) => i.to)).toContain('lib/http/errors.ts');
  });

  it('leaves lib/http to handlers and to the layers that speak HTTP: no domain or db file imports it', () => {
    expect(importsAgainstDirection(libImports), 'these files of lib/ import lib/http against the direction').toEqual([]);
  });

  it.each(ENDS)('has no chain of imports that leaves %s and comes back into it', (folder) => {
    expect(loopsThrough(folder, libImports), `these imports lead out of ${folder} and back`).toEqual([]);
  });

  it("has no loop of imports between lib's folders: what a folder imports never imports it back", () => {
    expect(folderLoops(libImports), 'these folders of lib/ import one another').toEqual([]);
  });

  it('has no two files that import each other', () => {
    expect(twoCycles(libImports), 'these files import each other').toEqual([]);
  });

  it('would name the file, line and target of an offending import', () => {
    const wrong = { from: 'lib/db/cursor.ts', line: 2, to: 'lib/http/errors.ts' };
    const back = { from: 'lib/http/errors.ts', line: 1, to: 'lib/db/cursor.ts' };
    expect(importsAgainstDirection([wrong, back])).toEqual(['lib/db/cursor.ts:2 imports lib/http/errors.ts']);
    expect(twoCycles([wrong, back])).toEqual(['lib/db/cursor.ts:2 imports lib/http/errors.ts, and lib/http/errors.ts:1 imports lib/db/cursor.ts']);
  });

  it('would name each chain that leaves a folder and comes back, file by file', () => {
    const chain = [
      { from: 'lib/http/endpoint.ts', line: 3, to: 'lib/auth/admission.ts' },
      { from: 'lib/auth/admission.ts', line: 7, to: 'lib/auth/session.ts' },
      { from: 'lib/auth/session.ts', line: 9, to: 'lib/http/errors.ts' },
      { from: 'lib/http/errors.ts', line: 1, to: 'lib/errors.ts' },
    ];
    expect(loopsThrough('lib/http/', chain)).toEqual([
      'lib/http/endpoint.ts:3 imports lib/auth/admission.ts, lib/auth/admission.ts:7 imports lib/auth/session.ts, lib/auth/session.ts:9 imports lib/http/errors.ts',
    ]);
    expect(loopsThrough('lib/auth/', chain)).toEqual([]);
  });

  it('would name a loop between folders with every import that ties it, and no folder that only stands on it', () => {
    const imports = [
      { from: 'lib/payments/transaction-repository.ts', line: 4, to: 'lib/events/event.ts' },
      { from: 'lib/events/event.ts', line: 2, to: 'lib/webhooks/webhook-endpoint.ts' },
      { from: 'lib/webhooks/dispatch.ts', line: 9, to: 'lib/payments/items.ts' },
      { from: 'lib/webhooks/dispatch.ts', line: 1, to: 'lib/db/requests.ts' },
      { from: 'lib/http/errors.ts', line: 3, to: 'lib/payments/errors.ts' },
      { from: 'lib/payments/items.ts', line: 1, to: 'lib/payments/states.ts' },
    ];
    expect(folderLoops(imports)).toEqual([
      'lib/events/, lib/payments/, lib/webhooks/ import one another: lib/events/event.ts:2 imports lib/webhooks/webhook-endpoint.ts, ' +
        'lib/payments/transaction-repository.ts:4 imports lib/events/event.ts, lib/webhooks/dispatch.ts:9 imports lib/payments/items.ts',
    ]);
    expect(folderLoops(imports.filter(({ from }) => from !== 'lib/webhooks/dispatch.ts'))).toEqual([]);
  });

  it("counts a file at lib's root as a room of its own in a loop", () => {
    const imports = [
      { from: 'lib/config.ts', line: 2, to: 'lib/webhooks/policy.ts' },
      { from: 'lib/webhooks/default-delivery.ts', line: 2, to: 'lib/config.ts' },
    ];
    expect(folderLoops(imports)).toEqual([
      'lib/config.ts, lib/webhooks/ import one another: lib/config.ts:2 imports lib/webhooks/policy.ts, lib/webhooks/default-delivery.ts:2 imports lib/config.ts',
    ]);
  });

  it('reads type imports, re-exports and dynamic imports as imports', () => {
    const text = "import type { A } from './a';\nexport { B } from './b';\nconst c = await import('./c');\n";
    expect(ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)).toEqual(['./a', './b', './c']);
  });
});
