/** Configuration, read once at load time; a missing value fails fast instead of falling back silently. */
import type { Limits } from '../limits';
import { ENV, readDeliverySettings, readEnv, requireEnv, type Env } from './env';

/** Reads the configuration from an environment (the process's by default); throws a message naming the first missing or invalid variable. */
export function readConfig(env?: Env) {
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
    webhookUrlPolicy: readEnv(ENV.webhookUrlPolicy, env) ?? 'deployed',
    /** Webhook retries and attempt timeout (lib/config/delivery-settings.ts): the contract's unless set. */
    webhookDelivery: readDeliverySettings(env),
  } as const;
}

export const config = readConfig();
