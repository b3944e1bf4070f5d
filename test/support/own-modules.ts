import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a suite does when it loads the handlers or a function in its own worker with settings of its
 * own: stubs the environment they read when they load, spies on or mocks a module, empties the
 * module registry, or serves handlers itself (infra/local/server.ts, test/support/delivery-sandbox.ts).
 */
const LOADS_OWN_MODULES = /\bvi\.(stubEnv|spyOn|resetModules|mock|doMock)\b|\b(startDeliverySandbox|startLocalServer|loadHandlers|loadFunction)\b/;

/**
 * The suites (test/ but test/unit) that load modules of their own, as vitest.config.ts sorts them
 * (decision 0400): each gets the project's modules afresh (test/support/own-modules-setup.ts,
 * decision 0411); the others share their workers' modules, since what they load is configured alike
 * (vitest.config.ts's environment).
 */
export function suitesLoadingOwnModules(root: string): string[] {
  return readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
    .map((file) => `test/${file.split('\\').join('/')}`)
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('test/unit/'))
    .filter((file) => LOADS_OWN_MODULES.test(readFileSync(join(root, file), 'utf8')))
    .sort();
}
