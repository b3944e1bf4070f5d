import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { probeNames } from '../../lib/webhooks/receiver-check';
import { newWebhookSecret } from '../../lib/webhooks/signature';
import { npmRun } from '../support/commands';
import { SUITE_PROBE_TIMEOUT_MS } from '../support/global-setup';
import { call, newClient } from '../support/fixtures';
import { startReceiver, verified, webhookIdOf, type Answer, type Received, type Receiver } from '../support/webhook-receiver';

/**
 * The receiver check (docs/api.md §17) through the local server (the local URL policy: loopback
 * allowed), against three receivers of the test's own on 127.0.0.1: one that verifies with the
 * standardwebhooks library (400 on failure, a duplicate answered 200 and not acted on twice), one
 * that answers 200 to anything, one that answers 500 to a bad signature.
 */

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
async function receiver(answer: (nth: number, request: Received) => Answer | Promise<Answer>): Promise<Receiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

/** A receiver done right: verifies on the raw body, 400 when it does not hold, acts once per webhook-id. */
function verifying(secret: () => string, acted: string[] = []) {
  const seen = new Set<string>();
  return (_nth: number, request: Received): Answer => {
    try {
      verified(secret(), request);
    } catch {
      return 400;
    }
    const id = webhookIdOf(request);
    if (!seen.has(id)) {
      seen.add(id);
      acted.push(id);
    }
    return 200;
  };
}

const CHECK_TIMEOUT = 60_000;

async function endpointFor(key: string, url: string): Promise<{ id: string; secret: string }> {
  const res = await call('POST', '/webhook/endpoints', { key, body: { url } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const check = (key: string, id: string, headers?: Record<string, string>) => call('POST', `/webhook/endpoints/${id}/check`, { key, headers });
const checks = (key: string, id: string, query = '') => call('GET', `/webhook/endpoints/${id}/checks${query}`, { key });

/** A receiver registered for a new client, answering as `answer` says with the endpoint's secret. */
async function setUp(answer: (secret: () => string) => (nth: number, request: Received) => Answer | Promise<Answer>) {
  const { key } = await newClient();
  let secret = '';
  const hooks = await receiver(answer(() => secret));
  const endpoint = await endpointFor(key, hooks.url);
  secret = endpoint.secret;
  return { key, hooks, endpoint };
}

const passedBy = (results: { probe: string; passed: boolean }[]) => Object.fromEntries(results.map((r) => [r.probe, r.passed]));
const statusBy = (results: { probe: string; response_status: number | null }[]) => Object.fromEntries(results.map((r) => [r.probe, r.response_status]));

const forged = ['tampered_body', 'wrong_secret', 'missing_signature', 'stale_timestamp', 'future_timestamp'];
const genuine = ['valid_signature', 'duplicate', 'unknown_type', 'multiple_signatures'];

describe('POST /webhook/endpoints/{id}/check', () => {
  it('passes a receiver that verifies with the standardwebhooks library, dedupes and tolerates unknown types', { timeout: CHECK_TIMEOUT }, async () => {
    const acted: string[] = [];
    const { key, hooks, endpoint } = await setUp((secret) => verifying(secret, acted));
    const res = await check(key, endpoint.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ id: expect.stringMatching(/^whc_/), endpoint_id: endpoint.id, url: hooks.url, passed: true });
    expect(data.results.map((r: { probe: string }) => r.probe)).toEqual([...probeNames]);
    for (const result of data.results) {
      expect(result, result.probe).toMatchObject({ passed: true, error: null });
      expect(result.response_status).toBe(forged.includes(result.probe) ? 400 : 200);
    }
    // Nine requests; the duplicate is the valid probe again, byte for byte, and was acted on once.
    expect(hooks.received).toHaveLength(9);
    const bodies = hooks.received.map((r) => JSON.parse(r.body) as { type: string; data: { object: { endpoint_id: string; probe: string } } });
    expect(bodies.filter((b) => b.type === 'webhook_endpoint.check')).toHaveLength(8);
    for (const body of bodies) expect(body.data.object.endpoint_id).toBe(endpoint.id);
    const valid = hooks.received.filter((r) => r.body.includes('"valid_signature"'));
    expect(valid).toHaveLength(2);
    expect(valid[1]!.headers).toMatchObject({ 'webhook-id': valid[0]!.headers['webhook-id'], 'webhook-signature': valid[0]!.headers['webhook-signature'] });
    expect(valid[1]!.body).toBe(valid[0]!.body);
    expect(acted).toHaveLength(3); // valid (once), unknown type, multiple signatures
  });

  it('fails every forged probe of a receiver that answers 200 to anything', { timeout: CHECK_TIMEOUT }, async () => {
    const { key, endpoint } = await setUp(() => () => 200);
    const res = await check(key, endpoint.id);
    expect(res.status).toBe(200);
    expect(res.body.data.passed).toBe(false);
    const passed = passedBy(res.body.data.results);
    for (const probe of genuine) expect(passed[probe], probe).toBe(true);
    for (const probe of forged) expect(passed[probe], probe).toBe(false);
  });

  it('fails the forged probes of a receiver that answers them 500, which a sender would retry', { timeout: CHECK_TIMEOUT }, async () => {
    const { key, endpoint } = await setUp((secret) => {
      const verify = verifying(secret);
      return (nth, request) => (verify(nth, request) === 400 ? 500 : 200);
    });
    const res = await check(key, endpoint.id);
    const passed = passedBy(res.body.data.results);
    const status = statusBy(res.body.data.results);
    for (const probe of genuine) expect(passed[probe], probe).toBe(true);
    for (const probe of forged) {
      expect(passed[probe], probe).toBe(false);
      expect(status[probe], probe).toBe(500);
    }
  });

  it('answers a refused connection as an error on every probe', { timeout: CHECK_TIMEOUT }, async () => {
    const { key } = await newClient();
    // A port that was just free: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const endpoint = await endpointFor(key, `http://127.0.0.1:${port}/hooks`);
    const res = await check(key, endpoint.id);
    expect(res.status).toBe(200);
    expect(res.body.data.passed).toBe(false);
    for (const result of res.body.data.results) {
      expect(result, result.probe).toMatchObject({ passed: false, response_status: null, error: expect.stringContaining('Connection refused') });
    }
  });

  // Each probe waits the suites' probe timeout (2 s, decision 0350), not the contract's 5 s: the same path, a shorter wait.
  it('answers a receiver that never answers as a timeout error, within the time a check is given', { timeout: CHECK_TIMEOUT }, async () => {
    const { key, endpoint } = await setUp(() => () => 'hang');
    const res = await check(key, endpoint.id);
    expect(res.status).toBe(200);
    for (const result of res.body.data.results) {
      expect(result, result.probe).toMatchObject({ passed: false, response_status: null, error: `No answer within ${SUITE_PROBE_TIMEOUT_MS} ms` });
    }
  });

  it('refuses a second check of the same endpoint while one runs with 409 INVALID_STATE', { timeout: CHECK_TIMEOUT }, async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { key, hooks, endpoint } = await setUp(() => async () => {
      await released;
      return 200;
    });
    const first = check(key, endpoint.id);
    await hooks.waitFor(1, { timeoutMs: 20_000 });
    const second = await check(key, endpoint.id);
    release();
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'INVALID_STATE', message: 'Cannot check a webhook endpoint whose status is checking' });
    expect((await first).status).toBe(200);
    // The first one's end gives the endpoint back.
    expect((await check(key, endpoint.id)).status).toBe(200);
  });

  it('follows no redirect: a 3xx fails every probe and the place it points to gets nothing', { timeout: CHECK_TIMEOUT }, async () => {
    const elsewhere = await receiver(() => 200);
    const { key } = await newClient();
    const { createServer: createHttpServer } = await import('node:http');
    const redirecting = createHttpServer((_req, res) => {
      res.writeHead(307, { location: elsewhere.url });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = await endpointFor(key, `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hooks`);
      const res = await check(key, endpoint.id);
      for (const result of res.body.data.results) expect(result, result.probe).toMatchObject({ response_status: 307, passed: false, error: null });
      expect(elsewhere.received).toHaveLength(0);
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });

  it('replays the same check for a repeated Idempotency-Key, sending no probe again', { timeout: CHECK_TIMEOUT }, async () => {
    const { key, hooks, endpoint } = await setUp(() => () => 200);
    const headers = { 'Idempotency-Key': `check-${Math.random()}` };
    const first = await check(key, endpoint.id, headers);
    expect(first.status).toBe(200);
    const again = await check(key, endpoint.id, headers);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(hooks.received).toHaveLength(9);
    expect((await checks(key, endpoint.id)).body.data).toHaveLength(1);
  });

  it('checks a disabled endpoint too: a check is asked for, not a delivery', { timeout: CHECK_TIMEOUT }, async () => {
    const { key, hooks, endpoint } = await setUp(() => () => 200);
    const disabled = await call('PATCH', `/webhook/endpoints/${endpoint.id}`, { key, body: { status: 'disabled' } });
    expect(disabled.status).toBe(200);
    const res = await check(key, endpoint.id);
    expect(res.status).toBe(200);
    expect(hooks.received).toHaveLength(9);
  });

  it('refuses a malformed endpoint id with 400 VALIDATION_ERROR on id', async () => {
    const { key } = await newClient();
    const res = await check(key, 'whe_nope');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'id', message: expect.stringContaining('webhook endpoint id') }]);
  });

  it("answers another client's endpoint 404, on the check and on its list", async () => {
    const { key: owner } = await newClient();
    const endpoint = await endpointFor(owner, 'http://127.0.0.1:9/hooks');
    const { key: stranger } = await newClient();
    expect((await check(stranger, endpoint.id)).status).toBe(404);
    const listed = await checks(stranger, endpoint.id);
    expect(listed.status).toBe(404);
    expect(listed.body.error.code).toBe('NOT_FOUND');
  });
});

describe('GET /webhook/endpoints/{id}/checks', () => {
  it('lists the checks newest first, a page at a time, and a reset removes them', { timeout: CHECK_TIMEOUT * 2 }, async () => {
    const { key, endpoint } = await setUp(() => () => 200);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await check(key, endpoint.id);
      expect(res.status).toBe(200);
      made.push(res.body.data.id);
    }
    const first = await checks(key, endpoint.id, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual([made[2], made[1]]);
    expect(first.body.data[0].results).toHaveLength(9);
    expect(first.body.pagination.has_more).toBe(true);
    const next = await checks(key, endpoint.id, `?limit=2&cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`);
    expect(next.body.data.map((c: { id: string }) => c.id)).toEqual([made[0]]);

    // A cursor is bound to its client: another client's use of it is refused.
    const { key: stranger } = await newClient();
    const theirs = await endpointFor(stranger, 'http://127.0.0.1:9/hooks');
    const misuse = await checks(stranger, theirs.id, `?cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`);
    expect(misuse.status).toBe(400);

    const reset = await call('POST', '/sandbox/reset', { key, body: {} });
    expect(reset.status).toBe(200);
    const after = await checks(key, endpoint.id);
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual([]);
  });
});

describe('npm run listen -- --check', () => {
  it('exits 0 for the verifying receiver and 1 for the naive one, printing a table of probe, expected, got, passed', { timeout: 120_000 }, async () => {
    const secret = newWebhookSecret();
    const good = await receiver(verifying(() => secret));
    const naive = await receiver(() => 200);

    // The two runs are independent (a receiver each): side by side.
    const [passing, failing] = await Promise.all([
      npmRun('listen', ['--check', '--forward-to', good.url, '--secret', secret]),
      npmRun('listen', ['--check', '--forward-to', naive.url, '--secret', secret]),
    ]);
    expect(passing.code, passing.stderr).toBe(0);
    const rows = passing.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^probe\s+expected\s+got\s+passed$/);
    expect(rows.slice(1).map((row) => row.split(/\s{2,}/)[0])).toEqual([...probeNames]);
    expect(rows.find((row) => row.startsWith('tampered_body'))).toMatch(/4xx\s+400 \(\d+ ms\)\s+yes$/);
    // The same battery as the sandbox's check: nine requests, the duplicate the valid one again.
    expect(good.received).toHaveLength(9);

    expect(failing.code).toBe(1);
    expect(failing.stdout.split('\n').find((row) => row.startsWith('wrong_secret'))).toMatch(/4xx\s+200 \(\d+ ms\)\s+NO$/);
    expect(failing.stderr).toContain('failed 5 of 9 probes');
  });

  it('refuses --check without a secret, or with the options of forwarding, with its usage', async () => {
    const [run, mixed] = await Promise.all([
      npmRun('listen', ['--check', '--forward-to', 'http://127.0.0.1:9/hooks']),
      npmRun('listen', ['--check', '--forward-to', 'http://127.0.0.1:9/hooks', '--secret', newWebhookSecret(), '--key', 'sk_x']),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--check needs --secret whsec_');
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--check takes --forward-to and --secret only, not --key');
  }, 60_000);
});
