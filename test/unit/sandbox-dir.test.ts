import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareSandboxDir } from '../../infra/local/sandbox-dir';

const root = mkdtempSync(join(tmpdir(), 'sandbox-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** A sandbox directory as a version before owner-only files left it: 0755, its files 0644. */
function olderSandbox(name: string): { dir: string; entries: string[] } {
  const dir = join(root, name);
  mkdirSync(join(dir, 'identity'), { recursive: true });
  writeFileSync(join(dir, 'demo.json'), '{}');
  writeFileSync(join(dir, 'identity', 'pool.json'), '{}');
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'identity'), 0o755);
  chmodSync(join(dir, 'demo.json'), 0o644);
  chmodSync(join(dir, 'identity', 'pool.json'), 0o644);
  return { dir, entries: [join(dir, 'demo.json'), join(dir, 'identity'), join(dir, 'cursor-secret')] };
}

describe('the sandbox directory at start', () => {
  it('is made 0700 when it does not exist, its parents too', () => {
    const dir = join(root, 'made', 'sandbox');
    prepareSandboxDir(dir, { entries: [], ownDir: false });
    expect(modeOf(dir)).toBe('700');
    expect(modeOf(join(root, 'made'))).toBe('700');
  });

  it("is made 0700 again when it is the checkout's own .sandbox/ and an older version left it open, with what it keeps", () => {
    const { dir, entries } = olderSandbox('own');
    prepareSandboxDir(dir, { entries, ownDir: true });
    expect([dir, join(dir, 'identity'), join(dir, 'demo.json'), join(dir, 'identity', 'pool.json')].map(modeOf)).toEqual(['700', '700', '600', '600']);
  });

  it('keeps the mode of a SANDBOX_DIR that exists, taking group and other permissions from what the sandbox keeps in it', () => {
    const { dir, entries } = olderSandbox('chosen');
    writeFileSync(join(dir, 'notes.txt'), 'not the sandbox’s');
    chmodSync(join(dir, 'notes.txt'), 0o644);
    prepareSandboxDir(dir, { entries, ownDir: false });
    expect([dir, join(dir, 'notes.txt')].map(modeOf)).toEqual(['755', '644']);
    expect([join(dir, 'identity'), join(dir, 'demo.json'), join(dir, 'identity', 'pool.json')].map(modeOf)).toEqual(['700', '600', '600']);
  });

  it('follows no symbolic link out of the directory', () => {
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'elsewhere');
    chmodSync(outside, 0o644);
    const { dir } = olderSandbox('linked');
    symlinkSync(outside, join(dir, 'identity', 'link'));
    prepareSandboxDir(dir, { entries: [join(dir, 'identity')], ownDir: true });
    expect(modeOf(outside)).toBe('644');
  });
});
