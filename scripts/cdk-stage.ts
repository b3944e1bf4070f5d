/**
 * What `npm run deploy` and `npm run destroy` share: the stage option, the cdk child process
 * and where deploy leaves the stack's outputs. The spawn is a parameter so tests can check the
 * exact cdk command line without AWS.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxDir } from '../infra/local/paths';

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
});

/** `.sandbox/outputs-<stage>.json`: what `cdk deploy --outputs-file` writes for one stage. */
export const outputsFileOf = (outputsDir: string, stage: string) => join(outputsDir, `outputs-${stage}.json`);

/** True when the module is the script node was started with. */
export const isEntryPoint = (moduleUrl: string) =>
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(moduleUrl);

/** A parseArgs error (unknown option, missing value): a usage mistake, exit code 2. */
export function isParseArgsError(error: unknown): boolean {
  return String((error as { code?: unknown } | undefined)?.code ?? '').startsWith('ERR_PARSE_ARGS');
}
