/**
 * What names the CI role stack (`npm run deploy -- --ci-role --github-repo owner/name`): its
 * GitHub repository, its stack name and the existing OIDC provider it may reuse. Like stage.ts,
 * this imports nothing from the CDK, so the deploy script checks its flags at once.
 */
import { InvalidContextError } from './stage';

/** The CI role stacks are `PaymentSandboxCiRole-<owner>-<name>`: never `PaymentSandbox-*`, which the role may delete. */
export const CI_ROLE_STACK_PREFIX = 'PaymentSandboxCiRole-';

/** The tag of a CI role stack: not the sandbox tag, so `stacks list` and `stacks prune` never see it. */
export const CI_ROLE_TAG = { key: 'project', value: 'payment-sandbox-ci-role' } as const;

/** GitHub's OIDC issuer, without the scheme as IAM names it in condition keys. */
export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';

// GitHub: an owner is 1-39 letters, digits and single inner hyphens; a repository name 1-100 letters,
// digits, '.', '-' and '_' (not '.' or '..').
const OWNER = /^[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;

/** Returns `owner/name`, or throws an InvalidContextError that says what GitHub accepts. */
export function validateGithubRepo(value: string): string {
  const [owner, name, ...rest] = value.split('/');
  if (rest.length === 0 && owner !== undefined && name !== undefined && OWNER.test(owner) && REPO.test(name) && name !== '.' && name !== '..') {
    return value;
  }
  throw new InvalidContextError(
    `Invalid GitHub repository ${JSON.stringify(value)}: use owner/name as in https://github.com/owner/name, ` +
      'e.g. --github-repo acme/shop (the owner: letters, digits and single hyphens; the name: letters, digits, ., - and _)',
  );
}

const PROVIDER_ARN = new RegExp(`^arn:aws(?:-[a-z]+)*:iam::\\d{12}:oidc-provider/${GITHUB_OIDC_HOST.replace(/\./g, '\\.')}$`);

/** Returns the ARN of an existing GitHub OIDC provider, or throws an InvalidContextError. */
export function validateOidcProviderArn(value: string): string {
  if (PROVIDER_ARN.test(value)) return value;
  throw new InvalidContextError(
    `Invalid OIDC provider ARN ${JSON.stringify(value)}: use GitHub's provider of the account, ` +
      `arn:aws:iam::<account id>:oidc-provider/${GITHUB_OIDC_HOST} (aws iam list-open-id-connect-providers)`,
  );
}

/** `acme/shop` → `PaymentSandboxCiRole-acme-shop` (characters a stack name cannot hold become hyphens). */
export function ciRoleStackNameOf(githubRepo: string): string {
  return `${CI_ROLE_STACK_PREFIX}${validateGithubRepo(githubRepo).replace(/[^A-Za-z0-9]/g, '-')}`.slice(0, 128);
}
