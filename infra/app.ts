import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { DEPLOYED_SIGNUP_POLICY, parseSignupPolicy, SIGNUP_POLICY_CONTEXT, SignupPolicyError, type SignupPolicy } from '../lib/identity/signup-policy';
import { DEFAULT_LIMITS, LIMIT_CONTEXT, parseLimit, type Limits } from '../lib/limits';
import { CI_ROLE_TAG, ciRoleStackNameOf, TRUST_EVERY_WORKFLOW, validateGithubRepo } from './ci-role-options';
import { CiRoleStack } from './ci-role-stack';
import { PaymentSandboxStack } from './stack';
import { InvalidContextError, sandboxTags, stackNameOf, validateStage } from './stage';

export { InvalidContextError, validateStage };

/**
 * The stage when `-c stage=…` is not given. A developer's bare `cdk synth` or
 * `cdk deploy` then works and lands in PaymentSandbox-dev; CI and shared
 * stages always pass their own name.
 */
export const DEFAULT_STAGE = 'dev';

export interface StackOptions {
  /** Lowercase letters, digits and single hyphens, e.g. `dev`, `alice`, `pr-42`. */
  readonly stage: string;
  /** Keep the table when the stack is deleted (`-c retain=true`). */
  readonly retain: boolean;
  /** The per-client budget (`-c requests-per-second=N -c read-units-per-request=N`); default lib/limits.ts. */
  readonly limits?: Limits;
  /** Who may sign up themselves (`-c signup=open|closed|domain:a.com[,b.org]`); default `closed`. */
  readonly signupPolicy?: SignupPolicy;
}

export interface BuildAppOptions {
  /** Overrides `-c stage=…`. */
  readonly stage?: string;
  /** Overrides `-c retain=…`. */
  readonly retain?: boolean;
  /** Context for the App, as `cdk -c` or cdk.json would give it (tests pass `cdkJsonContext()`). */
  readonly context?: Record<string, unknown>;
  /** Cloud assembly directory; by default the CLI's, or a temporary one. */
  readonly outdir?: string;
}

/** A yes-or-no context value (`-c key=true`), false when not given. */
function parseSwitch(key: string, value: unknown): boolean {
  if (value === undefined || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new InvalidContextError(`Invalid ${key} ${JSON.stringify(value)}: use -c ${key}=true or -c ${key}=false`);
}

/** The limits of `-c requests-per-second=N` and `-c read-units-per-request=N`, each defaulting to lib/limits.ts. */
function parseLimits(context: (key: string) => unknown): Limits {
  const limit = (key: keyof Limits) => {
    const value = context(LIMIT_CONTEXT[key]);
    if (value === undefined) return DEFAULT_LIMITS[key];
    try {
      return parseLimit(LIMIT_CONTEXT[key], value);
    } catch {
      throw new InvalidContextError(
        `Invalid ${LIMIT_CONTEXT[key]} ${JSON.stringify(value)}: use a positive integer, e.g. -c ${LIMIT_CONTEXT[key]}=${DEFAULT_LIMITS[key]}`,
      );
    }
  };
  return { requestsPerSecond: limit('requestsPerSecond'), readUnitsPerRequest: limit('readUnitsPerRequest') };
}

/** The policy of `-c signup=…`, `closed` when not given (lib/identity/signup-policy.ts). */
function parseSignup(value: unknown): SignupPolicy {
  try {
    return parseSignupPolicy(value === undefined ? DEPLOYED_SIGNUP_POLICY : String(value));
  } catch (error) {
    if (!(error instanceof SignupPolicyError)) throw error;
    throw new InvalidContextError(`${error.message}, e.g. -c ${SIGNUP_POLICY_CONTEXT}=domain:example.com`);
  }
}

/** Creates PaymentSandbox-<stage> in `scope`, tagged with the project and the stage. */
export function createStack(scope: Construct, options: StackOptions): PaymentSandboxStack {
  const stage = validateStage(options.stage);
  const tags = sandboxTags(stage);
  // No `env`: account and region come from the CLI's environment at deploy time.
  const stack = new PaymentSandboxStack(scope, stackNameOf(stage), {
    stage,
    retain: options.retain,
    limits: options.limits ?? DEFAULT_LIMITS,
    signupPolicy: options.signupPolicy ?? parseSignupPolicy(DEPLOYED_SIGNUP_POLICY),
    description: `Payment Sandbox (${stage}): HTTP API, one Lambda per route, one DynamoDB table, one user pool`,
    tags, // the CloudFormation stack itself
  });
  for (const [key, value] of Object.entries(tags)) Tags.of(stack).add(key, value); // every resource in it
  return stack;
}

/** Builds the app as `cdk synth` runs it: context (stage, retain, limits, sign-up policy) read once, one stack, cdk-nag AwsSolutions checks. */
export function buildApp(options: BuildAppOptions = {}): { app: App; stack: PaymentSandboxStack } {
  const app = new App({ context: options.context, outdir: options.outdir });
  const stage = options.stage ?? String(app.node.tryGetContext('stage') ?? DEFAULT_STAGE);
  const retain = options.retain ?? parseSwitch('retain', app.node.tryGetContext('retain'));
  const limits = parseLimits((key) => app.node.tryGetContext(key));
  const signupPolicy = parseSignup(app.node.tryGetContext(SIGNUP_POLICY_CONTEXT));
  const stack = createStack(app, { stage, retain, limits, signupPolicy });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

export interface BuildCiRoleAppOptions {
  /** Overrides `-c github-repo=owner/name`. */
  readonly githubRepo?: string;
  /** Overrides `-c oidc-provider-arn=…`. */
  readonly oidcProviderArn?: string;
  /** Overrides `-c github-environments=a,b`. */
  readonly githubEnvironments?: readonly string[];
  /** Overrides `-c github-refs=refs/heads/main,…`. */
  readonly githubRefs?: readonly string[];
  /** Overrides `-c trust-every-workflow-of-the-repository=true`. */
  readonly trustEveryWorkflowOfTheRepository?: boolean;
  readonly context?: Record<string, unknown>;
  readonly outdir?: string;
}

/** True when the CLI asks for the CI role stack (`-c ci-role=true`) instead of a sandbox stage. */
export function wantsCiRole(app: App): boolean {
  const value: unknown = app.node.tryGetContext('ci-role');
  if (value === undefined || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new InvalidContextError(`Invalid ci-role ${JSON.stringify(value)}: use -c ci-role=true`);
}

/**
 * Builds the app of `-c ci-role=true -c github-repo=owner/name [-c oidc-provider-arn=…]
 * -c github-environments=a,b | -c github-refs=refs/heads/main,… | -c trust-every-workflow-of-the-repository=true`:
 * only the CI role stack of that repository (PaymentSandboxCiRole-owner-name), with the same cdk-nag
 * checks. Without an environment, a ref or that switch it is refused (InvalidContextError), as `npm run deploy` refuses it.
 */
export function buildCiRoleApp(options: BuildCiRoleAppOptions = {}): { app: App; stack: CiRoleStack } {
  const app = new App({ context: options.context, outdir: options.outdir });
  const githubRepo = options.githubRepo ?? app.node.tryGetContext('github-repo');
  if (typeof githubRepo !== 'string') {
    throw new InvalidContextError('The CI role needs its GitHub repository: -c github-repo=owner/name');
  }
  const oidcProviderArn = options.oidcProviderArn ?? app.node.tryGetContext('oidc-provider-arn');
  const list = (key: string): string[] => {
    const value: unknown = app.node.tryGetContext(key);
    if (value === undefined || value === '') return [];
    if (typeof value !== 'string') throw new InvalidContextError(`Invalid ${key} ${JSON.stringify(value)}: a comma-separated list`);
    return value.split(',');
  };
  const stack = new CiRoleStack(app, ciRoleStackNameOf(validateGithubRepo(githubRepo)), {
    githubRepo,
    githubEnvironments: options.githubEnvironments ?? list('github-environments'),
    githubRefs: options.githubRefs ?? list('github-refs'),
    trustEveryWorkflowOfTheRepository:
      options.trustEveryWorkflowOfTheRepository ?? parseSwitch(TRUST_EVERY_WORKFLOW, app.node.tryGetContext(TRUST_EVERY_WORKFLOW)),
    oidcProviderArn: typeof oidcProviderArn === 'string' && oidcProviderArn !== '' ? oidcProviderArn : undefined,
    description: `Payment Sandbox CI role of ${githubRepo}: GitHub OIDC and a role for deploy, ci-env, stacks prune and destroy`,
    tags: { [CI_ROLE_TAG.key]: CI_ROLE_TAG.value },
  });
  Tags.of(stack).add(CI_ROLE_TAG.key, CI_ROLE_TAG.value);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

/** The context of cdk.json (feature flags), so an app built outside the CLI synthesizes the same template. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

const isEntryPoint = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint) {
  try {
    (wantsCiRole(new App({ autoSynth: false })) ? buildCiRoleApp() : buildApp()).app.synth();
  } catch (error) {
    if (!(error instanceof InvalidContextError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
