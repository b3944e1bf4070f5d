import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runListen } from '../../infra/local/listen-cli';
import { API_BASE_PATH } from '../../lib/routes';
import { runCommand } from '../support/commands';

/**
 * `npm run listen` without --stack or --base-url: the base URL of the running `npm start`, read from
 * its runtime.json as the admin CLI reads it (infra/local/runtime-file.ts). No sandbox there, one
 * still starting or one gone is refused at once with a message, never a guessed address, a base URL
 * of "undefined" or of a dead process.
 */

const dir = mkdtempSync(join(tmpdir(), 'listen-runtime-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A sandbox directory of its own, holding `runtime` as its runtime.json if given. */
function sandboxDirWith(runtime: object | undefined): string {
  const sandboxDir = mkdtempSync(join(dir, 'sandbox-'));
  if (runtime) writeFileSync(join(sandboxDir, 'runtime.json'), JSON.stringify(runtime));
  return sandboxDir;
}

/** Runs the listener stopped at once (it polls nothing): the exit code and what it wrote. */
async function listenWith(runtime: object | undefined) {
  const sandboxDir = sandboxDirWith(runtime);
  const runtimeFile = join(sandboxDir, 'runtime.json');
  let stdout = '';
  let stderr = '';
  const stopped = new AbortController();
  stopped.abort();
  const code = await runListen(['--forward-to', 'http://127.0.0.1:9/hooks', '--key', 'sk_test'], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    signal: stopped.signal,
    runtimeFile,
  });
  return { code, stdout, stderr, sandboxDir };
}

/** A pid no process has (above any pid_max). */
const GONE_PID = 2 ** 30;

describe('npm run listen: the running npm start', () => {
  it('uses the base URL runtime.json records once the sandbox runs', async () => {
    const baseUrl = `http://127.0.0.1:4555${API_BASE_PATH}`;
    const run = await listenWith({ pid: process.pid, baseUrl, dynamoEndpoint: 'http://127.0.0.1:8000', tableName: 't' });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`of ${baseUrl} to http://127.0.0.1:9/hooks`);
  });

  it('refuses while the sandbox is still starting (runtime.json holds only its pid)', async () => {
    const run = await listenWith({ pid: process.pid });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`the sandbox (pid ${process.pid}) in ${run.sandboxDir} is still starting`);
    expect(run.stdout).toBe('');
  });

  it('refuses a runtime.json whose npm start is gone (a crash) instead of its stale base URL', async () => {
    const run = await listenWith({ pid: GONE_PID, baseUrl: 'http://127.0.0.1:4556/api/v1', dynamoEndpoint: 'http://127.0.0.1:8000', tableName: 't' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`no running sandbox found in ${run.sandboxDir} (the npm start of pid ${GONE_PID} that wrote runtime.json is gone)`);
    expect(run.stderr).not.toContain('4556');
  });

  it('refuses at once without a runtime.json, naming where it looked and what to pass instead, and forwards nothing', async () => {
    const run = await listenWith(undefined);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `listen: no running sandbox found in ${run.sandboxDir} (it holds no runtime.json; SANDBOX_DIR sets where to look): ` +
        "start one with 'npm start', or pass --stack NAME or --base-url URL\n",
    );
    expect(run.stdout).toBe('');
  });
});

describe('npm run listen on a SANDBOX_DIR where no npm start runs', () => {
  it('says so at once and exits with code 2, as the admin CLI does, instead of retrying another address', async () => {
    const sandboxDir = sandboxDirWith(undefined);
    // Ended if it waits for anything: it used to retry 127.0.0.1:3000 until stopped.
    const run = await runCommand(
      process.execPath,
      ['--import', 'tsx', 'infra/local/listen.ts', '--forward-to', 'http://127.0.0.1:9/hooks', '--key', 'sk_test'],
      {
        SANDBOX_DIR: sandboxDir,
        SANDBOX_KEY: '',
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`listen: no running sandbox found in ${sandboxDir} (it holds no runtime.json; SANDBOX_DIR sets where to look)`);
    expect(run.stderr).not.toContain('127.0.0.1:3000');
    expect(run.stdout).toBe('');
  }, 60_000);
});
