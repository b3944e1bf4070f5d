/**
 * `npm run destroy -- --stage NAME`: `cdk destroy` of PaymentSandbox-NAME. The table, every
 * log group and everything else go with the stack, unless it was deployed with --retain
 * (then the table stays).
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { InvalidContextError, stackNameOf, validateStage } from '../infra/stage';
import { isParseArgsError } from '../infra/local/cli';
import { checkCredentials, defaultDeps, outputsFileOf, runAsScript, type ScriptDeps } from './cdk-stage';

const USAGE = `Usage: npm run destroy -- --stage NAME

Deletes the stack PaymentSandbox-NAME and everything it made, without asking.`;

/** Destroys one stage; returns the exit code. */
export async function destroy(argv: readonly string[], deps: ScriptDeps = defaultDeps()): Promise<number> {
  let stage: string;
  try {
    const { values } = parseArgs({
      args: [...argv],
      strict: true,
      options: { stage: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      deps.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (values.stage === undefined) throw new InvalidContextError('--stage NAME is required, e.g. --stage pr-42');
    stage = validateStage(values.stage);
  } catch (error) {
    if (!(error instanceof InvalidContextError) && !isParseArgsError(error)) throw error;
    deps.stderr.write(`destroy: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }

  const missing = await checkCredentials('destroy', deps);
  if (missing !== undefined) return missing;

  const stackName = stackNameOf(stage);
  // -c stage=… makes the app define exactly this stack, so cdk can select it by name.
  const code = await deps.spawn('npx', ['cdk', 'destroy', stackName, '-c', `stage=${stage}`, '--force']);
  if (code !== 0) {
    deps.stderr.write(`destroy: cdk destroy of ${stackName} failed (exit code ${code}); see its output above\n`);
    return code;
  }
  rmSync(outputsFileOf(deps.outputsDir, stage), { force: true });
  deps.stdout.write(`\n${stackName} is gone, with its table, functions and log groups (a table deployed with --retain stays).\n`);
  return 0;
}

runAsScript(import.meta.url, 'destroy', destroy);
