import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Imports run one way: handlers → http → domain → db (docs/decisions/0180). Below lib/http only
 * the layers that speak HTTP themselves may import it: lib/auth (admission is a middy middleware
 * of the chain), lib/contracts (each route's HTTP contract) and lib/openapi (the document of them
 * all). And no two files of lib/ import each other.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const HTTP = 'lib/http/';
const MAY_IMPORT_HTTP = ['lib/http/', 'lib/auth/', 'lib/contracts/', 'lib/openapi/'];

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

const libImports = sourceFiles('lib').flatMap(importsOf);

describe('the direction of imports in lib/', () => {
  it('finds the imports it judges', () => {
    expect(libImports.length).toBeGreaterThan(100);
    expect(libImports.map((i) => i.to)).toContain('lib/http/errors.ts');
  });

  it('leaves lib/http to handlers and to the layers that speak HTTP: no domain or db file imports it', () => {
    expect(importsAgainstDirection(libImports), 'these files of lib/ import lib/http against the direction').toEqual([]);
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

  it('reads type imports, re-exports and dynamic imports as imports', () => {
    const text = "import type { A } from './a';\nexport { B } from './b';\nconst c = await import('./c');\n";
    expect(ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)).toEqual(['./a', './b', './c']);
  });
});
