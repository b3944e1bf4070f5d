import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/dynamodb-local';
import { paymentBody } from '../support/payments';
import { DEFAULT_LIMITS, LIMIT_ENV } from '../../lib/limits';

const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
const sandboxDir = mkdtempSync(join(tmpdir(), 'sandbox-start-'));

const withoutLimits = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !(Object.values(LIMIT_ENV) as string[]).includes(name)));

function startProcess(port: number, { dir = sandboxDir, inMemory = true } = {}): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(tsx, ['infra/local/start.ts', ...(inMemory ? ['--in-memory'] : []), '--port', String(port)], {
    // As a developer's shell has it: no limits in the environment, so the defaults apply; and
    // without the run's own secret: `npm start` must find (or make) the one in its directory.
    env: { ...withoutLimits(process.env), SANDBOX_DIR: dir, CURSOR_SECRET: undefined },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitFor(predicate: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function descendants(pid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const pairs = out.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of pairs) if (ppid === parent) (found.push(child), walk(child));
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(() => rmSync(sandboxDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('prints a base URL, a working key and the default limits, refuses a busy port plainly, and leaves no java behind on SIGTERM', async () => {
    const port = await freePort();
    const first = startProcess(port);
    try {
      await waitFor(() => first.output().includes('Press Ctrl-C'), 15_000);
      const baseUrl = /Base URL:\s+(\S+)/.exec(first.output())?.[1];
      const key = /Server key:\s+(sk_sbx_\S+)/.exec(first.output())?.[1];
      expect(baseUrl).toBe(`http://127.0.0.1:${port}/api/v1`);
      expect(first.output()).toContain(
        `Limits:     ${DEFAULT_LIMITS.requestsPerSecond} requests per second per client, ${DEFAULT_LIMITS.readUnitsPerRequest} read units per list request`,
      );
      const res = await fetch(`${baseUrl}/payment/channels`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      const runtime = JSON.parse(readFileSync(join(sandboxDir, 'runtime.json'), 'utf8'));
      expect(runtime.baseUrl).toBe(baseUrl);
      // --in-memory keeps nothing, not even the secret that signs its cursors.
      expect(existsSync(join(sandboxDir, 'cursor-secret'))).toBe(false);

      const second = startProcess(port);
      const code = await new Promise<number | null>((resolve) => second.child.once('exit', resolve));
      expect(code).toBe(1);
      expect(second.output()).toContain(`Port ${port} is already in use`);
      expect(second.output()).not.toMatch(/\n\s+at /);

      const family = descendants(first.child.pid!);
      expect(family.length).toBeGreaterThan(0);
      const exited = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGTERM');
      await exited;
      await waitFor(() => family.every((pid) => !alive(pid)), 10_000);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  }, 60_000);

  it('keeps its cursor secret in .sandbox/cursor-secret, readable by its owner only, so cursors outlive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-restart-'));
    const secretFile = join(dir, 'cursor-secret');
    /** Runs `npm start` on dir's data until `use` is done, then stops it with SIGTERM. */
    const whileRunning = async <T>(use: (baseUrl: string, key: string) => Promise<T>): Promise<T> => {
      const port = await freePort();
      const run = startProcess(port, { dir, inMemory: false });
      try {
        await waitFor(() => run.output().includes('Press Ctrl-C'), 20_000);
        return await use(/Base URL:\s+(\S+)/.exec(run.output())![1]!, /Server key:\s+(sk_sbx_\S+)/.exec(run.output())![1]!);
      } finally {
        const exited = new Promise((resolve) => run.child.once('exit', resolve));
        run.child.kill('SIGTERM');
        await exited;
      }
    };
    const get = async (url: string, key: string) => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      return { status: res.status, body: (await res.json()) as any };
    };
    try {
      const { cursor, older } = await whileRunning(async (baseUrl, key) => {
        const ids: string[] = [];
        for (let i = 0; i < 2; i++) {
          const res = await fetch(`${baseUrl}/payment/create`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify(paymentBody()),
          });
          ids.push(((await res.json()) as any).data.id);
        }
        const first = await get(`${baseUrl}/transactions?limit=1`, key);
        return { cursor: first.body.pagination.next_cursor as string, older: ids[0] };
      });
      const secret = readFileSync(secretFile, 'utf8');
      expect(secret.trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);

      const next = await whileRunning((baseUrl, key) => get(`${baseUrl}/transactions?limit=1&cursor=${encodeURIComponent(cursor)}`, key));
      expect(next.status).toBe(200);
      expect(next.body.data.map((t: any) => t.id)).toEqual([older]);
      expect(readFileSync(secretFile, 'utf8')).toBe(secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
