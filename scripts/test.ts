/**
 * `npm test`: the type-checks and lint run beside the suites instead of before them (decision 0402).
 * They take about 12 s of CPU (`npm run typecheck`, TypeScript's native compiler: decision 0406; `npm
 * run lint`), and the suites leave part of the machine idle while they wait on receivers, sweeps and
 * browsers. Their output is printed when they end, in one piece.
 * If they fail, the suites are stopped and `npm test` fails with their status, as before without
 * running them; otherwise it ends with the suites' status. The grant check runs after the suites,
 * on what they recorded, as the last group of the same vitest run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** As `npm run` gives a script: the project's binaries first, whoever runs this file. */
const env = { ...process.env, PATH: [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter) };

const CHECKS = [
  ['npm', 'run', '--silent', 'typecheck'],
  ['npm', 'run', '--silent', 'lint'],
] as const;

/** Every suite, the grant check last (vitest.config.ts's projects). */
const SUITES = [['vitest', 'run']] as const;

/** A command's child and its exit status; `capture` collects its output instead of passing it through. */
function run([command, ...args]: readonly string[], capture?: string[]): { child: ChildProcess; status: Promise<number> } {
  const child = spawn(command!, args, {
    cwd: root,
    env,
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    // The suites in a process group of their own, so that stopping them stops vitest's workers and browsers too.
    detached: !capture,
  });
  const say = (text: string) => (capture ? capture.push(text) : process.stderr.write(text));
  child.stdout?.on('data', (chunk: Buffer) => say(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => say(chunk.toString()));
  const status = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      say(`${error.message}\n`);
      resolve(1);
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
  return { child, status };
}

/** Each command in turn until one fails, or until `go` says no more: the status of the last run. */
async function inTurn(commands: readonly (readonly string[])[], start: (command: readonly string[]) => Promise<number>, go = () => true): Promise<number> {
  for (const command of commands) {
    if (!go()) return 1;
    const status = await start(command);
    if (status !== 0) return status;
  }
  return 0;
}

let suite: ChildProcess | undefined;
let stopped = false;
const stopSuites = (signal: NodeJS.Signals) => {
  stopped = true;
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
const checks = inTurn(CHECKS, (command) => run(command, checksOutput).status).then((status) => {
  process.stdout.write(checksOutput.join(''));
  if (status !== 0) {
    console.error('\nnpm test: the type-checks or lint failed (above); stopping the suites.');
    stopSuites('SIGTERM');
  }
  return status;
});
const suites = inTurn(
  SUITES,
  (command) => {
    const { child, status } = run(command);
    suite = child;
    return status;
  },
  () => !stopped,
);

const [checksStatus, suitesStatus] = await Promise.all([checks, suites]);
process.exit(checksStatus !== 0 ? checksStatus : suitesStatus);
