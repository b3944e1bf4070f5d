/**
 * `npm test`: the type-checks and lint run beside the suites instead of before them (decision 0402).
 * They take about 20 s of one core, and the suites leave about a fifth of the machine idle while
 * they wait on receivers, sweeps and browsers. Their output is printed when they end, in one piece.
 * If they fail, the suites are stopped and `npm test` fails with their status, as before without
 * running them; otherwise it ends with the suites' status. The grant check runs after the suites,
 * on what they recorded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** As `npm run` gives a script: the project's binaries first, whoever runs this file. */
const env = { ...process.env, PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter) };

const CHECKS = [
  ['tsc', '--noEmit'],
  ['tsc', '--noEmit', '-p', 'dashboard'],
  ['npm', 'run', '--silent', 'lint'],
] as const;

const SUITES = [
  ['vitest', 'run'],
  ['vitest', 'run', '--config', 'vitest.grants.config.ts'],
] as const;

/** Each command in turn until one fails: the status of the last run. `started` sees each child. */
async function inTurn(
  commands: readonly (readonly string[])[],
  options: { output: 'inherit' | string[] },
  started?: (child: ChildProcess) => void,
): Promise<number> {
  for (const [command, ...args] of commands) {
    const child = spawn(command!, args, {
      cwd: root,
      env,
      stdio: options.output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      // The suites in a process group of their own, so that stopping them stops vitest's workers and browsers too.
      detached: options.output === 'inherit',
    });
    started?.(child);
    if (options.output !== 'inherit') {
      const output = options.output;
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    }
    const status = await new Promise<number>((resolve) => {
      child.once('error', (error) => {
        options.output === 'inherit' ? console.error(error.message) : (options.output as string[]).push(`${error.message}\n`);
        resolve(1);
      });
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
    if (status !== 0) return status;
  }
  return 0;
}

let suite: ChildProcess | undefined;
const stopSuites = (signal: NodeJS.Signals) => {
  if (suite?.pid && suite.exitCode === null) {
    try {
      process.kill(-suite.pid, signal);
    } catch {
      // already gone
    }
  }
};
// The suites' group does not get the terminal's Ctrl-C, nor a CI's SIGTERM to this process: pass them on.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopSuites(signal));

const checksOutput: string[] = [];
const checks = inTurn(CHECKS, { output: checksOutput }).then((status) => {
  process.stdout.write(checksOutput.join(''));
  if (status !== 0) {
    console.error('\nnpm test: the type-checks or lint failed (above); stopping the suites.');
    stopSuites('SIGTERM');
  }
  return status;
});
const suites = inTurn(SUITES, { output: 'inherit' }, (child) => (suite = child));

const [checksStatus, suitesStatus] = await Promise.all([checks, suites]);
process.exit(checksStatus !== 0 ? checksStatus : suitesStatus);
