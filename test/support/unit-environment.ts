import { LOCAL_TABLE_NAME } from '../../infra/local/table-name';
import { ENV, limitsEnvironment } from '../../lib/config/env';
import { DEFAULT_LIMITS } from '../../lib/limits';

/**
 * The unit suites' setup file (vitest.unit.config.ts). A module that reads the stage's configuration
 * when it loads (lib/config/config.ts) needs what a stage's function is given, as npm test's local
 * server gives it; no unit test reaches a table. Set here rather than in the config's `env`, which
 * would have the config import lib/: vitest bundles a config's imports each time it starts.
 */
Object.assign(process.env, { ...limitsEnvironment(DEFAULT_LIMITS), [ENV.tableName]: LOCAL_TABLE_NAME });
