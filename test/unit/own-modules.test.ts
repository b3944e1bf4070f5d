import { describe, expect, it } from 'vitest';
import { loadsOwnModules } from '../support/own-modules';

describe('the suites that get the project modules afresh (decision 0416)', () => {
  it('are those that stub the environment, spy on or mock a module, empty the registry, or serve or load handlers themselves', () => {
    for (const source of [
      "vi.stubEnv('RATE_LIMIT', '3');",
      'const sandbox = await startDeliverySandbox(settings);',
      "const spy = vi.spyOn(process.stdout, 'write');",
      'vi.resetModules();',
      "vi.mock('../../lib/clock');",
      "const fn = await loadFunction('createPayment');",
      'const handlers = await loadHandlers(routes);',
      'const server = await startLocalServer({ port: 0, handlers });',
    ]) {
      expect(loadsOwnModules(source), source).toBe(true);
    }
  });

  it('are not those that only call the run sandbox or open a page, even when a name merely contains one of those words', () => {
    for (const source of [
      "const res = await call('POST', '/payment/create', { key, body });",
      'const page = await browser.newPage();',
      'const preloadFunctions = [];',
      '// the handlers load their settings once',
    ]) {
      expect(loadsOwnModules(source), source).toBe(false);
    }
  });
});
