/** Configuration, read once at load time; a missing value fails fast instead of falling back silently. */
import type { Limits } from '../limits';
import type { DeliverySettings } from './delivery-settings';
import type { UrlPolicy } from './webhook-url-policy';
import { ENV, readDeliverySettings, readEnv, requireEnv, type Env } from './env';

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
  const urlPolicy = readEnv(ENV.webhookUrlPolicy, env) ?? 'deployed';
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
    webhookUrlPolicy: urlPolicy,
    /** Webhook retries and attempt timeout (lib/config/delivery-settings.ts): the contract's unless set. */
    webhookDelivery: webhookDelivery(env, urlPolicy),
  } as const;
}

export const config = readConfig();
