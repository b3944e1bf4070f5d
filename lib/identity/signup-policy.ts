/**
 * Who may sign up on a stage (docs/api.md §14), chosen at deploy (`--signup`): anyone who confirms
 * an e-mail, only some e-mail domains, or nobody (operators add people with `admin users add`).
 */
export type SignupPolicy = { readonly kind: 'open' } | { readonly kind: 'closed' } | { readonly kind: 'domain'; readonly domains: readonly string[] };

/** A deployed stage's policy unless `--signup` says otherwise; `npm start` runs `open`. */
export const DEPLOYED_SIGNUP_POLICY = 'closed';
export const LOCAL_SIGNUP_POLICY = 'open';

/** The CDK context key of a stage's policy: `npm run deploy -- --signup P` passes `-c signup=P`. */
export const SIGNUP_POLICY_CONTEXT = 'signup';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export class SignupPolicyError extends Error {
  constructor(text: string) {
    super(`Invalid sign-up policy '${text}': expected open, closed or domain:example.com[,other.org]`);
    this.name = 'SignupPolicyError';
  }
}

/** Parses `open`, `closed` or `domain:a.com[,b.org]` (domains lowercased); throws SignupPolicyError otherwise. */
export function parseSignupPolicy(text: string): SignupPolicy {
  if (text === 'open' || text === 'closed') return { kind: text };
  if (!text.startsWith('domain:')) throw new SignupPolicyError(text);
  const domains = text
    .slice('domain:'.length)
    .split(',')
    .map((d) => d.trim().toLowerCase());
  if (domains.length === 0 || !domains.every((d) => DOMAIN.test(d))) throw new SignupPolicyError(text);
  return { kind: 'domain', domains: [...new Set(domains)] };
}

/** The policy's text form, as `--signup` takes it. */
export function formatSignupPolicy(policy: SignupPolicy): string {
  return policy.kind === 'domain' ? `domain:${policy.domains.join(',')}` : policy.kind;
}

/** Whether a person with this e-mail address may sign up themselves under the policy. */
export function allowsSignup(policy: SignupPolicy, email: string): boolean {
  if (policy.kind !== 'domain') return policy.kind === 'open';
  const at = email.lastIndexOf('@');
  return at > 0 && policy.domains.includes(email.slice(at + 1).toLowerCase());
}
