import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../support/commands';

/**
 * test/support/own-modules-setup.ts, in a vitest run of its own: four files in one worker that
 * shares its modules, in order. A file that stubs the environment gets a module of its own; the
 * file after it gets one afresh, without the stubbed variable; the file after that shares it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const setupFile = join(root, 'test/support/own-modules-setup.ts');
const fixture = mkdtempSync(join(tmpdir(), 'own-modules-setup-'));
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const files: Record<string, string> = {
  'vitest.config.mjs': `export default { test: {
    include: ['*.test.ts'], pool: 'forks', maxWorkers: 1, isolate: false,
    setupFiles: process.env.FIXTURE_SETUP ? [process.env.FIXTURE_SETUP] : [],
    sequence: { sequencer: class { async sort(files) { return files.sort((a, b) => a.moduleId.localeCompare(b.moduleId)); } async shard(files) { return files; } } },
  } };`,
  'token.ts': `export const token = Symbol('a module of the project, as this file loaded it');`,
  'a.test.ts': `import { expect, it } from 'vitest';
    import { token } from './token';
    it('a shares the worker modules', () => { globalThis.tokens = { a: token }; expect(process.env.OWN_SETTING).toBeUndefined(); });`,
  'b.test.ts': `import { expect, it, vi } from 'vitest';
    vi.stubEnv('OWN_SETTING', 'b');
    it('b, which stubs the environment, gets the modules afresh', async () => {
      const { token } = await import('./token');
      globalThis.tokens.b = token;
      expect(token).not.toBe(globalThis.tokens.a);
    });`,
  'c.test.ts': `import { expect, it } from 'vitest';
    import { token } from './token';
    it('c, after b, gets them afresh, without b settings', () => {
      globalThis.tokens.c = token;
      expect(token).not.toBe(globalThis.tokens.b);
      expect(process.env.OWN_SETTING).toBeUndefined();
    });`,
  'd.test.ts': `import { expect, it } from 'vitest';
    import { token } from './token';
    it('d, after c, shares c modules', () => { expect(token).toBe(globalThis.tokens.c); });`,
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(fixture, name), text);

const runFixture = (setup?: string) =>
  runCommand(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', fixture], {
    FIXTURE_SETUP: setup ?? '',
    NO_COLOR: '1',
  });

describe.concurrent('the suites setup file (decision 0416)', () => {
  it('gives a file that loads its own modules, and the file after it, the project modules afresh, and the next file shares them', async () => {
    const ran = await runFixture(setupFile);
    expect(ran.stdout + ran.stderr).toMatch(/Tests\s+4 passed \(4\)/);
    expect(ran.code).toBe(0);
  });

  it('is what keeps those files apart: without it, the file after one that stubbed the environment gets its modules', async () => {
    const ran = await runFixture();
    const output = ran.stdout + ran.stderr;
    expect(output).toMatch(/Tests\s+2 failed \| 2 passed \(4\)/);
    expect(output).toContain('FAIL  b.test.ts');
    expect(output).toContain('FAIL  c.test.ts');
    expect(ran.code).toBe(1);
  });
});
