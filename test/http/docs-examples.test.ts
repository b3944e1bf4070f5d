import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_ENV } from '../../lib/config/env';
import { describeFailures, exampleRunner, shellBlocks, type ExampleRunner } from '../support/doc-examples';
import { npmStartEnvironment } from '../support/processes';

/**
 * README's tour and the pages it sends a newcomer to, run as written, in the order a newcomer
 * reads them, against one fresh `npm start` (docs/contributing.md, "Examples that run").
 */
const PAGES = ['README.md', 'docs/local.md', 'docs/webhooks.md', 'docs/sandbox-controls.md', 'docs/payment-page.md'];

const root = fileURLToPath(new URL('../..', import.meta.url));
const sandboxDir = mkdtempSync(join(tmpdir(), 'docs-examples-sandbox-'));

let npmStart: ChildProcess;
let output = '';
let runner: ExampleRunner;
/** npm start and every process under it, as they were once it served: none may outlive the file. */
let family: number[] = [];

beforeAll(async () => {
  npmStart = spawn('npm', ['start', '--', '--in-memory', '--port', '0'], {
    cwd: root,
    // Its own process group, so that stopping it reaches everything it started, as Ctrl-C does in a terminal.
    detached: true,
    // A sandbox of seconds, like the starts of decision 0292: how Java compiles changes no answer an example checks.
    env: npmStartEnvironment({
      SANDBOX_DIR: sandboxDir,
      // A reader types slower than the runner: the per-client limit (docs/limits.md) is not these examples' subject.
      [LIMIT_ENV.requestsPerSecond]: '1000',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npmStart.stdout!.on('data', (chunk) => (output += chunk));
  npmStart.stderr!.on('data', (chunk) => (output += chunk));
  while (!output.includes('Press Ctrl-C')) {
    if (npmStart.exitCode !== null) throw new Error(`npm start exited with ${npmStart.exitCode}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  family = [npmStart.pid!, ...descendants(npmStart.pid!)];
  expect(family.map(commandOf), 'DynamoDB Local runs under npm start').toContain('java');
  const address = /Base URL:\s+http:\/\/(127\.0\.0\.1:\d+)\/api\/v1/.exec(output)![1]!;
  runner = exampleRunner({ address, banner: output });
}, 90_000);

afterAll(async () => {
  await runner?.stop();
  if (npmStart?.exitCode === null) {
    const exited = new Promise((resolve) => npmStart.once('exit', resolve));
    killGroup(npmStart.pid!, 'SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  if (npmStart) killGroup(npmStart.pid!, 'SIGKILL');
  rmSync(sandboxDir, { recursive: true, force: true });
  const left = () => family.filter(alive).map((pid) => `${pid} ${commandOf(pid)}`);
  for (let waited = 0; left().length > 0 && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(left(), 'processes npm start left behind').toEqual([]);
}, 60_000);

describe('the shell examples of README and the pages it links, run as written against a fresh npm start', () => {
  it.each(PAGES)('%s: every command answers as the page says', async (page) => {
    const blocks = shellBlocks(readFileSync(join(root, page), 'utf8'), page);
    expect(blocks.filter((block) => block.mode !== 'not run').length, `${page} has examples to run`).toBeGreaterThan(0);
    expect(describeFailures(await runner.runPage(blocks))).toBe('');
  });
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function descendants(pid: number): number[] {
  const pairs = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
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

const commandOf = (pid: number) => {
  try {
    return execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};
