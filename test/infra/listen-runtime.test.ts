import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runListen } from '../../infra/local/listen-cli';
import { API_BASE_PATH, DEFAULT_LOCAL_PORT } from '../../lib/routes';

/**
 * `npm run listen` without --stack or --base-url: the base URL of the running `npm start`, read from
 * its runtime.json as the admin CLI reads it (infra/local/runtime-file.ts). A sandbox still starting
 * or gone is refused with a message, never a base URL of "undefined" or of a dead process.
 */

const dir = mkdtempSync(join(tmpdir(), 'listen-runtime-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the listener stopped at once (it polls nothing): the exit code and what it wrote. */
async function listenWith(runtime: object | undefined) {
  const runtimeFile = join(dir, `runtime-${Math.random().toString(36).slice(2)}.json`);
  if (runtime) writeFileSync(runtimeFile, JSON.stringify(runtime));
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
  return { code, stdout, stderr };
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
    expect(run.stderr).toContain(`the sandbox (pid ${process.pid}) is still starting`);
    expect(run.stdout).toBe('');
  });

  it('refuses a runtime.json whose npm start is gone (a crash) instead of its stale base URL', async () => {
    const run = await listenWith({ pid: GONE_PID, baseUrl: 'http://127.0.0.1:4556/api/v1', dynamoEndpoint: 'http://127.0.0.1:8000', tableName: 't' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`no running sandbox found (the npm start of pid ${GONE_PID} that wrote runtime.json is gone)`);
    expect(run.stderr).not.toContain('4556');
  });

  it("without runtime.json, looks at npm start's default port", async () => {
    const run = await listenWith(undefined);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`of http://127.0.0.1:${DEFAULT_LOCAL_PORT}${API_BASE_PATH} to`);
  });
});
