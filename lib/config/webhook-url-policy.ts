/**
 * Which webhook URLs the service accepts (docs/api.md §11): `deployed` (https only, a host name
 * whose every address is public) or `local` (also http and loopback, for `npm start`). Kept apart
 * from the checks themselves (lib/webhooks/url-policy.ts) so that lib/config/env.ts (WEBHOOK_URL_POLICY) and the CDK
 * stack can name the policies without bundling an address library into every function.
 */

export const urlPolicies = ['deployed', 'local'] as const;

export type UrlPolicy = (typeof urlPolicies)[number];
