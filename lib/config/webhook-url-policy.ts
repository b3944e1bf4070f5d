/**
 * Which webhook URLs the service accepts (docs/api.md §11): `deployed` (https only, a host name
 * whose every address is public) or `local` (also http and loopback, for `npm start`). Kept apart
 * from the checks themselves (lib/webhooks/url-policy.ts) so that lib/config/config.ts and the CDK
 * stack can name the policies without bundling an address library into every function.
 */

/** The environment variable that picks the policy; absent means `deployed`, the strict one. */
export const URL_POLICY_ENV = 'WEBHOOK_URL_POLICY';

export const urlPolicies = ['deployed', 'local'] as const;

export type UrlPolicy = (typeof urlPolicies)[number];

/** True when `value` names a policy. */
export function isUrlPolicy(value: string): value is UrlPolicy {
  return (urlPolicies as readonly string[]).includes(value);
}
