/**
 * What names the CI role stack (`npm run deploy -- --ci-role --github-repo owner/name …`): its
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

// A GitHub environment name: up to 255 characters; here without the characters IAM's StringLike or
// the list in the CDK context would read as something else (`*`, `?`, `,`) and without `:`, which
// separates the parts of the OIDC subject.
const ENVIRONMENT = /^[A-Za-z0-9._ -]{1,255}$/;
// A branch or tag ref as git allows it, minus wildcards and the characters above.
const REF = /^refs\/(heads|tags)\/[A-Za-z0-9._/-]{1,240}$/;

/** Returns the GitHub environment name, or throws an InvalidContextError that says what is accepted. */
export function validateGithubEnvironment(value: string): string {
  if (ENVIRONMENT.test(value) && value.trim() === value) return value;
  throw new InvalidContextError(
    `Invalid GitHub environment ${JSON.stringify(value)}: use its name as in the repository's settings, e.g. --github-environment prod ` +
      '(letters, digits, spaces, ., - and _; no *, ?, : or ,)',
  );
}

/** Returns the ref (`refs/heads/main`, `refs/tags/v1.2.0`), or throws an InvalidContextError. */
export function validateGithubRef(value: string): string {
  if (REF.test(value) && !value.includes('..') && !value.endsWith('/')) return value;
  throw new InvalidContextError(
    `Invalid git ref ${JSON.stringify(value)}: use a full branch or tag ref, e.g. --github-ref refs/heads/main or --github-ref refs/tags/v1.0.0 (no wildcards)`,
  );
}

/**
 * The flag (`--trust-every-workflow-of-the-repository`) and the cdk context key
 * (`-c trust-every-workflow-of-the-repository=true`) that let every workflow of the repository assume
 * the CI role: named for what it allows, since without `--github-environment` or `--github-ref` nothing
 * else does.
 */
export const TRUST_EVERY_WORKFLOW = 'trust-every-workflow-of-the-repository';

/** Which workflows of the repository may assume the CI role: only jobs of these environments and refs, or, asked for by name, any. */
export interface CiRoleTrust {
  readonly githubRepo: string;
  /** `--github-environment`: jobs that run in one of these GitHub environments. */
  readonly environments?: readonly string[];
  /** `--github-ref`: jobs of one of these branches or tags (outside any environment). */
  readonly refs?: readonly string[];
  /** `--trust-every-workflow-of-the-repository`: every branch, tag, pull request and environment (`repo:owner/name:*`). */
  readonly everyWorkflow?: boolean;
}

/**
 * The OIDC subjects (`token.actions.githubusercontent.com:sub`) the CI role trusts: exactly
 * `repo:owner/name:environment:NAME` and `repo:owner/name:ref:REF` for each given, or, only when
 * `everyWorkflow` asks for it, the pattern `repo:owner/name:*` — every branch, tag, pull request and
 * environment of the repository. Throws an InvalidContextError when neither is given, or both: whoever
 * assumes the role deploys through the account's cdk bootstrap roles (docs/decisions/0200).
 */
export function trustedSubjects(trust: CiRoleTrust): { readonly exact: boolean; readonly subjects: readonly string[] } {
  const repo = validateGithubRepo(trust.githubRepo);
  const subjects = [
    ...(trust.environments ?? []).map((name) => `repo:${repo}:environment:${validateGithubEnvironment(name)}`),
    ...(trust.refs ?? []).map((ref) => `repo:${repo}:ref:${validateGithubRef(ref)}`),
  ];
  if (trust.everyWorkflow) {
    if (subjects.length > 0) {
      throw new InvalidContextError(
        `--${TRUST_EVERY_WORKFLOW} lets every workflow of ${repo} assume the CI role, so it takes no --github-environment or --github-ref: leave out one or the other`,
      );
    }
    return { exact: false, subjects: [`repo:${repo}:*`] };
  }
  if (subjects.length === 0) {
    throw new InvalidContextError(
      `The CI role of ${repo} needs --github-environment NAME (jobs that run in that GitHub environment, e.g. --github-environment pr-sandbox) ` +
        'or --github-ref REF (jobs of that branch or tag, e.g. --github-ref refs/heads/main), each repeatable; ' +
        'to cdk directly, -c github-environments=NAME or -c github-refs=REF. Whoever assumes the role deploys through the ' +
        `account's cdk bootstrap roles, so without them anyone who can push a branch of ${repo} could. ` +
        `Only --${TRUST_EVERY_WORKFLOW} (-c ${TRUST_EVERY_WORKFLOW}=true) trusts every branch, tag, pull request and environment of it.`,
    );
  }
  return { exact: true, subjects: [...new Set(subjects)] };
}
