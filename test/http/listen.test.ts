import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, inject, it, type OnTestFinishedHandler } from 'vitest';
import { runListen } from '../../infra/local/listen-cli';
import { npmRun } from '../support/commands';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, simulate } from '../support/payments';
import { startReceiver, verified, webhookIdOf, type Receiver } from '../support/webhook-receiver';

/**
 * `npm run listen` against the run's local server: it tails GET /events?order=asc (which lists an
 * event 2 s after it is recorded) and forwards each event, signed with the secret it prints first,
 * to a receiver on this machine. The forwarding tests each have a client, a receiver and a listener
 * of their own, so they run side by side: their waits for the listing's 2 s overlap instead of adding up.
 */

function output() {
  const lines: string[] = [];
  let text = '';
  return { lines, text: () => text, write: (chunk: string) => ((text += chunk), lines.push(...chunk.split('\n').filter(Boolean))) };
}

/** Starts the listener in this process; stop() is Ctrl-C. Both end with the test (`onTestFinished` of its own context). */
async function listen(onTestFinished: (fn: OnTestFinishedHandler) => void, args: string[]) {
  const hooks: Receiver = await startReceiver();
  const stop = new AbortController();
  onTestFinished(async () => {
    stop.abort();
    await hooks.close();
  });
  const stdout = output();
  const stderr = output();
  const argv = ['--base-url', inject('baseUrl'), '--forward-to', hooks.url, ...args];
  const done = runListen(argv, { stdout, stderr, signal: stop.signal, pollMs: 200, runtimeFile: '/nonexistent' });
  let ended = false;
  void done.finally(() => (ended = true));
  // Its start line is written as it takes its starting point: an event recorded after this is forwarded.
  while (!stderr.text().includes('Ctrl-C stops') && !ended) await new Promise((resolve) => setTimeout(resolve, 10));
  return { hooks, stdout, stderr, secret: () => stdout.lines[0]!, stop: async () => (stop.abort(), done), done };
}

describe.concurrent('npm run listen, forwarding', () => {
  it('prints its secret first, then forwards each new event signed with it, exactly as GET /event/{id} shows it', { timeout: 30_000 }, async ({
    onTestFinished,
  }) => {
    const { key } = await newClient();
    await createPaymentVia(key); // before the listener: not forwarded
    await new Promise((resolve) => setTimeout(resolve, 20));
    const listener = await listen(onTestFinished, ['--key', key]);
    expect(listener.secret()).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const payment = await createPaymentVia(key);
    await simulate(key, payment.id, 'settle');
    const received = await listener.hooks.waitFor(2, { timeoutMs: 15_000 });
    for (const request of received) {
      const event = verified(listener.secret(), request) as { id: string; data: { object: { id: string } } };
      expect(event.data.object.id).toBe(payment.id);
      expect(event).toEqual((await call('GET', `/event/${webhookIdOf(request)}`, { key })).body.data);
    }
    expect(received.map((r) => (JSON.parse(r.body) as { type: string }).type)).toEqual(['payment.created', 'payment.settled']);
    expect(listener.stdout.lines.slice(1).map((line) => line.split(/\s+/).slice(1, 5))).toEqual(
      received.map((r) => [webhookIdOf(r), (JSON.parse(r.body) as { type: string }).type, '->', '200']),
    );

    expect(await listener.stop()).toBe(0);
    expect(listener.stderr.text()).toContain(`Stopped. Resume with --since ${webhookIdOf(received[1]!)}`);
  });

  it('forwards only the types asked for, and resumes after --since without repeating an event', { timeout: 40_000 }, async ({ onTestFinished }) => {
    const { key } = await newClient();
    const first = await listen(onTestFinished, ['--key', key, '--events', 'payment.settled,payment.cancelled']);
    const settledLater = await createPaymentVia(key);
    const settled = await createPaymentVia(key);
    await simulate(key, settled.id, 'settle');
    const [one] = await first.hooks.waitFor(1, { timeoutMs: 15_000 });
    expect(JSON.parse(one!.body)).toMatchObject({ type: 'payment.settled', data: { object: { id: settled.id } } });
    await first.stop();

    // While no listener runs.
    await simulate(key, settledLater.id, 'settle');
    const cancelled = await createPaymentVia(key);
    await call('POST', `/transaction/${cancelled.id}/cancel`, { key });
    const second = await listen(onTestFinished, [
      '--key',
      key,
      '--events',
      'payment.settled,payment.cancelled',
      '--since',
      webhookIdOf(one!),
      '--secret',
      first.secret(),
    ]);
    const resumed = await second.hooks.waitFor(2, { timeoutMs: 15_000 });
    expect(resumed.map((r) => [JSON.parse(r.body).type, JSON.parse(r.body).data.object.id])).toEqual([
      ['payment.settled', settledLater.id],
      ['payment.cancelled', cancelled.id],
    ]);
    verified(first.secret(), resumed[0]!);
    expect(second.stdout.lines[0]).toBe(first.secret());
  });

  it('signs each forward with both secrets when given two (new, then old), as the sandbox does during a roll', { timeout: 30_000 }, async ({
    onTestFinished,
  }) => {
    const { key } = await newClient();
    const [fresh, old] = [`whsec_${'A'.repeat(32)}`, `whsec_${'B'.repeat(32)}`];
    const listener = await listen(onTestFinished, ['--key', key, '--secret', fresh, '--secret', old]);
    expect(listener.secret()).toBe(fresh);

    await createPaymentVia(key);
    const [forwarded] = await listener.hooks.waitFor(1, { timeoutMs: 15_000 });
    expect(String(forwarded!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verified(fresh, forwarded!)).not.toThrow();
    expect(() => verified(old, forwarded!)).not.toThrow();
  });
});

describe('npm run listen', () => {
  it('refuses a command line without --forward-to or with an unknown event type, with its usage', async () => {
    const stderr = output();
    expect(await runListen(['--key', 'sk_sbx_x'], { stdout: output(), stderr })).toBe(2);
    expect(stderr.text()).toContain('--forward-to URL is required');
    expect(stderr.text()).toContain('Usage: npm run --silent listen');
    const again = output();
    expect(await runListen(['--key', 'k', '--forward-to', 'http://127.0.0.1:1/', '--events', 'payment.lost'], { stdout: output(), stderr: again })).toBe(2);
    expect(again.text()).toContain('--events takes event types');
  });

  it('prints its usage, naming the environment variables it reads, and exits 0 on --help and on -h', async () => {
    // Two commands of their own, side by side.
    const runs = await Promise.all(['--help', '-h'].map((flag) => npmRun('listen', [flag])));
    for (const [i, run] of runs.entries()) {
      expect(run, ['--help', '-h'][i]).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(/^Usage: npm run --silent listen -- --forward-to URL/);
      for (const named of ['-h, --help', 'SANDBOX_KEY', 'SANDBOX_DIR', 'AWS_PROFILE', 'AWS_REGION']) expect(run.stdout).toContain(named);
    }
  }, 60_000);

  it('stops on Ctrl-C (SIGINT) as a command, after printing its secret', { timeout: 60_000 }, async () => {
    const { key } = await newClient();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'infra/local/listen.ts', '--base-url', inject('baseUrl'), '--key', key, '--forward-to', 'http://127.0.0.1:9/'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, SANDBOX_KEY: '' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    // As long as the test's timeout lets it: a busy machine starts a process several times slower.
    while (!stderr.includes('Ctrl-C stops') && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stdout.split('\n')[0]).toMatch(/^whsec_/);
    child.kill('SIGINT');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stderr).toContain('Stopped.');
  });
});
