import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/free-port';
import { DEFAULT_LIMITS } from '../../lib/limits';
import {
  asRunningNow,
  descendantsOfEach,
  isRunning,
  killStillRunning,
  named,
  processOf,
  npmStartEnvironment,
  type Started,
  stillRunningAfter,
} from '../support/processes';
import { signIn } from '../support/sessions';

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
 * 6–8 s on an idle 2-core machine; an npm start test may first wait for two others' starts (the
 * tests run side by side, two starting at a time), so it has about ten times three starts.
 */

const root = mkdtempSync(join(tmpdir(), 'local-teardown-'));
/** Every process any job of this file started: each is SIGKILLed by afterAll if it still runs. */
const seen = new Map<string, Started>();

/** Every job of this file, in the order started. */
const startedJobs: Job[] = [];

afterAll(async () => {
  // A test that timed out left its job where it stood: say where, since the job's output goes with `root`.
  for (const job of startedJobs.filter((started) => !started.ended())) console.error(whereItStood(job));
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
 * stderr to $OUT), notes npm's pid, and waits for npm, noting its exit status. Meanwhile, when the
 * test writes `SIGNAL [PID]` on its stdin, it sends SIGNAL to PID (npm's by default). The reader of
 * the test's lines runs beside the wait, so that an npm that ends by itself (a start refused) ends
 * the job too, and the test sees it rather than wait for a banner that never comes.
 */
const jobScript = (closedStdout: boolean) =>
  [
    'exec 3<&0', // the test's pipe, for the reader (a background job's own stdin is /dev/null)
    closedStdout ? '"$@" > >(head -c 1 > /dev/null) 2> "$OUT" 3<&- & P=$!' : '"$@" > "$OUT" 2>&1 3<&- & P=$!',
    'echo "$P" > "$DIR/npm.pid"',
    '{ read -r signal target <&3 || exit; [ -n "$target" ] || target=$P; kill -"$signal" "$target"; } & R=$!',
    'wait "$P"; echo "$?" > "$DIR/npm.status"',
    'kill "$R" 2>/dev/null',
  ].join('\n');

interface Job {
  readonly command: readonly string[];
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
  /** Whether `returned` has settled. */
  readonly ended: () => boolean;
}

/** A job that has not returned: its command, what still runs below its npm, and its output so far. */
function whereItStood(job: Job): string {
  const running = job.family().filter(isRunning);
  return [
    `${job.command.join(' ')} (${job.dir}) has not returned.`,
    `Running below its npm: ${running.length > 0 ? named(running, { commandLine: true }).join('; ') : 'nothing seen'}.`,
    `Its output:\n${job.output() || '(none)'}`,
  ].join('\n');
}

let jobs = 0;

/** The jobs whose process trees are being sampled: npm's pid → what to tell of each round. */
const followed = new Map<number, (below: readonly Started[]) => void>();
let sampling: NodeJS.Timeout | undefined;

/**
 * Samples the tree below each followed npm every 100 ms, in one read of /proc for all of them: the
 * jobs run side by side, and a read of every process on the machine for each of them, ten times a
 * second, would take a busy core's time from the processes under test.
 */
function follow(npm: number, seenBelow: (below: readonly Started[]) => void): () => void {
  followed.set(npm, seenBelow);
  sampling ??= setInterval(() => {
    for (const [pid, below] of descendantsOfEach([...followed.keys()])) followed.get(pid)?.(below);
  }, 100);
  return () => {
    followed.delete(npm);
    if (followed.size === 0) {
      clearInterval(sampling);
      sampling = undefined;
    }
  };
}

/** Starts `command` as a CI job's script would (above), in a directory of its own with its own SANDBOX_DIR. */
function startJob(command: readonly string[], { closedStdout = false } = {}): Job {
  const dir = join(root, `job-${++jobs}`);
  mkdirSync(dir);
  const out = join(dir, 'out');
  const bash = spawn('bash', ['-c', jobScript(closedStdout), 'ci-job', ...command], {
    // As a developer's or CI's shell has it: no limits and no cursor secret of the test run.
    env: npmStartEnvironment({ SANDBOX_DIR: join(dir, 'sandbox'), OUT: out, DIR: dir }),
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // A line written after the script has returned (its npm ended first) goes nowhere: the test sees `returned`.
  bash.stdin!.on('error', () => undefined);
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
  const noteBelow = (below: readonly Started[]) => {
    for (const started of below) {
      const key = `${started.pid}@${started.startTime}`;
      family.set(key, started);
      seen.set(key, started);
    }
  };
  let unfollow: (() => void) | undefined;
  let ended = false;
  void returned.finally(() => {
    ended = true;
    unfollow?.();
  });
  const job: Job = {
    command,
    dir,
    output,
    npm: async () => {
      while (!npm) {
        const pidFile = join(dir, 'npm.pid');
        const started = existsSync(pidFile) && processOf(Number(readFileSync(pidFile, 'utf8')));
        if (started) {
          npm = started;
          seen.set(`${started.pid}@${started.startTime}`, started);
          if (!ended) unfollow = follow(started.pid, noteBelow);
        } else await new Promise((r) => setTimeout(r, 50));
      }
      return npm;
    },
    family: () => [...family.values()],
    send: (signal, target) => bash.stdin!.write(`${signal} ${target?.pid ?? ''}\n`),
    returned,
    ended: () => ended,
  };
  startedJobs.push(job);
  return job;
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

/** What a test of a started job needs of it: the job, the ports its runtime.json names, and the processes below npm at its banner. */
interface Served {
  readonly job: Job;
  readonly runtimeFile: string;
  readonly port: number;
  readonly ports: number[];
  readonly before: ReturnType<typeof roles>;
}

/**
 * How many jobs of this file may be starting at once. A start is where an npm start spends its CPU
 * (node's imports, Java's start, the identity emulator, the dashboard's build: seconds of a core);
 * two keep a 2-core machine's cores busy, and more would only slow each start down towards
 * DynamoDB Local's own 30 s limit for answering on a machine that is busy besides. Waiting for a
 * signal's effect costs next to nothing and is not counted.
 */
const STARTS_AT_ONCE = 2;
let starting = 0;
const waitingToStart: (() => void)[] = [];

/** Runs `start` once fewer than STARTS_AT_ONCE other starts run. */
async function asStartAllows<T>(start: () => Promise<T>): Promise<T> {
  while (starting >= STARTS_AT_ONCE) await new Promise<void>((resolve) => waitingToStart.push(resolve));
  starting++;
  try {
    return await start();
  } finally {
    starting--;
    waitingToStart.shift()?.();
  }
}

/** `npm start` (as startSandboxJob starts it) once it has printed its banner. */
const servedSandboxJob = () =>
  asStartAllows(async (): Promise<Served> => {
    const { job, runtimeFile, port } = await startSandboxJob();
    await job.npm();
    await untilOutput(job, 'Press Ctrl-C to stop.');
    const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { identityEndpoint: string; dynamoEndpoint: string };
    // Those running at the banner, as they are then.
    const before = roles(job.family().flatMap((p) => asRunningNow(p) ?? []));
    return { job, runtimeFile, port, ports: [port, portOf(runtime.identityEndpoint), portOf(runtime.dynamoEndpoint)], before };
  });

/**
 * The jobs run side by side: each is its own npm start, on its own directory and ports, stopped its
 * own way, and most of a test's time is spent waiting on it (node's imports, Java's start, the
 * stop), which the others' waits overlap. Every test still waits for exactly what it asserts.
 */
describe.concurrent('npm start in the background of a script', () => {
  /**
   * The SIGTERM job is also where what `npm start --in-memory` prints and serves is checked
   * (decision 0360): the banner test runs on it first, and the SIGTERM test stops it once that has
   * finished, passed or failed.
   */
  let termJob: Promise<Served> | undefined;
  const servedForTerm = () => (termJob ??= servedSandboxJob());
  let bannerChecked!: () => void;
  const bannerDone = new Promise<void>((resolve) => (bannerChecked = resolve));

  it('prints a base URL, a working key, the default limits and a demo person who signs in, and keeps no cursor secret in memory', async () => {
    try {
      const { job, runtimeFile, port } = await servedForTerm();
      const output = job.output();
      const baseUrl = /Base URL:\s+(\S+)/.exec(output)?.[1];
      const key = /Server key:\s+(sk_sbx_\S+)/.exec(output)?.[1];
      expect(baseUrl).toBe(`http://127.0.0.1:${port}/api/v1`);
      // No limits in the job's environment: the defaults apply.
      expect(output).toContain(
        `Limits:     ${DEFAULT_LIMITS.requestsPerSecond} requests per second per client, ${DEFAULT_LIMITS.readUnitsPerRequest} read units per list request`,
      );
      const res = await fetch(`${baseUrl}/payment/channels`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { baseUrl: string; identityEndpoint: string; userPoolClientId: string };
      expect(runtime.baseUrl).toBe(baseUrl);
      // The demo user it prints signs in at its identity emulator, and their session reaches the demo key's client.
      const [, email, password] = /sign in as (\S+) with password (\S+)/.exec(output) ?? [];
      const { token } = await signIn(email!, password!, { endpoint: runtime.identityEndpoint, clientId: runtime.userPoolClientId });
      const account = await fetch(`${baseUrl}/account`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await account.json()) as { data: { client: { id: string } } }).data.client.id).toBe(/\(client (cli_\S+),/.exec(output)?.[1]);
      // --in-memory keeps nothing, not even the secret that signs its cursors.
      expect(existsSync(join(job.dir, 'sandbox', 'cursor-secret'))).toBe(false);
    } finally {
      bannerChecked();
    }
  }, 300_000);

  it.each(['TERM', 'INT'] as const)(
    "stops everything it started on SIG%s sent to npm's pid: when wait returns, no node, java, guard or esbuild of it runs, its ports are closed and runtime.json is gone",
    async (signal) => {
      const { job, runtimeFile, ports, before } = signal === 'TERM' ? await servedForTerm() : await servedSandboxJob();
      // npm's own child is node itself (the script execs it), with DynamoDB Local's guard (and its stdin watcher), java and esbuild's service below it.
      expect([before.node.length, before.java.length, before.guard.length], named(Object.values(before).flat(), { commandLine: true }).join('; ')).toEqual([
        1, 1, 2,
      ]);
      expect(before.esbuild.length).toBeGreaterThan(0);
      if (signal === 'TERM') await bannerDone;

      job.send(signal);
      expect(await job.returned).toBe(0);

      expect(job.output()).toContain(`SIG${signal}: stopping the sandbox…`);
      expect(existsSync(runtimeFile)).toBe(false);
      expect(await Promise.all(ports.map(accepts))).toEqual([false, false, false]);
      // node waited for java to exit before it did, and npm for node.
      expect(named([...before.node, ...before.java].filter(isRunning))).toEqual([]);
      expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
    },
    300_000,
  );

  it('stops everything it started when npm is killed with SIGKILL: node sees its parent gone, stops java, closes its ports and removes runtime.json', async () => {
    const { job, runtimeFile, ports, before } = await servedSandboxJob();
    const npm = await job.npm();
    expect(before.java).toHaveLength(1);

    job.send('KILL');
    expect(await job.returned).toBe(128 + 9);

    expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
    expect(job.output()).toContain(`Parent process ${npm.pid} exited: stopping the sandbox…`);
    expect(existsSync(runtimeFile)).toBe(false);
    expect(await Promise.all(ports.map(accepts))).toEqual([false, false, false]);
  }, 300_000);

  it('leaves none of its children running when node itself is killed with SIGKILL: the guard kills java, and esbuild stops', async () => {
    const { job } = await servedSandboxJob();
    const family = job.family();
    const { node, java, guard, esbuild } = roles(family.flatMap((p) => asRunningNow(p) ?? []));
    expect([node.length, java.length, guard.length], named([...node, ...java, ...guard, ...esbuild], { commandLine: true }).join('; ')).toEqual([1, 1, 2]);
    expect(esbuild.length).toBeGreaterThan(0);

    job.send('KILL', node[0]);
    // npm, its child killed, ends itself the same way.
    expect(await job.returned).toBe(128 + 9);

    expect(named(await stillRunningAfter(family, GONE_WITHIN_MS))).toEqual([]);
  }, 300_000);

  it('goes on serving when the reader of its output has gone, and still stops everything on SIGTERM', async () => {
    let returned = false;
    const { job, runtimeFile, port } = await asStartAllows(async () => {
      const started = await startSandboxJob({ closedStdout: true });
      await started.job.npm();
      void started.job.returned.then(() => (returned = true));
      // Its banner went to a pipe nobody reads any more (EPIPE): runtime.json says it serves all the same.
      while (!returned && !(existsSync(started.runtimeFile) && readFileSync(started.runtimeFile, 'utf8').includes('baseUrl'))) {
        await new Promise((r) => setTimeout(r, 100));
      }
      return started;
    });
    expect(returned, `npm returned before it was stopped:\n${job.output()}`).toBe(false);
    expect(await accepts(port)).toBe(true);

    job.send('TERM');
    expect(await job.returned).toBe(0);

    expect(existsSync(runtimeFile)).toBe(false);
    expect(await accepts(port)).toBe(false);
    expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
  }, 300_000);

  it('honours a SIGTERM that comes while it is still starting: it stops once started, and leaves nothing behind', async () => {
    // Its whole life is a start: it counts as one until it has returned.
    const { job, runtimeFile, port } = await asStartAllows(async () => {
      const started = await startSandboxJob();
      await started.job.npm();
      // runtime.json holds only its pid while it starts; the banner is not out yet.
      while (!existsSync(started.runtimeFile)) await new Promise((r) => setTimeout(r, 20));

      started.job.send('TERM');
      expect(await started.job.returned).toBe(0);
      return started;
    });

    expect(job.output()).toContain('SIGTERM: stopping the sandbox…');
    expect(existsSync(runtimeFile)).toBe(false);
    expect(await accepts(port)).toBe(false);
    expect(named(await stillRunningAfter(job.family(), GONE_WITHIN_MS))).toEqual([]);
  }, 300_000);
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

describe.concurrent('npm run listen in the background of a script', () => {
  // Made once for the tests that run side by side, however many ask for it at the same moment.
  let events: ReturnType<typeof quietEvents> | undefined;
  afterAll(async () => (await events)?.close());

  /** `npm run --silent listen` as docs/webhooks.md runs it in a CI job, on a sandbox with no new events. */
  const startListenJob = async () => {
    const { baseUrl } = await (events ??= quietEvents());
    const job = startJob(['npm', 'run', '--silent', 'listen', '--', '--base-url', baseUrl, '--key', 'sk_test', '--forward-to', 'http://127.0.0.1:9/hooks']);
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
