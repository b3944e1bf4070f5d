import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV, IDENTITY_ENV, readEnv, requireEnv, type Env } from '../config/env';
import type { PageIdentity } from './identity';

/**
 * What the dashboard function reads from its environment (lib/config/env.ts), once, at load: where
 * its built files are (lib/dashboard/assets.ts) and where its page signs people in
 * (lib/dashboard/identity.ts). Kept apart from those so that the page itself (dashboard/src), which
 * shares their names, bundles no environment reader.
 */

/** The directory named by DASHBOARD_ASSETS_DIR (its route's `assets.env`), resolved against `moduleUrl` when relative; throws when unset. */
export function dashboardAssetsDir(moduleUrl: string, env?: Env): string {
  const value = requireEnv(ENV.dashboardAssetsDir, env, "(the built dashboard's directory)");
  return resolve(dirname(fileURLToPath(moduleUrl)), value);
}

/**
 * The PageIdentity of IDENTITY_ENDPOINT and USER_POOL_CLIENT_ID (of the process's environment by
 * default), or undefined when neither is set (a stage without an identity service: the page says
 * so). Throws when only one is set, or when the endpoint is not an https URL (http only on
 * loopback, lib/config/env.ts): a function told half of it fails at load, not in a person's browser.
 */
export function pageIdentity(env?: Env): PageIdentity | undefined {
  const endpoint = readEnv(IDENTITY_ENV.endpoint, env);
  const clientId = readEnv(IDENTITY_ENV.clientId, env);
  if (!endpoint && !clientId) return undefined;
  if (!endpoint || !clientId) {
    const missing = endpoint ? IDENTITY_ENV.clientId : IDENTITY_ENV.endpoint;
    throw new Error(
      `Environment variable ${missing} is required beside ${endpoint ? IDENTITY_ENV.endpoint : IDENTITY_ENV.clientId} (where the dashboard signs people in)`,
    );
  }
  return { endpoint: new URL(endpoint).href, clientId };
}
