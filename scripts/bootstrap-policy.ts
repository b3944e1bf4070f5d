/**
 * `npm run bootstrap-policy -- [--account ID] [--region REGION] [--policy-name NAME]`: prints the
 * commands that create the sandbox's CloudFormation execution policy
 * (infra/bootstrap/cfn-execution-policy.json) and bootstrap an account and region with it. cdk's
 * deploy role then passes CloudFormation a role that may make what a sandbox stack holds, instead of
 * AdministratorAccess (docs/decisions/0203). It runs nothing: the account's bootstrap is its
 * operator's to run, with administrator credentials.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isParseArgsError } from '../infra/local/cli';
import { runAsScript, type Output } from './cdk-stage';

/** The managed-policy document, as `aws iam create-policy --policy-document file://…` reads it. */
export const CFN_EXECUTION_POLICY_FILE = fileURLToPath(new URL('../infra/bootstrap/cfn-execution-policy.json', import.meta.url));

/** The policy's name in the account unless --policy-name says otherwise. */
export const DEFAULT_POLICY_NAME = 'PaymentSandboxCfnExecution';

const USAGE = `Usage: npm run bootstrap-policy -- [--account ID] [--region REGION] [--policy-name NAME]

Prints the commands that make cdk bootstrap's CloudFormation execution role the sandbox's
(${CFN_EXECUTION_POLICY_FILE})
instead of AdministratorAccess. Run them with administrator credentials; this runs nothing.
  --account ID         the 12-digit account (default: <account>, to fill in)
  --region REGION      the region to bootstrap, e.g. eu-west-1 (default: <region>)
  --policy-name NAME   the managed policy's name (default ${DEFAULT_POLICY_NAME})`;

const ACCOUNT = /^\d{12}$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d+$/;
// IAM: letters, digits and +=,.@_- (up to 128).
const POLICY_NAME = /^[\w+=,.@-]{1,128}$/;

class UsageError extends Error {}

/** Prints the commands; returns the exit code. */
export function bootstrapPolicy(argv: readonly string[], io: { stdout: Output; stderr: Output }): number {
  let account = '<account>';
  let region = '<region>';
  let policyName = DEFAULT_POLICY_NAME;
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      options: { account: { type: 'string' }, region: { type: 'string' }, 'policy-name': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (values.account !== undefined) {
      if (!ACCOUNT.test(values.account)) throw new UsageError(`Invalid account ${JSON.stringify(values.account)}: 12 digits, e.g. --account 123456789012`);
      account = values.account;
    }
    if (values.region !== undefined) {
      if (!REGION.test(values.region)) throw new UsageError(`Invalid region ${JSON.stringify(values.region)}, e.g. --region eu-west-1`);
      region = values.region;
    }
    if (values['policy-name'] !== undefined) {
      if (!POLICY_NAME.test(values['policy-name'])) {
        throw new UsageError(`Invalid policy name ${JSON.stringify(values['policy-name'])}: letters, digits and +=,.@_-`);
      }
      policyName = values['policy-name'];
    }
  } catch (error) {
    if (!(error instanceof UsageError) && !isParseArgsError(error)) throw error;
    io.stderr.write(`bootstrap-policy: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }

  const policyArn = `arn:aws:iam::${account}:policy/${policyName}`;
  // Quoted for the shell when the checkout's path holds anything but plain path characters.
  const document = /^[\w./-]+$/.test(CFN_EXECUTION_POLICY_FILE)
    ? `file://${CFN_EXECUTION_POLICY_FILE}`
    : `'file://${CFN_EXECUTION_POLICY_FILE.replaceAll("'", "'\\''")}'`;
  io.stdout.write(
    [
      "# Once per account (IAM is global): the sandbox stacks' CloudFormation execution policy.",
      `aws iam create-policy --policy-name ${policyName} --policy-document ${document}`,
      '',
      '# Once per region: the bootstrap passes CloudFormation a role with that policy instead of AdministratorAccess.',
      `npx cdk bootstrap aws://${account}/${region} --cloudformation-execution-policies ${policyArn}`,
      '',
      '# When the document changes (a new resource type in the sandbox stack): a new default version.',
      `aws iam create-policy-version --policy-arn ${policyArn} --policy-document ${document} --set-as-default`,
      '',
      '# The CI role stack (npm run deploy -- --ci-role …) is outside the policy on purpose: no sandbox',
      '# deploy may change who assumes the CI role. Deploy it before this bootstrap, or, to change it',
      '# later, bootstrap that once with --cloudformation-execution-policies arn:aws:iam::aws:policy/AdministratorAccess',
      '# and with the command above again after.',
      '',
    ].join('\n'),
  );
  return 0;
}

runAsScript(import.meta.url, 'bootstrap-policy', async (argv) => bootstrapPolicy(argv, { stdout: process.stdout, stderr: process.stderr }));
