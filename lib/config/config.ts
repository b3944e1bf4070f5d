/** Configuration, read once at load time; a missing value fails fast instead of falling back silently. */
import { isUrlPolicy, URL_POLICY_ENV, urlPolicies, type UrlPolicy } from './webhook-url-policy';

import { LIMIT_ENV, parseLimit, type Limits } from '../limits';
import { readDeliverySettings, TEST_CLAIM_LEASE_ENV, TEST_RETRY_SECOND_ENV, type DeliverySettings } from './delivery-settings';

type Env = Readonly<Record<string, string | undefined>>;

function required(env: Env, name: string): string {
  const value = env[name];
  if (value === undefined || value === '') {
    throw new Error(`Environment variable ${name} is required`);
  }
  return value;
}

/** The webhook URL policy; absent means `deployed`, the strict one, so forgetting it never loosens anything. */
function webhookUrlPolicy(env: Env): UrlPolicy {
  const value = env[URL_POLICY_ENV];
  if (value === undefined || value === '') return 'deployed';
  if (!isUrlPolicy(value)) throw new Error(`Environment variable ${URL_POLICY_ENV} must be one of ${urlPolicies.join(', ')}, not '${value}'`);
  return value;
}

/**
 * Webhook delivery's settings; a test sandbox's timing (decision 0340) only with the local URL
 * policy, which a deployed stack never has (infra/stack.ts), so it cannot reach a deployed function.
 */
function webhookDelivery(env: Env, policy: UrlPolicy): DeliverySettings {
  const settings = readDeliverySettings(env);
  if (settings.test && policy !== 'local') {
    throw new Error(`Environment variables ${TEST_RETRY_SECOND_ENV} and ${TEST_CLAIM_LEASE_ENV} are a local test sandbox's (${URL_POLICY_ENV}=local)`);
  }
  return settings;
}

/** Reads the configuration from an environment; throws a message naming the first missing or invalid variable. */
export function readConfig(env: Env) {
  const limit = (key: keyof Limits) => parseLimit(`Environment variable ${LIMIT_ENV[key]}`, required(env, LIMIT_ENV[key]));
  const urlPolicy = webhookUrlPolicy(env);
  return {
    /** The single DynamoDB table. */
    tableName: required(env, 'TABLE_NAME'),
    /** Only set locally (DynamoDB Local); deployed functions use the regional endpoint. */
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    /** The per-client budget of the stage (lib/limits.ts). */
    limits: { requestsPerSecond: limit('requestsPerSecond'), readUnitsPerRequest: limit('readUnitsPerRequest') } satisfies Limits,
    /** Which webhook URLs are accepted (lib/webhooks/url-policy.ts): `local` only under `npm start`. */
    webhookUrlPolicy: urlPolicy,
    /** Webhook retries and attempt timeout (lib/config/delivery-settings.ts): the contract's unless set. */
    webhookDelivery: webhookDelivery(env, urlPolicy),
  } as const;
}

export const config = readConfig(process.env);
