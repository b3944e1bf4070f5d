/**
 * `npm run deploy -- --stage NAME [--retain] [--requests-per-second N] [--read-units-per-request N]`:
 * `cdk deploy` of PaymentSandbox-NAME, then the stack's ApiUrl (the contract's {base_url}) and
 * TableName from its outputs file.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { InvalidContextError, stackNameOf, validateStage } from '../infra/stage';
import { isParseArgsError } from '../infra/local/cli';
import { DEFAULT_LIMITS, LIMIT_CONTEXT, parseLimit, type Limits } from '../lib/limits';
import { checkCredentials, defaultDeps, outputsFileOf, runAsScript, type ScriptDeps } from './cdk-stage';

const USAGE = `Usage: npm run deploy -- --stage NAME [--retain] [--requests-per-second N] [--read-units-per-request N]

Deploys the stack PaymentSandbox-NAME with your AWS credentials (default chain) and prints its ApiUrl.
  --stage NAME                 lowercase letters, digits and single hyphens, e.g. alice, team-a, pr-42
  --retain                     keep the table when the stack is destroyed (long-lived team stages)
  --requests-per-second N      requests one client may make per second (default ${DEFAULT_LIMITS.requestsPerSecond})
  --read-units-per-request N   DynamoDB read units one list request may spend (default ${DEFAULT_LIMITS.readUnitsPerRequest})`;

/** A limit flag's value: a positive integer, or an error that deploy answers with its usage. */
function limitFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  try {
    return parseLimit(`--${flag}`, value);
  } catch (error) {
    throw new InvalidContextError((error as Error).message);
  }
}

/** Deploys one stage; returns the exit code. */
export async function deploy(argv: readonly string[], deps: ScriptDeps = defaultDeps()): Promise<number> {
  let stage: string;
  let retain: boolean;
  let limits: Partial<Limits>;
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        stage: { type: 'string' },
        retain: { type: 'boolean', default: false },
        'requests-per-second': { type: 'string' },
        'read-units-per-request': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      deps.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (values.stage === undefined) throw new InvalidContextError('--stage NAME is required, e.g. --stage alice or --stage pr-42');
    stage = validateStage(values.stage);
    retain = values.retain === true;
    limits = {
      requestsPerSecond: limitFlag('requests-per-second', values['requests-per-second']),
      readUnitsPerRequest: limitFlag('read-units-per-request', values['read-units-per-request']),
    };
  } catch (error) {
    if (!(error instanceof InvalidContextError) && !isParseArgsError(error)) throw error;
    deps.stderr.write(`deploy: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }

  const missing = await checkCredentials('deploy', deps);
  if (missing !== undefined) return missing;

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
      'A key for it:',
      `  npm run --silent admin -- ci-env --stack ${stage}`,
      '',
    ].join('\n'),
  );
  return 0;
}

runAsScript(import.meta.url, 'deploy', deploy);
