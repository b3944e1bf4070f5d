import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every time the service reads for a client is the client's clock (docs/api.md §12), and every
 * other time is the real clock of lib/clock.ts: no other file of lib/ or functions/ may read the
 * machine's time by itself, or a client's data would be dated off its clock.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const CLOCK_MODULE = 'lib/clock.ts';
const HIDDEN_TIME = /Date\.now\(|new Date\(\s*\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each `file:line` of lib/ and functions/ (lib/clock.ts aside) that reads the time without a clock. */
function hiddenTimeReads(): string[] {
  return ['lib', 'functions']
    .flatMap(sourceFiles)
    .map((path) => relative(root, join(root, path)).split('\\').join('/'))
    .filter((path) => path !== CLOCK_MODULE)
    .flatMap((path) =>
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .flatMap((line, i) => (HIDDEN_TIME.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('the hidden-time rule', () => {
  it('leaves lib/clock.ts the only file of lib/ and functions/ that calls Date.now() or new Date() without an argument', () => {
    expect(hiddenTimeReads()).toEqual([]);
  });

  it('would name the file and line of a read it finds', () => {
    expect(HIDDEN_TIME.test('const at = Date.now();')).toBe(true);
    expect(HIDDEN_TIME.test('const at = new Date();')).toBe(true);
    expect(HIDDEN_TIME.test('const at = new Date( );')).toBe(true);
    expect(HIDDEN_TIME.test('const at = new Date(item.created_at);')).toBe(false);
  });
});
