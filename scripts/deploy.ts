/**
 * `npm run deploy -- --stage NAME [--retain] [--requests-per-second N] [--read-units-per-request N] [--signup POLICY]`:
 * `cdk deploy` of PaymentSandbox-NAME, then the stack's ApiUrl (the contract's {base_url}), TableName,
 * user pool and app client from its outputs file, and who may sign up.
 * `npm run deploy -- --ci-role --github-repo owner/name --github-environment NAME|--github-ref REF
 * [--oidc-provider-arn ARN]`: `cdk deploy` of the CI role stack of that repository
 * (infra/ci-role-stack.ts), then the role's ARN and whom it trusts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  ciRoleStackNameOf,
  TRUST_EVERY_WORKFLOW,
  trustedSubjects,
  validateGithubEnvironment,
  validateGithubRef,
  validateGithubRepo,
  validateOidcProviderArn,
} from '../infra/ci-role-options';
import { InvalidContextError, STACK_OUTPUTS, stackNameOf, validateStage } from '../infra/stage';
import { isParseArgsError } from '../infra/local/cli';
import {
  DEPLOYED_SIGNUP_POLICY,
  formatSignupPolicy,
  parseSignupPolicy,
  SIGNUP_POLICY_CONTEXT,
  SignupPolicyError,
  type SignupPolicy,
} from '../lib/identity/signup-policy';
import { DEFAULT_LIMITS, LIMIT_CONTEXT, parseLimit, type Limits } from '../lib/limits';
import { checkCredentials, defaultDeps, outputsFileOf, runAsScript, type ScriptDeps } from './cdk-stage';

const USAGE = `Usage: npm run deploy -- --stage NAME [--retain] [--requests-per-second N] [--read-units-per-request N] [--signup POLICY]
       npm run deploy -- --ci-role --github-repo owner/name (--github-environment NAME | --github-ref REF)… [--oidc-provider-arn ARN]

Deploys the stack PaymentSandbox-NAME with your AWS credentials (default chain) and prints its ApiUrl.
  --stage NAME                 lowercase letters, digits and single hyphens, e.g. alice, team-a, pr-42
  --retain                     keep the table when the stack is destroyed (long-lived team stages)
  --requests-per-second N      requests one client may make per second (default ${DEFAULT_LIMITS.requestsPerSecond})
  --read-units-per-request N   DynamoDB read units one list request may spend (default ${DEFAULT_LIMITS.readUnitsPerRequest})
  --signup POLICY              who may sign up in the dashboard themselves (default ${DEPLOYED_SIGNUP_POLICY}):
                               open, domain:example.com[,other.org] (those e-mail domains only), or closed
                               (nobody: an operator adds people with the admin CLI's users add)

With --ci-role, deploys instead the CI role of a GitHub repository (stack PaymentSandboxCiRole-owner-name):
GitHub's OIDC provider and a role that only the named jobs of owner/name may assume, allowed to deploy, destroy,
ci-env and stacks prune sandbox stacks of this region. Prints the role's ARN for SANDBOX_DEPLOY_ROLE_ARN.
  --github-repo owner/name     the repository, as in https://github.com/owner/name
  --github-environment NAME    its jobs that run in this GitHub environment may assume the role (repeatable)
  --github-ref REF             its jobs of this branch or tag, e.g. refs/heads/main (repeatable);
                               one of the two is required
  --${TRUST_EVERY_WORKFLOW}
                               instead of either: every workflow of the repository may assume the role
                               (repo:owner/name:*: every branch, tag, pull request and environment), so
                               anyone who can push a branch can deploy with it
  --oidc-provider-arn ARN      the account's GitHub OIDC provider, when it has one already
                               (arn:aws:iam::<account id>:oidc-provider/token.actions.githubusercontent.com)`;

interface CiRoleRequest {
  readonly githubRepo: string;
  readonly oidcProviderArn: string | undefined;
  /** `--github-environment` (repeatable): narrows who may assume the role. */
  readonly environments: readonly string[];
  /** `--github-ref` (repeatable): likewise. */
  readonly refs: readonly string[];
  /** `--trust-every-workflow-of-the-repository`: instead of environments and refs, `repo:owner/name:*`. */
  readonly everyWorkflow: boolean;
  /** The OIDC subjects the role will trust (infra/ci-role-options.ts). */
  readonly subjects: readonly string[];
}

/** A limit flag's value: a positive integer, or an error that deploy answers with its usage. */
function limitFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  try {
    return parseLimit(`--${flag}`, value);
  } catch (error) {
    throw new InvalidContextError((error as Error).message);
  }
}

/** `--signup`'s policy, or an error that deploy answers with its usage (before anything is deployed). */
function signupFlag(value: string | undefined): SignupPolicy | undefined {
  if (value === undefined) return undefined;
  try {
    return parseSignupPolicy(value);
  } catch (error) {
    if (!(error instanceof SignupPolicyError)) throw error;
    throw new InvalidContextError(`--signup: ${error.message}`);
  }
}

/** Who may sign up under a policy, in the deploy summary's words. */
function describeSignup(policy: SignupPolicy, stage: string): string {
  if (policy.kind === 'open') return 'open (anyone who confirms an e-mail address)';
  if (policy.kind === 'domain') return `${formatSignupPolicy(policy)} (e-mail addresses at ${policy.domains.join(' or ')} only)`;
  return `closed (nobody signs up themselves; an operator adds people: npm run admin -- users add --stack ${stage} --email …)`;
}

/** Deploys one stage; returns the exit code. */
export async function deploy(argv: readonly string[], deps: ScriptDeps = defaultDeps()): Promise<number> {
  let stage = '';
  let retain = false;
  let limits: Partial<Limits> = {};
  let signup: SignupPolicy | undefined;
  let ciRole: CiRoleRequest | undefined;
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        stage: { type: 'string' },
        retain: { type: 'boolean', default: false },
        'requests-per-second': { type: 'string' },
        'read-units-per-request': { type: 'string' },
        signup: { type: 'string' },
        'ci-role': { type: 'boolean', default: false },
        'github-repo': { type: 'string' },
        'oidc-provider-arn': { type: 'string' },
        'github-environment': { type: 'string', multiple: true },
        'github-ref': { type: 'string', multiple: true },
        [TRUST_EVERY_WORKFLOW]: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      deps.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (values['ci-role']) {
      const others = (['stage', 'retain', 'requests-per-second', 'read-units-per-request', 'signup'] as const).filter(
        (flag) => values[flag] !== undefined && values[flag] !== false,
      );
      if (others.length > 0) throw new InvalidContextError(`--ci-role deploys no stage: leave out --${others.join(', --')}`);
      if (values['github-repo'] === undefined) {
        throw new InvalidContextError('--ci-role needs --github-repo owner/name, the repository whose workflows may assume the role');
      }
      const githubRepo = validateGithubRepo(values['github-repo']);
      const oidcProviderArn = values['oidc-provider-arn'] === undefined ? undefined : validateOidcProviderArn(values['oidc-provider-arn']);
      const environments = (values['github-environment'] ?? []).map(validateGithubEnvironment);
      const refs = (values['github-ref'] ?? []).map(validateGithubRef);
      const everyWorkflow = values[TRUST_EVERY_WORKFLOW] === true;
      // Refused here, before cdk runs, as the CI role stack refuses it when synthesized.
      const { subjects } = trustedSubjects({ githubRepo, environments, refs, everyWorkflow });
      ciRole = {
        githubRepo,
        oidcProviderArn,
        environments,
        refs,
        everyWorkflow,
        subjects,
      };
    } else if (
      values['github-repo'] !== undefined ||
      values['oidc-provider-arn'] !== undefined ||
      values['github-environment'] !== undefined ||
      values['github-ref'] !== undefined ||
      values[TRUST_EVERY_WORKFLOW]
    ) {
      throw new InvalidContextError(
        `--github-repo and --oidc-provider-arn go with --ci-role (so do --github-environment, --github-ref and --${TRUST_EVERY_WORKFLOW})`,
      );
    } else if (values.stage === undefined) throw new InvalidContextError('--stage NAME is required, e.g. --stage alice or --stage pr-42');
    else stage = validateStage(values.stage);
    retain = values.retain === true;
    limits = {
      requestsPerSecond: limitFlag('requests-per-second', values['requests-per-second']),
      readUnitsPerRequest: limitFlag('read-units-per-request', values['read-units-per-request']),
    };
    signup = signupFlag(values.signup);
  } catch (error) {
    if (!(error instanceof InvalidContextError) && !isParseArgsError(error)) throw error;
    deps.stderr.write(`deploy: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }

  const missing = await checkCredentials('deploy', deps);
  if (missing !== undefined) return missing;
  if (ciRole) return deployCiRole(ciRole, deps);

  const stackName = stackNameOf(stage);
  const outputsFile = outputsFileOf(deps.outputsDir, stage);
  mkdirSync(deps.outputsDir, { recursive: true });
  rmSync(outputsFile, { force: true }); // never print the URL of an earlier deployment
  const args = ['cdk', 'deploy', stackName, '-c', `stage=${stage}`];
  if (retain) args.push('-c', 'retain=true');
  // Left out, a limit is the default: each deployment sets both.
  for (const key of Object.keys(LIMIT_CONTEXT) as (keyof Limits)[]) {
    if (limits[key] !== undefined) args.push('-c', `${LIMIT_CONTEXT[key]}=${limits[key]}`);
  }
  // Likewise the sign-up policy: left out, the stage is closed again.
  if (signup) args.push('-c', `${SIGNUP_POLICY_CONTEXT}=${formatSignupPolicy(signup)}`);
  args.push('--require-approval', 'never', '--outputs-file', outputsFile);

  const code = await deps.spawn('npx', args);
  if (code !== 0) {
    deps.stderr.write(`deploy: cdk deploy of ${stackName} failed (exit code ${code}); see its output above\n`);
    return code;
  }
  const outputs = existsSync(outputsFile)
    ? (JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string> | undefined>)[stackName]
    : undefined;
  if (!outputs?.ApiUrl) {
    deps.stderr.write(`deploy: cdk deploy succeeded but ${outputsFile} has no ApiUrl for ${stackName}\n`);
    return 1;
  }
  deps.stdout.write(
    [
      '',
      `${stackName} is deployed${retain ? ' (its table outlives the stack)' : ''}.`,
      `  ApiUrl:    ${outputs.ApiUrl}`,
      `  TableName: ${outputs.TableName ?? '-'}`,
      '',
      `Sign-up: ${describeSignup(signup ?? parseSignupPolicy(DEPLOYED_SIGNUP_POLICY), stage)}`,
      `  UserPoolId:       ${outputs[STACK_OUTPUTS.userPoolId] ?? '-'}`,
      `  UserPoolClientId: ${outputs[STACK_OUTPUTS.userPoolClientId] ?? '-'}`,
      '',
      'A key for it:',
      `  npm run --silent admin -- ci-env --stack ${stage}`,
      '',
    ].join('\n'),
  );
  return 0;
}

/** Deploys the CI role stack of one repository and prints the role's ARN. */
async function deployCiRole(request: CiRoleRequest, deps: ScriptDeps): Promise<number> {
  const stackName = ciRoleStackNameOf(request.githubRepo);
  const outputsFile = join(deps.outputsDir, `outputs-${stackName}.json`);
  mkdirSync(deps.outputsDir, { recursive: true });
  rmSync(outputsFile, { force: true });
  const args = ['cdk', 'deploy', stackName, '-c', 'ci-role=true', '-c', `github-repo=${request.githubRepo}`];
  if (request.oidcProviderArn) args.push('-c', `oidc-provider-arn=${request.oidcProviderArn}`);
  if (request.environments.length > 0) args.push('-c', `github-environments=${request.environments.join(',')}`);
  if (request.refs.length > 0) args.push('-c', `github-refs=${request.refs.join(',')}`);
  if (request.everyWorkflow) args.push('-c', `${TRUST_EVERY_WORKFLOW}=true`);
  args.push('--require-approval', 'never', '--outputs-file', outputsFile);
  const code = await deps.spawn('npx', args);
  if (code !== 0) {
    deps.stderr.write(
      `deploy: cdk deploy of ${stackName} failed (exit code ${code}); see its output above` +
        (request.oidcProviderArn
          ? '\n'
          : "\n(If the account has GitHub's OIDC provider already, pass it: --oidc-provider-arn arn:aws:iam::<account id>:oidc-provider/token.actions.githubusercontent.com)\n"),
    );
    return code;
  }
  const outputs = existsSync(outputsFile)
    ? (JSON.parse(readFileSync(outputsFile, 'utf8')) as Record<string, Record<string, string> | undefined>)[stackName]
    : undefined;
  if (!outputs?.RoleArn) {
    deps.stderr.write(`deploy: cdk deploy succeeded but ${outputsFile} has no RoleArn for ${stackName}\n`);
    return 1;
  }
  deps.stdout.write(
    [
      '',
      `${stackName} is deployed: ${request.everyWorkflow ? 'every workflow' : 'the named jobs'} of ${request.githubRepo} may assume its role.`,
      `  RoleArn: ${outputs.RoleArn}`,
      `  Trusts:  ${request.subjects.join(', ')}`,
      '',
      `Set it as the secret SANDBOX_DEPLOY_ROLE_ARN of ${request.githubRepo}, e.g.`,
      `  gh secret set SANDBOX_DEPLOY_ROLE_ARN --repo ${request.githubRepo} --body '${outputs.RoleArn}'`,
      '',
    ].join('\n'),
  );
  return 0;
}

runAsScript(import.meta.url, 'deploy', deploy);
