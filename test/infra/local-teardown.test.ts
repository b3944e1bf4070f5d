import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/dynamodb-local';
import { LIMIT_ENV } from '../../lib/config/env';
import { descendantsOf, isRunning, killStillRunning, named, processOf, SHORT_LIVED_JAVA, type Started, stillRunningAfter } from '../support/processes';

/**
 * `npm start` and `npm run listen` as a CI job runs them (docs/local.md, "Stop it from a script"):
 * in the background of a non-interactive bash, stopped through the one pid the script holds, npm's —
 * `npm start … & P=$!; …; kill -TERM $P; wait $P`. Whatever stops it (SIGTERM, SIGINT, a SIGKILL of
 * npm or of node), nothing it started may go on running: no node, no java or its bash guard, no
 * esbuild service; and when a signal stops it, its ports are closed and its runtime.json is gone by
 * the time `wait` returns.
 *
 * Every process is known by pid (and start time), from the tree below the job's npm, sampled while
 * the job runs: never looked up by name, since other sandboxes run on this machine. The promise of
 * 5 s for a SIGKILL's survivors is polled for with a deadline far beyond it, as long as a slow and
 * busy machine needs; nothing here asserts how long a step took. Timeouts: a start of Java takes
 * 6–8 s on an idle 2-core machine, and a test about ten times its time alone.
 */

const root = mkdtempSync(join(tmpdir(), 'local-teardown-'));
/** Every process any job of this file started: each is SIGKILLed by afterAll if it still runs. */
const seen = new Map<string, Started>();

afterAll(async () => {
  const all = [...seen.values()];
  killStillRunning(all);
  expect(named(await stillRunningAfter(all, 30_000))).toEqual([]);
  rmSync(root, { recursive: true, force: true });
});

/** How long a stopped command's processes may take to be gone on a slow, busy machine. */
const GONE_WITHIN_MS = 60_000;

/**
 * A CI job's script, in a non-interactive bash: runs the command given as its arguments in the
 * background (output to $OUT; with `closedStdout`, stdout to a reader that leaves after one byte and
 * stderr to $OUT), notes npm's pid, and when the test writes `SIGNAL [PID]` on its stdin, sends
 * SIGNAL to PID (npm's by default) and waits for npm, noting its exit status.
 */
const jobScript = (closedStdout: boolean) =>
  [
    closedStdout ? '"$@" > >(head -c 1 > /dev/null) 2> "$OUT" & P=$!' : '"$@" > "$OUT" 2>&1 & P=$!',
    'echo "$P" > "$DIR/npm.pid"',
    'read -r signal target',
    '[ -n "$target" ] || target=$P',
    'kill -"$signal" "$target"',
    'wait "$P"; echo "$?" > "$DIR/npm.status"',
  ].join('\n');

const withoutLimits = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => !(Object.values(LIMIT_ENV) as string[]).includes(name)));

interface Job {
  readonly dir: string;
  readonly output: () => string;
  /** npm, once the job has started it. */
  readonly npm: () => Promise<Started>;
  /** Everything seen below npm while the job ran (npm's own child, node, first). */
  readonly family: () => Started[];
  /** Sends the signal to npm, or to `target`. */
  readonly send: (signal: 'TERM' | 'INT' | 'KILL', target?: Started) => void;
  /** Settles when the job's script has returned, with npm's exit status as `wait` gave it. */
  readonly returned: Promise<number>;
}

let jobs = 0;

/** Starts `command` as a CI job's script would (above), in a directory of its own with its own SANDBOX_DIR. */
function startJob(command: readonly string[], { closedStdout = false } = {}): Job {
  const dir = join(root, `job-${++jobs}`);
  mkdirSync(dir);
  const out = join(dir, 'out');
  const bash = spawn('bash', ['-c', jobScript(closedStdout), 'ci-job', ...command], {
    // As a developer's or CI's shell has it: no limits and no cursor secret of the test run.
    env: { ...withoutLimits(process.env), ...SHORT_LIVED_JAVA, CURSOR_SECRET: undefined, SANDBOX_DIR: join(dir, 'sandbox'), OUT: out, DIR: dir },
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const script = processOf(bash.pid!);
  if (script) seen.set(`${script.pid}@${script.startTime}`, script);
  const statusFile = join(dir, 'npm.status');
  // -1: the script ended without waiting for npm (it was killed: a test that failed before its signal).
  const returned = new Promise<number>((resolve) =>
    bash.once('exit', () => resolve(existsSync(statusFile) ? Number(readFileSync(statusFile, 'utf8').trim()) : -1)),
  );
  const output = () => (existsSync(out) ? readFileSync(out, 'utf8') : '');
  let npm: Started | undefined;
  const family = new Map<string, Started>();
  // The tree below npm, sampled until the job returns: a process started late (java, after a
  // signal during start-up) is seen too.
  const sampler = setInterval(() => {
    if (!npm) return;
    for (const started of descendantsOf(npm.pid)) {
      const key = `${started.pid}@${started.startTime}`;
      family.set(key, started);
      seen.set(key, started);
    }
  }, 100);
  void returned.finally(() => clearInterval(sampler));
  return {
    dir,
    output,
    npm: async () => {
      while (!npm) {
        const pidFile = join(dir, 'npm.pid');
        const started = existsSync(pidFile) && processOf(Number(readFileSync(pidFile, 'utf8')));
        if (started) {
          npm = started;
          seen.set(`${started.pid}@${started.startTime}`, started);
        } else await new Promise((r) => setTimeout(r, 50));
      }
      return npm;
    },
    family: () => [...family.values()],
    send: (signal, target) => bash.stdin!.write(`${signal} ${target?.pid ?? ''}\n`),
    returned,
  };
}

/** Waits, as long as the test lets it, until the job's output shows `text`; a job that returned first fails the wait. */
async function untilOutput(job: Job, text: string): Promise<void> {
  let returned = false;
  void job.returned.then(() => (returned = true));
  while (!job.output().includes(text)) {
    if (returned) throw new Error(`the job returned before printing "${text}":\n${job.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether something accepts connections on 127.0.0.1:port. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const portOf = (url: string) => Number(new URL(url).port);

const roles = (processes: readonly Started[]) => ({
  node: processes.filter((p) => p.command === 'node'),
  java: processes.filter((p) => p.command === 'java'),
  /** DynamoDB Local's bash guard and the watcher of its stdin (infra/local/dynamodb-local.ts). */
  guard: processes.filter((p) => p.commandLine.includes('dynamodb-local-guard')),
  esbuild: processes.filter((p) => p.command === 'esbuild'),
});

/** `npm start` on a fresh in-memory sandbox of its own and a free port, started by a CI job; its runtime.json's path. */
async function startSandboxJob(options?: { closedStdout: boolean }): Promise<{ job: Job; runtimeFile: string; port: number }> {
  const port = await freePort();
  const job = startJob(['npm', 'start', '--', '--in-memory', '--port', String(port)], options);
  return { job, runtimeFile: join(job.dir, 'sandbox', 'runtime.json'), port };
}

describe('npm start in the background of a script', () => {
  it.each(['TERM', 'INT'] as const)(
    "stops everything it started on SIG%s sent to npm's pid: when wait returns, no node, java, guard or esbuild of it runs, its ports are closed and runtime.json is gone",
    async (signal) => {
      const { job, runtimeFile, port } = await startSandboxJob();
      await job.npm();
      await untilOutput(job, 'Press Ctrl-C to stop.');
      const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { identityEndpoint: string; dynamoEndpoint: string };
      const ports = [port, portOf(runtime.identityEndpoint), portOf(runtime.dynamoEndpoint)];
      const before = roles(job.family());
      // npm's own child is node itself (the script execs it), with DynamoDB Local's guard (and its stdin watcher), java and esbuild's service below it.
      expect([before.node.length, before.java.length, before.guard.length]).toEqual([1, 1, 2]);
      expect(before.esbuild.length).toBeGreaterThan(0);

      job.send(signal);
      expect(await job.returned).toBe(0);

      expect(job.output()).toContain(`SIG${signal}: stopping the sandbox…`);
      expect(existsSync(runtimeFile)).toBe(false);
      expect(await Promise.all(ports.map(accepts))).toEqual([false, false, false]);
      // node waited for java to exit before it did, and npm for node.
      expect(named([...before.node, ...before.java].filter(isRunning))).toEqual([]);
      expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
    },
    180_000,
  );

  it('stops everything it started when npm is killed with SIGKILL: node sees its parent gone, stops java, closes its ports and removes runtime.json', async () => {
    const { job, runtimeFile, port } = await startSandboxJob();
    const npm = await job.npm();
    await untilOutput(job, 'Press Ctrl-C to stop.');
    const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { identityEndpoint: string; dynamoEndpoint: string };
    const ports = [port, portOf(runtime.identityEndpoint), portOf(runtime.dynamoEndpoint)];
    expect(roles(job.family()).java).toHaveLength(1);

    job.send('KILL');
    expect(await job.returned).toBe(128 + 9);

    expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
    expect(job.output()).toContain(`Parent process ${npm.pid} exited: stopping the sandbox…`);
    expect(existsSync(runtimeFile)).toBe(false);
    expect(await Promise.all(ports.map(accepts))).toEqual([false, false, false]);
  }, 180_000);

  it('leaves none of its children running when node itself is killed with SIGKILL: the guard kills java, and esbuild stops', async () => {
    const { job } = await startSandboxJob();
    await job.npm();
    await untilOutput(job, 'Press Ctrl-C to stop.');
    const family = job.family();
    const { node, java, guard, esbuild } = roles(family);
    expect([node.length, java.length, guard.length]).toEqual([1, 1, 2]);
    expect(esbuild.length).toBeGreaterThan(0);

    job.send('KILL', node[0]);
    // npm, its child killed, ends itself the same way.
    expect(await job.returned).toBe(128 + 9);

    expect(named(await stillRunningAfter(family, GONE_WITHIN_MS))).toEqual([]);
  }, 180_000);

  it('goes on serving when the reader of its output has gone, and still stops everything on SIGTERM', async () => {
    const { job, runtimeFile, port } = await startSandboxJob({ closedStdout: true });
    await job.npm();
    let returned = false;
    void job.returned.then(() => (returned = true));
    // Its banner went to a pipe nobody reads any more (EPIPE): runtime.json says it serves all the same.
    while (!returned && !(existsSync(runtimeFile) && readFileSync(runtimeFile, 'utf8').includes('baseUrl'))) await new Promise((r) => setTimeout(r, 100));
    expect(returned, `npm returned before it was stopped:\n${job.output()}`).toBe(false);
    expect(await accepts(port)).toBe(true);

    job.send('TERM');
    expect(await job.returned).toBe(0);

    expect(existsSync(runtimeFile)).toBe(false);
    expect(await accepts(port)).toBe(false);
    expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
  }, 180_000);

  it('honours a SIGTERM that comes while it is still starting: it stops once started, and leaves nothing behind', async () => {
    const { job, runtimeFile, port } = await startSandboxJob();
    await job.npm();
    // runtime.json holds only its pid while it starts; the banner is not out yet.
    while (!existsSync(runtimeFile)) await new Promise((r) => setTimeout(r, 20));

    job.send('TERM');
    expect(await job.returned).toBe(0);

    expect(job.output()).toContain('SIGTERM: stopping the sandbox…');
    expect(existsSync(runtimeFile)).toBe(false);
    expect(await accepts(port)).toBe(false);
    expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
  }, 180_000);
});

/** A sandbox's `GET /events` with nothing new, as `npm run listen` polls it. */
async function quietEvents(): Promise<{ baseUrl: string; close(): void }> {
  const server: Server = createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ success: true, data: [], pagination: { has_more: false, next_cursor: 'c' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, close: () => server.close() };
}

describe('npm run listen in the background of a script', () => {
  let events: Awaited<ReturnType<typeof quietEvents>> | undefined;
  afterAll(() => events?.close());

  /** `npm run --silent listen` as docs/webhooks.md runs it in a CI job, on a sandbox with no new events. */
  const startListenJob = async () => {
    events ??= await quietEvents();
    const job = startJob([
      'npm',
      'run',
      '--silent',
      'listen',
      '--',
      '--base-url',
      events.baseUrl,
      '--key',
      'sk_test',
      '--forward-to',
      'http://127.0.0.1:9/hooks',
    ]);
    await job.npm();
    await untilOutput(job, 'Ctrl-C stops.');
    return job;
  };

  it.each(['INT', 'TERM'] as const)(
    "stops on SIG%s sent to npm's pid, as on Ctrl-C: it says so, exits 0 and leaves no node or esbuild of it running",
    async (signal) => {
      const job = await startListenJob();
      const { node } = roles(job.family());

      job.send(signal);
      expect(await job.returned).toBe(0);

      expect(job.output()).toContain('Stopped.');
      // npm waited for it.
      expect(named(node.filter(isRunning))).toEqual([]);
      expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
    },
    120_000,
  );

  it('stops when npm is killed with SIGKILL: node sees its parent gone, says so and exits', async () => {
    const job = await startListenJob();

    job.send('KILL');
    expect(await job.returned).toBe(128 + 9);

    expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
    expect(job.output()).toContain('Stopped.');
  }, 120_000);

  it("leaves nothing of it running when node itself is killed with SIGKILL (tsx's esbuild service, when a cold cache started one)", async () => {
    const job = await startListenJob();
    const family = job.family();
    // npm's own child is node itself, running the listener (the script execs it).
    const { node } = roles(family);
    expect(node).toHaveLength(1);

    job.send('KILL', node[0]);
    expect(await job.returned).toBe(128 + 9);

    expect(named(await stillRunningAfter(family, GONE_WITHIN_MS))).toEqual([]);
  }, 120_000);
});
