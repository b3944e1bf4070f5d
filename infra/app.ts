/**
 * The CDK CLI's app (cdk.json): the CI role stack when `-c ci-role=true`, else the sandbox's
 * PaymentSandbox-<stage> (infra/sandbox-app.ts, imported only then). Each app is synthesized by
 * whoever builds it, never again as the process exits (decision 0380).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { CI_ROLE_TAG, ciRoleStackNameOf, TRUST_EVERY_WORKFLOW, validateGithubRepo } from './ci-role-options';
import { CiRoleStack } from './ci-role-stack';
import { InvalidContextError, parseContextSwitch, validateStage } from './stage';

export { InvalidContextError, validateStage };

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
  // Not on exit: a stack that refused its context would be synthesized half-built (decision 0380).
  const app = new App({ context: options.context, outdir: options.outdir, autoSynth: false });
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
      options.trustEveryWorkflowOfTheRepository ?? parseContextSwitch(TRUST_EVERY_WORKFLOW, app.node.tryGetContext(TRUST_EVERY_WORKFLOW)),
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
    // The sandbox's module (its stack, every function's entry) is loaded only when it is synthesized.
    (wantsCiRole(new App({ autoSynth: false })) ? buildCiRoleApp() : (await import('./sandbox-app')).buildApp()).app.synth();
  } catch (error) {
    if (!(error instanceof InvalidContextError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
