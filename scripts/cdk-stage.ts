/**
 * What `npm run deploy` and `npm run destroy` share: the stage option, the cdk child process
 * and where deploy leaves the stack's outputs. The spawn is a parameter so tests can check the
 * exact cdk command line without AWS.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxDir } from '../infra/local/paths';
import { requireAwsCredentials, StackError } from '../infra/local/stacks';

export interface Output {
  write(text: string): unknown;
}

/** Runs a command with the terminal attached and resolves to its exit code. */
export type Spawn = (command: string, args: readonly string[]) => Promise<number>;

export interface ScriptDeps {
  readonly spawn: Spawn;
  readonly stdout: Output;
  readonly stderr: Output;
  /** Where `cdk deploy --outputs-file` writes (default `.sandbox/`). */
  readonly outputsDir: string;
  /** Throws a StackError saying what is missing when no AWS credentials can be found (before cdk runs). */
  readonly requireCredentials: () => Promise<void>;
}

/** cdk's output (progress, outputs, errors) goes straight to the terminal. */
export const spawnInherited: Spawn = (command, args) =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(command, [...args], { stdio: 'inherit', shell: process.platform === 'win32' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });

export const defaultDeps = (): ScriptDeps => ({
  spawn: spawnInherited,
  stdout: process.stdout,
  stderr: process.stderr,
  outputsDir: sandboxDir,
  requireCredentials: requireAwsCredentials,
});

/**
 * The admin CLI's credential check, made before cdk starts: without credentials cdk would first
 * synthesize the app and then fail with its own error; this says what to do in well under 2 s.
 * Returns an exit code to stop with, or undefined to go on.
 */
export async function checkCredentials(name: string, deps: ScriptDeps): Promise<number | undefined> {
  try {
    await deps.requireCredentials();
    return undefined;
  } catch (error) {
    if (!(error instanceof StackError)) throw error;
    deps.stderr.write(`${name}: ${error.message}\n`);
    return 1;
  }
}

/** `.sandbox/outputs-<stage>.json`: what `cdk deploy --outputs-file` writes for one stage. */
export const outputsFileOf = (outputsDir: string, stage: string) => join(outputsDir, `outputs-${stage}.json`);

/** True when the module is the script node was started with. */
export const isEntryPoint = (moduleUrl: string) => process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(moduleUrl);

/** Runs a script's main when the file is executed directly: its exit code, or 1 with a one-line message. */
export function runAsScript(moduleUrl: string, name: string, main: (argv: string[]) => Promise<number>): void {
  if (!isEntryPoint(moduleUrl)) return;
  // As the admin CLI: the SDK's notice about future Node versions is noise before cdk's output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`${name}: ${(error as Error).message}`);
      process.exitCode = 1;
    },
  );
}
