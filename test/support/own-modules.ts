/**
 * What a suite does when it loads the handlers or a function with settings of its own: stubs the
 * environment they read when they load, spies on or mocks a module, empties the module registry,
 * or serves handlers itself (infra/local/server.ts, test/support/delivery-sandbox.ts).
 */
const LOADS_OWN_MODULES = /\bvi\.(stubEnv|spyOn|resetModules|mock|doMock)\b|\b(startDeliverySandbox|startLocalServer|loadHandlers|loadFunction)\b/;

/**
 * Whether a suite (test/ but test/unit) with this source loads modules of its own: it then gets the
 * project's modules afresh, and so does the next file its worker runs (test/support/own-modules-setup.ts,
 * decision 0416); the other suites share their worker's modules (decision 0400).
 */
export const loadsOwnModules = (source: string): boolean => LOADS_OWN_MODULES.test(source);
