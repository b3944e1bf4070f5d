import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../infra/local/admin-cli';
import { freePort } from '../../infra/local/free-port';
import { paymentBody } from '../support/payments';
import { npmStartEnvironment } from '../support/processes';
import { newPerson } from '../support/sessions';

// Run by this node, not through tsx's `#!/usr/bin/env node`: a test may give npm start an empty PATH.
/**
 * start.ts runs in the spawned node itself (tsx as a loader), so a signal reaches it directly: tsx's
 * CLI would relay it and, if the child does not confirm within 30 ms (a loaded machine), SIGKILL it.
 */
const TSX_LOADER = ['--import', 'tsx'];
const sandboxDir = mkdtempSync(join(tmpdir(), 'sandbox-start-'));

/*
 * Each test's timeout is for a machine twice as slow as an idle 2-core one and busy with other work:
 * about ten times what the test takes alone there. npm start reaches its banner in 6–8 s, Java's
 * start included (120 s a test that starts Java once, 180 s twice); a start refused before Java
 * takes about 1 s, 7 s was seen on a loaded CI machine (60 s). Nothing here asserts how long a step
 * took: what "at once" means is what a run shows (its output, the files it leaves, the java it never
 * ran); start-up time is the bench's (bench/startup.ts).
 *
 * The suites below run side by side (decision 0360): each start has its own directory, port and
 * environment, and most of a test's time is a wait on its process (node's imports, Java's start),
 * which the others' waits overlap. The one directory's story runs its own tests one after another.
 */

function startProcess(
  port: number,
  { dir = sandboxDir, inMemory = true, args = [] as string[], env = {} as NodeJS.ProcessEnv } = {},
): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [...TSX_LOADER, 'infra/local/start.ts', ...(inMemory ? ['--in-memory'] : []), '--port', String(port), ...args], {
    // As a developer's shell has it: no limits in the environment, so the defaults apply; and
    // without the run's own secret: `npm start` must find (or make) the one in its directory.
    env: npmStartEnvironment({ SANDBOX_DIR: dir, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/**
 * Waits until `predicate` holds, as long as the test's own timeout lets it: a start of Java on a slow
 * and busy machine takes several times what it takes on an idle one, and no step here is timed (the
 * bench measures start-up). With `run`, a process that exits first fails the wait with its output.
 */
async function waitFor(predicate: () => boolean, run?: ReturnType<typeof startProcess>): Promise<void> {
  while (!predicate()) {
    if (run && run.child.exitCode !== null) throw new Error(`npm start exited with code ${run.child.exitCode}:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A JAVA_HOME whose java only notes that it was run, in `ran`, and fails: a run given it that
 * never starts DynamoDB Local leaves no such file.
 */
function javaThatNotes(name: string): { javaHome: string; ran: string } {
  const javaHome = freshDir(name);
  const ran = join(javaHome, 'java-ran');
  mkdirSync(join(javaHome, 'bin'));
  writeFileSync(join(javaHome, 'bin', 'java'), `#!/bin/sh\necho "$@" >> '${ran}'\nexit 1\n`, { mode: 0o755 });
  return { javaHome, ran };
}

function descendants(pid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const pairs = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of pairs) if (ppid === parent) found.push(child), walk(child);
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

describe.concurrent('npm start on a busy port', () => {
  it('is refused before it writes anything in its directory: no cursor secret, no db/, no runtime.json', async () => {
    const dir = join(sandboxDir, 'busy-port'); // not there yet: a start that is refused leaves it empty
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const port = (busy.address() as AddressInfo).port;
      const run = startProcess(port, { dir, inMemory: false });
      expect(await exitOf(run.child)).toBe(1);
      expect(run.output()).toContain(`Port ${port} is already in use`);
      expect(run.output()).not.toMatch(/\n\s+at /);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  }, 30_000);
});

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

const commandOf = (pid: number) => {
  try {
    return execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

/** A directory of its own per test, removed with the suite's. */
const freshDir = (name: string) => {
  const dir = join(sandboxDir, name);
  mkdirSync(dir);
  return dir;
};

/**
 * Every directory (`d`) and file (`-`) under `dir`, itself included as `.`, with its permission bits:
 * `{ 'db': 'd700', … }`. The sandbox goes on running meanwhile: a file gone between its directory's
 * listing and its own look (SQLite's `-journal`, which lives for one write) is not listed.
 */
function modesUnder(dir: string): Record<string, string> {
  const modes: Record<string, string> = {};
  const walk = (path: string) => {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    modes[relative(dir, path) || '.'] = `${stat.isDirectory() ? 'd' : '-'}${(stat.mode & 0o777).toString(8)}`;
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return modes;
}

/**
 * One directory's life, as a developer lives it: a first npm start that makes the directory and
 * keeps what it holds to its owner (docs/security.md: every client's data, the demo key and password,
 * the cursor secret, the emulator's people with their passwords and refresh tokens, whatever the
 * shell's umask), refuses another npm start on it and stops on SIGTERM; then a restart on what it
 * kept — a runtime.json left by an npm start killed with -9, files an older version left readable —
 * and DynamoDB Local dying under it. DynamoDB Local starts twice here, each start proving several
 * things (each is seconds of a busy machine's CPU; decision 0291), so the tests are one story and
 * run in order (`it.sequential`, while the suite runs beside the others): each carries on with what
 * the one before left.
 */
describe.concurrent('npm start on a directory it keeps its data in', () => {
  let dir: string;
  let runtimeFile: string;
  /** The run the previous test left going, if any. */
  let running: ReturnType<typeof startProcess> | undefined;
  /** Two payments made by the first run, and a cursor after the newer one: the restart must go on paging it. */
  const made: { ids: string[]; cursor?: string } = { ids: [] };
  beforeAll(() => {
    dir = join(freshDir('kept'), 'sandbox'); // not there yet: npm start makes it
    runtimeFile = join(dir, 'runtime.json');
  });
  afterAll(() => {
    if (running?.child.exitCode === null) running.child.kill('SIGKILL');
  });

  /** Starts `npm start` on the directory's data and waits until it serves. */
  const startOnDir = async () => {
    running = startProcess(await freePort(), { dir, inMemory: false });
    await waitFor(() => running!.output().includes('Press Ctrl-C'), running);
    return running;
  };
  /** The run the previous test left going, else a new one. */
  const current = () => (running?.child.exitCode === null ? running : startOnDir());
  const urlAndKey = (run: ReturnType<typeof startProcess>) => ({
    baseUrl: /Base URL:\s+(\S+)/.exec(run.output())![1]!,
    key: /Server key:\s+(sk_sbx_\S+)/.exec(run.output())![1]!,
  });
  const get = async (url: string, key: string) => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    return { status: res.status, body: (await res.json()) as any };
  };

  it.sequential('makes its directory 0700 and every file in it 0600: the data, the people, the demo key, the cursor secret, runtime.json and the log', async () => {
    const run = await current();
    const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8'));
    // Someone signs up and signs in at its identity emulator: a temporary password in the outbox, a person in the pool.
    await newPerson('Owner only', {
      baseUrl: runtime.baseUrl,
      endpoint: runtime.identityEndpoint,
      clientId: runtime.userPoolClientId,
      dir: join(dir, 'identity'),
    });
    const { baseUrl, key } = urlAndKey(run);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${baseUrl}/payment/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(paymentBody()),
      });
      made.ids.push(((await res.json()) as any).data.id);
    }
    const modes = modesUnder(dir);
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining([
        '.',
        'db',
        'db/shared-local-instance.db',
        'dynamodb-local.log',
        'identity',
        'identity/clients.json',
        'identity/pool.json',
        `identity/${runtime.userPoolId}.json`,
        'identity/outbox.jsonl',
        'demo.json',
        'cursor-secret',
        'runtime.json',
      ]),
    );
    expect(Object.entries(modes).filter(([, mode]) => mode !== 'd700' && mode !== '-600')).toEqual([]);
    // The launcher indexed DynamoDB Local's stream records (decision 0414), and its log says so: an upgrade that loses the index fails here.
    expect(readFileSync(join(dir, 'dynamodb-local.log'), 'utf8')).toContain('LoopbackDynamoDbLocal: stream records indexed by stream');
    // It goes on serving: the next test starts another on the directory.
  }, 120_000);

  it.sequential('is refused on a directory another npm start runs on, naming the running one', async () => {
    const first = await current();
    const { baseUrl, key } = urlAndKey(first);
    const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8'));
    expect(runtime).toMatchObject({ baseUrl, pid: first.child.pid });

    // Its java would note a start of DynamoDB Local (or of the launcher's compiler): it is never run.
    const java = javaThatNotes('refused-java');
    const second = startProcess(await freePort(), { dir, inMemory: false, env: { JAVA_HOME: java.javaHome } });
    expect(await exitOf(second.child)).toBe(1);
    // Its first words: nothing was started before the refusal.
    expect(second.output().split('\n')[0]).toBe(`A sandbox is already running on ${dir}: pid ${runtime.pid}, ${baseUrl}.`);
    expect(second.output()).toContain('SANDBOX_DIR=');
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect(existsSync(java.ran)).toBe(false);

    // The first one is untouched: it serves, and the admin CLI still finds it.
    expect(readFileSync(runtimeFile, 'utf8')).toBe(`${JSON.stringify(runtime, null, 2)}\n`);
    expect((await fetch(`${baseUrl}/payment/channels`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    let listed = '';
    const code = await runAdmin(
      ['clients', 'list', '--json'],
      { stdout: { write: (t: string) => (listed += t) }, stderr: { write: () => true } },
      { runtimeFile },
    );
    expect(code).toBe(0);
    // The demo client, and the one of the person who signed up in the test before.
    const names = JSON.parse(listed).map((client: { name: string }) => client.name);
    expect(names.sort()).toEqual(['Demo', 'Owner only']);
    // It goes on serving: the next test stops it.
  }, 120_000);

  it.sequential('keeps its cursor secret in .sandbox/cursor-secret, readable by its owner only; SIGTERM stops it with code 0 and removes runtime.json', async () => {
    const run = await current();
    const { baseUrl, key } = urlAndKey(run);
    const page = await get(`${baseUrl}/transactions?limit=1`, key);
    made.cursor = page.body.pagination.next_cursor as string;
    run.child.kill('SIGTERM');
    expect(await exitOf(run.child)).toBe(0);
    expect(existsSync(runtimeFile)).toBe(false);
    const secretFile = join(dir, 'cursor-secret');
    expect(readFileSync(secretFile, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
  }, 60_000);

  it.sequential("starts again on what it kept: takes over a stale runtime.json, pages on with the cursors of before, and takes from what an older version left readable every permission but its owner's, leaving a SANDBOX_DIR of yours its own mode", async () => {
    const secret = readFileSync(join(dir, 'cursor-secret'), 'utf8');
    // As an older npm start left it, in a directory its owner made with the usual umask …
    for (const path of Object.keys(modesUnder(dir))) {
      const full = join(dir, path);
      chmodSync(full, statSync(full).isDirectory() ? 0o755 : 0o644);
    }
    // … with the runtime.json of an npm start that was killed with -9: its process is gone.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(
      runtimeFile,
      JSON.stringify({ baseUrl: 'http://127.0.0.1:9/api/v1', dynamoEndpoint: 'http://127.0.0.1:9', tableName: 'payment-sandbox', pid: deadPid }),
    );

    const run = await startOnDir();
    const { baseUrl, key } = urlAndKey(run);
    expect(JSON.parse(readFileSync(runtimeFile, 'utf8'))).toMatchObject({ baseUrl, pid: run.child.pid });
    const next = await get(`${baseUrl}/transactions?limit=1&cursor=${encodeURIComponent(made.cursor!)}`, key);
    expect(next.status).toBe(200);
    expect(next.body.data.map((t: any) => t.id)).toEqual([made.ids[0]]);
    expect(readFileSync(join(dir, 'cursor-secret'), 'utf8')).toBe(secret);
    const modes = modesUnder(dir);
    expect(modes['.']).toBe('d755');
    expect(Object.entries(modes).filter(([path, mode]) => path !== '.' && mode !== 'd700' && mode !== '-600')).toEqual([]);
    // It goes on serving: the next test kills its DynamoDB Local.
  }, 120_000);

  it.sequential('says so when DynamoDB Local dies and exits with code 1, leaving no java and no runtime.json behind', async () => {
    const run = await current();
    const family = descendants(run.child.pid!);
    const java = family.filter((pid) => commandOf(pid) === 'java');
    expect(java).toHaveLength(1);

    process.kill(java[0]!, 'SIGKILL');
    expect(await exitOf(run.child)).toBe(1);
    expect(run.output()).toContain('DynamoDB Local stopped unexpectedly (killed by SIGKILL');
    expect(run.output()).toContain('The sandbox cannot answer without it and stops too; run npm start again.');
    expect(existsSync(runtimeFile)).toBe(false);
    await waitFor(() => family.every((pid) => !alive(pid)));
  }, 120_000);
});

describe.concurrent('npm start without Java', () => {
  it('says so at once, before DynamoDB Local starts, when java is not on PATH and JAVA_HOME is unset', async () => {
    const dir = freshDir('no-java');
    const emptyPath = freshDir('no-java-path');
    const run = startProcess(await freePort(), { dir, env: { PATH: emptyPath, JAVA_HOME: undefined } });
    expect(await exitOf(run.child)).toBe(1);
    // Its only output: not the time-out it used to wait 30 s for ("DynamoDB Local did not answer …").
    expect(run.output().trim()).toBe(
      'Java not found: no java on PATH and JAVA_HOME is not set. DynamoDB Local needs Java 17 or later: install it ' +
        '(e.g. apt-get install openjdk-17-jre-headless, or brew install openjdk@17) and put java on PATH, or set JAVA_HOME.',
    );
    // DynamoDB Local was never started: it would have left its log.
    expect(existsSync(join(dir, 'dynamodb-local.log'))).toBe(false);
    expect(existsSync(join(dir, 'runtime.json'))).toBe(false);
  }, 60_000);

  it('names a JAVA_HOME that holds no java', async () => {
    const javaHome = freshDir('not-a-jdk');
    const run = startProcess(await freePort(), { dir: freshDir('bad-java-home'), env: { JAVA_HOME: javaHome } });
    expect(await exitOf(run.child)).toBe(1);
    expect(run.output()).toContain(`JAVA_HOME is ${javaHome}, which has no bin/java. DynamoDB Local needs Java 17 or later`);
  }, 60_000);
});

describe.concurrent('npm start with a java that cannot run DynamoDB Local', () => {
  it('says why at once, with the end of its log, instead of waiting for a time-out', async () => {
    const dir = freshDir('java-fails');
    const javaHome = freshDir('broken-jdk');
    mkdirSync(join(javaHome, 'bin'));
    const message = 'Error: LinkageError occurred while loading main class (class file version 61.0)';
    writeFileSync(join(javaHome, 'bin', 'java'), `#!/bin/sh\necho "${message}" >&2\nexit 1\n`, { mode: 0o755 });
    const run = startProcess(await freePort(), { dir, env: { JAVA_HOME: javaHome } });
    expect(await exitOf(run.child)).toBe(1);
    // Said when java exits, from its exit code and log; a wait for the time-out would say "did not answer within …".
    expect(run.output()).toContain(
      `Could not start the sandbox: DynamoDB Local exited during start-up (exit code 1; the end of ${join(dir, 'dynamodb-local.log')}:\n  ${message})`,
    );
    expect(run.output()).not.toContain('did not answer');
    expect(existsSync(join(dir, 'runtime.json'))).toBe(false);
  }, 60_000);
});

describe.concurrent('npm start -- --help', () => {
  it('prints the usage and exits 0 without starting anything', async () => {
    const dir = freshDir('help');
    const run = startProcess(await freePort(), { dir, args: ['--help'] });
    expect(await exitOf(run.child)).toBe(0);
    expect(run.output()).toMatch(/^Usage: npm start -- \[--port N\] \[--in-memory\]\n/);
    for (const option of ['--port N', '--in-memory', '-h, --help', 'SANDBOX_DIR', 'CLIENT_REQUESTS_PER_SECOND', 'Java 17']) {
      expect(run.output()).toContain(option);
    }
    expect(existsSync(join(dir, 'runtime.json'))).toBe(false);
  }, 60_000);

  it('answers an unknown option with the usage and exit code 2', async () => {
    const run = startProcess(await freePort(), { dir: freshDir('bad-option'), args: ['--in-memroy'] });
    expect(await exitOf(run.child)).toBe(2);
    expect(run.output()).toContain("Unknown option '--in-memroy'");
    expect(run.output()).toContain('Usage: npm start --');
  }, 60_000);
});
