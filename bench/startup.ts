import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../infra/local/free-port';
import { ENV } from '../lib/config/env';
import { percentile } from './stats';

/**
 * Part 11: `npm start` to its banner, as a developer runs it — `npm start -- --port <free port>`
 * in a directory of its own (SANDBOX_DIR), from the spawn to the line "Payment Sandbox is
 * running." on its output, then SIGTERM and the wait for it to exit (no java may outlive it). The
 * first start in a fresh directory creates the table, the demo client and the demo user; every
 * later one is a restart on that data, the usual case on a developer's warm machine, which the
 * target is for.
 */

/** The target of a warm start (issue "Performance": `npm start` to its banner). */
export const STARTUP_TARGET_MS = 4_000;

const BANNER = 'Payment Sandbox is running.';
/** A start that takes longer than this failed. */
const START_TIMEOUT_MS = 60_000;

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export interface StartupResult {
  /** The first start, in a fresh directory (table, demo client and user created). */
  readonly firstMs: number;
  /** Each restart on that directory's data. */
  readonly warmMs: readonly number[];
  readonly warmP50Ms: number;
  readonly targetMs: number;
}

/** Starts `npm start` `1 + restarts` times in one fresh directory and times each to its banner. */
export async function measureStartup(restarts: number): Promise<StartupResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  try {
    const firstMs = await timeOneStart(dir);
    const warmMs: number[] = [];
    for (let i = 0; i < restarts; i++) warmMs.push(await timeOneStart(dir));
    return { firstMs, warmMs, warmP50Ms: percentile(warmMs, 50), targetMs: STARTUP_TARGET_MS };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The process groups of the `npm start`s under way: what the bench's watchdog ends if it gives up during this part. */
const running = new Set<number>();

/**
 * Ends every `npm start` this part has under way, at once (SIGKILL to its group: java goes with its
 * guard). For a bench that gives up: its own exit does not reach them, since each runs in a process
 * group of its own and its npm outlives the bench.
 */
export function killStartups(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  }
  running.clear();
}

async function timeOneStart(dir: string): Promise<number> {
  const started = performance.now();
  const sandbox = await startNpmStart(dir);
  const ms = sandbox.bannerAt - started;
  await sandbox.stop();
  return Math.round(ms);
}

/** An `npm start` under way in a process group of its own, past its banner. */
export interface NpmStart {
  /** What it printed up to its banner, the banner included. */
  readonly output: string;
  /** performance.now() when the banner arrived. */
  readonly bannerAt: number;
  /** SIGTERM to its group, and the wait until it has stopped (its runtime.json gone). */
  stop(): Promise<void>;
}

/**
 * `npm start -- --port <free port> [args]` in `dir` (SANDBOX_DIR), as a developer's shell starts it
 * (the bench's own secret and limits are not passed on; `env` adds to its environment), waited for
 * until its banner. The watchdog's killStartups ends it if the bench gives up.
 */
export async function startNpmStart(dir: string, args: readonly string[] = [], env: Readonly<Record<string, string>> = {}): Promise<NpmStart> {
  const port = await freePort();
  const child = spawn('npm', ['start', '--silent', '--', '--port', String(port), ...args], {
    cwd: projectRoot,
    env: { ...process.env, SANDBOX_DIR: dir, [ENV.cursorSecret]: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: npm, its shell and the sandbox are stopped together, as Ctrl-C does.
    detached: true,
  });
  running.add(child.pid!);
  const stopIt = async () => {
    try {
      await stop(child, join(dir, 'runtime.json'));
    } finally {
      running.delete(child.pid!);
    }
  };
  let output = '';
  try {
    const bannerAt = await new Promise<number>((resolveStart, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start printed no banner within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        if (output.includes(BANNER)) return;
        output += chunk.toString();
        if (output.includes(BANNER)) {
          clearTimeout(timer);
          resolveStart(performance.now());
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited (${code}) before its banner:\n${output}`));
      });
    });
    // The banner comes in one write; what follows it (the curl line) is read so the pipe never fills.
    return { output, bannerAt, stop: stopIt };
  } catch (error) {
    await stopIt();
    throw error;
  }
}

/**
 * SIGTERM to the whole group, as Ctrl-C sends SIGINT to a terminal's: npm exits at once, the
 * sandbox once it has stopped Java and removed its runtime.json, which is what is waited for.
 */
async function stop(child: ChildProcess, runtimeFile: string): Promise<void> {
  const group = -child.pid!;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(group, name);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const deadline = performance.now() + 20_000;
  while (existsSync(runtimeFile) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (existsSync(runtimeFile)) {
    signal('SIGKILL');
    throw new Error('npm start did not stop within 20 s of SIGTERM');
  }
}
