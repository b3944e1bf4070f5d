/**
 * `.sandbox/runtime.json`: the `npm start` that runs on a sandbox directory. It is claimed atomically
 * before DynamoDB Local starts, so a second `npm start` on the same files is refused; completed with
 * the base URL and endpoint once the sandbox answers (the admin CLI reads it then); and removed only by
 * the process that claimed it. A file whose process is gone (a crash, a kill -9) is stale: taken over.
 */
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RuntimeInfo } from './paths';

/** What runtime.json says, its process checked. */
export type RuntimeState =
  | { readonly state: 'none' }
  | { readonly state: 'stale'; readonly pid: number | undefined }
  | { readonly state: 'starting'; readonly pid: number }
  | { readonly state: 'running'; readonly info: RuntimeInfo };

/** A second `npm start` on a directory that one runs on: the message names the running one. */
export class SandboxRunningError extends Error {
  constructor(
    readonly file: string,
    readonly running: Extract<RuntimeState, { state: 'starting' | 'running' }>,
  ) {
    const dir = dirname(file);
    const pid = running.state === 'running' ? running.info.pid : running.pid;
    const where = running.state === 'running' ? running.info.baseUrl : 'still starting';
    super(
      [
        `A sandbox is already running on ${dir}: pid ${pid}, ${where}.`,
        'Stop it first (Ctrl-C in its terminal), or run another one on other data: SANDBOX_DIR=/tmp/sandbox-2 npm start -- --port 3001',
        `(If no sandbox runs any more and pid ${pid} is some other process now, delete ${file}.)`,
      ].join('\n'),
    );
    this.name = 'SandboxRunningError';
  }
}

/** Whether a process exists (EPERM: it does, as another user's). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRaw(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function stateOf(raw: string | undefined): RuntimeState {
  if (raw === undefined) return { state: 'none' };
  let parsed: Partial<RuntimeInfo>;
  try {
    parsed = JSON.parse(raw) as Partial<RuntimeInfo>;
  } catch {
    return { state: 'stale', pid: undefined }; // never written half (see claimRuntime): not ours to trust
  }
  const pid = parsed.pid;
  if (!Number.isSafeInteger(pid) || pid! <= 0 || !isAlive(pid!)) return { state: 'stale', pid: Number.isSafeInteger(pid) ? pid : undefined };
  if (parsed.baseUrl && parsed.dynamoEndpoint && parsed.tableName) return { state: 'running', info: parsed as RuntimeInfo };
  return { state: 'starting', pid: pid! };
}

/** Reads runtime.json and checks that its process is alive. */
export function readRuntime(file: string): RuntimeState {
  return stateOf(readRaw(file));
}

/** No `npm start` runs on the directory a CLI looked in (none, gone, or still starting): the message says which, and what else to pass. */
export class NoRunningSandboxError extends Error {
  constructor(file: string, found: Exclude<RuntimeState, { state: 'running' }>, instead: string) {
    const dir = dirname(file);
    const why =
      found.state === 'none'
        ? 'it holds no runtime.json; SANDBOX_DIR sets where to look'
        : `the npm start${found.pid ? ` of pid ${found.pid}` : ''} that wrote runtime.json is gone`;
    super(
      found.state === 'starting'
        ? `the sandbox (pid ${found.pid}) in ${dir} is still starting; try again once it prints its base URL`
        : `no running sandbox found in ${dir} (${why}): start one with 'npm start', or pass ${instead}`,
    );
    this.name = 'NoRunningSandboxError';
  }
}

/**
 * The `npm start` running on runtime.json's directory, as a CLI given no other target finds it (the
 * admin CLI, `npm run listen`): at once, never a guessed address. Throws NoRunningSandboxError
 * naming `instead`, the options that target something else, when none is running there.
 */
export function runningSandbox(file: string, instead: string): RuntimeInfo {
  const found = readRuntime(file);
  if (found.state !== 'running') throw new NoRunningSandboxError(file, found, instead);
  return found.info;
}

/** Writes `content` as `file` in one step: a reader sees the old file or the new one, never half of one. */
function writeWhole(file: string, content: string, replace: boolean): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content, { mode: 0o600 });
  try {
    if (replace) renameSync(temp, file);
    else linkSync(temp, file); // fails with EEXIST when the file exists: the atomic claim
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Claims the directory for this process; throws SandboxRunningError when another live `npm start`
 * holds it. A stale file is removed (only if it is still the one read) and the claim made again.
 */
export function claimRuntime(file: string, pid = process.pid): void {
  for (let attempt = 0; ; attempt++) {
    try {
      writeWhole(file, `${JSON.stringify({ pid }, null, 2)}\n`, false);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    const raw = readRaw(file);
    const found = stateOf(raw);
    if (found.state === 'starting' || found.state === 'running') throw new SandboxRunningError(file, found);
    if (found.state === 'stale' && readRaw(file) === raw) rmSync(file, { force: true });
  }
}

/** Records the running sandbox (base URL, endpoint, table) in the file this process claimed. */
export function completeRuntime(file: string, info: RuntimeInfo): void {
  writeWhole(file, `${JSON.stringify(info, null, 2)}\n`, true);
}

/** Removes runtime.json if this process holds it; another process's file is left alone. */
export function releaseRuntime(file: string, pid = process.pid): void {
  const raw = readRaw(file);
  if (raw === undefined) return;
  try {
    if ((JSON.parse(raw) as { pid?: unknown }).pid !== pid) return;
  } catch {
    return;
  }
  rmSync(file, { force: true });
}
