/** Configuration, read once at load time; a missing value fails fast instead of falling back silently. */
import type { Limits } from '../limits';
import type { DeliverySettings } from './delivery-settings';
import { ENV, readDeliverySettings, readEnv, requireEnv, type Env } from './env';
import type { UrlPolicy } from './webhook-url-policy';

/**
 * A test sandbox's probe timeout (decision 0350), only under the local URL policy: `npm start` and
 * the tests' sandboxes run with it, a deployed stack never does (infra/stack.ts), so a deployed
 * check always waits the contract's 5 s.
 */
function testProbeTimeout(env: Env | undefined, policy: UrlPolicy): number | undefined {
  const ms = readEnv(ENV.testProbeTimeout, env);
  if (ms !== undefined && policy !== 'local') {
    throw new Error(`Environment variable ${ENV.testProbeTimeout} is a local test sandbox's (${ENV.webhookUrlPolicy}=local), not a stage's`);
  }
  return ms;
}

/**
 * Webhook delivery's settings; a test sandbox's timing (decision 0340) only with the local URL
 * policy, which a deployed stack never has (infra/stack.ts), so it cannot reach a deployed function.
 */
function webhookDelivery(env: Env | undefined, policy: UrlPolicy): DeliverySettings {
  const settings = readDeliverySettings(env);
  if (settings.test && policy !== 'local') {
    throw new Error(`Environment variables ${ENV.testRetrySecond} and ${ENV.testClaimLease} are a local test sandbox's (${ENV.webhookUrlPolicy}=local)`);
  }
  return settings;
}

/** Reads the configuration from an environment (the process's by default); throws a message naming the first missing or invalid variable. */
export function readConfig(env?: Env) {
  const webhookUrlPolicy = readEnv(ENV.webhookUrlPolicy, env) ?? 'deployed';
  return {
    /** The single DynamoDB table. */
    tableName: requireEnv(ENV.tableName, env),
    /** Only set locally (DynamoDB Local); deployed functions use the regional endpoint. */
    dynamoEndpoint: readEnv(ENV.dynamoEndpoint, env),
    /** The per-client budget of the stage (lib/limits.ts). */
    limits: {
      requestsPerSecond: requireEnv(ENV.requestsPerSecond, env),
      readUnitsPerRequest: requireEnv(ENV.readUnitsPerRequest, env),
    } satisfies Limits,
    /** Which webhook URLs are accepted (lib/webhooks/url-policy.ts): `local` only under `npm start`; absent is `deployed`, the strict one, so forgetting it never loosens anything. */
    webhookUrlPolicy,
    /** Webhook retries and attempt timeout (lib/config/delivery-settings.ts): the contract's unless set. */
    webhookDelivery: webhookDelivery(env, webhookUrlPolicy),
    /** How long a receiver check's probe waits when a local test sandbox shortens it; undefined: the contract's 5 s. */
    webhookProbeTimeoutMs: testProbeTimeout(env, webhookUrlPolicy),
  } as const;
}

export const config = readConfig();
