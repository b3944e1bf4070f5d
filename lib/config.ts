/** Configuration, read once at load time; a missing value fails fast instead of falling back silently. */
import { isUrlPolicy, URL_POLICY_ENV, urlPolicies, type UrlPolicy } from './webhooks/policy';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Environment variable ${name} is required`);
  }
  return value;
}

/** The webhook URL policy; absent means `deployed`, the strict one, so forgetting it never loosens anything. */
function webhookUrlPolicy(): UrlPolicy {
  const value = process.env[URL_POLICY_ENV];
  if (value === undefined || value === '') return 'deployed';
  if (!isUrlPolicy(value)) throw new Error(`Environment variable ${URL_POLICY_ENV} must be one of ${urlPolicies.join(', ')}, not '${value}'`);
  return value;
}

export const config = {
  /** The single DynamoDB table. */
  tableName: required('TABLE_NAME'),
  /** Only set locally (DynamoDB Local); deployed functions use the regional endpoint. */
  dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
  /** Which webhook URLs are accepted (lib/webhooks/url-policy.ts): `local` only under `npm start`. */
  webhookUrlPolicy: webhookUrlPolicy(),
} as const;
