import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  const configFile = `${config.out}.config.json`;
  writeFileSync(configFile, JSON.stringify(config), { mode: 0o600 });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'bench', script), configFile], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
