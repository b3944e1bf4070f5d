import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { suitesLoadingOwnModules } from '../support/own-modules';

const root = mkdtempSync(join(tmpdir(), 'own-modules-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};

describe('the suites that run in a fresh worker (decision 0400)', () => {
  it('are those that stub the environment, spy on or mock a module, or serve or load handlers themselves; never a unit file', () => {
    write('test/http/limits.test.ts', "vi.stubEnv('RATE_LIMIT', '3');");
    write('test/http/retries.test.ts', 'const sandbox = await startDeliverySandbox(settings);');
    write('test/integration/logs.test.ts', "const spy = vi.spyOn(process.stdout, 'write');");
    write('test/integration/cursor.test.ts', 'vi.resetModules();');
    write('test/http/deployed.test.ts', "const fn = await loadFunction('createPayment');");
    write('test/http/payments.test.ts', "const res = await call('POST', '/payment/create', { key, body });");
    write('test/browser/page.test.ts', 'const page = await browser.newPage();');
    write('test/unit/config.test.ts', "vi.stubEnv('TABLE_NAME', 'x');");
    write('test/http/helpers.ts', "vi.stubEnv('TABLE_NAME', 'x');");
    expect(suitesLoadingOwnModules(root)).toEqual([
      'test/http/deployed.test.ts',
      'test/http/limits.test.ts',
      'test/http/retries.test.ts',
      'test/integration/cursor.test.ts',
      'test/integration/logs.test.ts',
    ]);
  });
});
