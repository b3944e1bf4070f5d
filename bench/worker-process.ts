import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export interface WorkerOptions {
  /** The worker is stopped after this long, and the run fails. */
  readonly timeoutMs: number;
  /** SIGTERM for a worker that runs DynamoDB Local (its guard stops java when the worker goes); SIGKILL otherwise. */
  readonly stopSignal: 'SIGTERM' | 'SIGKILL';
  /** Each line the worker writes to its standard error, as it comes (progress for the bench's log). */
  readonly onLine?: (line: string) => void;
}

/**
 * Runs `bench/<script>` in a Node process of its own — a load generator or a sandbox that must not
 * share the measuring process's CPU or event loop — with `config`, written beside `config.out`, and
 * reads what the worker wrote to `config.out`. The tail of its output goes into a failure's message.
 */
export function runWorker<Output>(script: string, config: { readonly out: string }, options: WorkerOptions): Promise<Output> {
  const child = spawnWorker(script, `${config.out}.config.json`, config, 'ignore');
  return new Promise((resolve, reject) => {
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-6000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (options.onLine) for (const line of chunk.toString().split('\n')) options.onLine(line);
    });
    const timer = setTimeout(() => child.kill(options.stopSignal), options.timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`${script} failed (${signal ?? code}): ${output.slice(-3000)}`));
      resolve(JSON.parse(readFileSync(config.out, 'utf8')) as Output);
    });
  });
}

/** A worker that serves until it is stopped (bench/minimal-worker.ts): what it printed once ready, and how to stop it. */
export interface ServingWorker<Ready> {
  readonly ready: Ready;
  /** SIGTERM, and the wait until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts `bench/<script>` in a Node process of its own with `config` (written to `configFile`) and
 * waits for the first line it prints that is a JSON object, which says it is ready; fails if it
 * exits first or prints none within `timeoutMs`. The worker must end when its standard input closes,
 * as it does when this process ends, however it ends.
 */
export function startServingWorker<Ready>(script: string, configFile: string, config: object, timeoutMs: number): Promise<ServingWorker<Ready>> {
  // Its standard input stays open while this process lives: the worker ends when it closes (the bench gone).
  const child = spawnWorker(script, configFile, config, 'pipe');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  let settled = false;
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop().finally(() => reject(new Error(`${script} ${why}: ${output.slice(-3000)}`)));
    };
    const timer = setTimeout(() => fail(`printed nothing within ${timeoutMs} ms`), timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-6000);
    });
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      // Its first whole line that is a JSON object (a warning may come before it).
      const line = printed
        .split('\n')
        .slice(0, -1)
        .find((l) => l.startsWith('{'));
      if (settled || line === undefined) return;
      let ready: Ready;
      try {
        ready = JSON.parse(line) as Ready;
      } catch {
        return fail(`printed a line that is not JSON: ${line}`);
      }
      settled = true;
      clearTimeout(timer);
      resolve({ ready, stop });
    });
    child.once('exit', (code, signal) => fail(`exited (${signal ?? code}) before it was ready`));
  });
}

/** `bench/<script>` in a Node process of its own (tsx as its loader), given `config` written to `configFile` (its owner's only). */
function spawnWorker(script: string, configFile: string, config: object, stdin: 'ignore' | 'pipe'): ChildProcessByStdio<Writable | null, Readable, Readable> {
  writeFileSync(configFile, JSON.stringify(config), { mode: 0o600 });
  return spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'bench', script), configFile], {
    cwd: projectRoot,
    stdio: [stdin, 'pipe', 'pipe'],
  }) as ChildProcessByStdio<Writable | null, Readable, Readable>;
}
