import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../lib/limits';
import { routeList } from '../../lib/routes';

// `npm run bench -- --quick` as CI runs it: it must finish, stop its DynamoDB Local and write a
// result for every route. Timings and sizes are reported by the bench, never asserted here.

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

let dir: string;
let run: { code: number | null; stdout: string; stderr: string };
let results: any;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bench-quick-'));
  const out = join(dir, 'results.json');
  run = await new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'bench', '--', '--quick', '--out', out], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
  results = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run bench -- --quick', () => {
  it('exits 0 and writes its results', () => {
    expect(run.code, run.stderr.slice(-3000)).toBe(0);
    expect(results?.mode).toBe('quick');
    expect(run.stdout).toContain('### 1. Latency over the DynamoDB floor');
  });

  it('measures every route of the route table against its floor and counts its calls', () => {
    const measured = new Set(results.endpoints.map((e: any) => e.routeId));
    for (const route of routeList) expect(measured, route.id).toContain(route.id);
    for (const e of results.endpoints) {
      expect(e.latency.http.n, e.id).toBe(results.settings.iterations);
      expect(e.calls.perRequest.max, e.id).toBeGreaterThanOrEqual(routeList.find((r) => r.id === e.routeId)!.credential.kind === 'none' ? 0 : 1);
      expect(e.floorMatches, `${e.id}: floor ${e.floorSequence} vs ${e.calls.sequences}`).toBe(true);
    }
  });

  it('sizes and times the import of every function bundle beside the floor and the empty module', () => {
    const names = results.bundles.bundles.map((b: any) => b.routeId ?? b.kind);
    for (const route of routeList) expect(names, route.id).toContain(route.id);
    expect(names).toEqual(expect.arrayContaining(['floor', 'empty']));
    for (const b of results.bundles.bundles) expect(b.bytes).toBeGreaterThan(0);
  });

  it('finishes the load with no errors, reads back every created transaction and keeps the ledger invariant', () => {
    expect(results.load.errors).toBe(0);
    expect(results.load.non2xx).toBe(0);
    expect(results.load.created).toBeGreaterThan(0);
    expect(results.load.readBack.failures).toEqual([]);
    expect(results.load.ledger.holds, results.load.ledger.problems.join('; ')).toBe(true);
    expect(results.failures).toEqual([]);
  });

  it("weighs the payment page's states and times a click on Pay in Chromium to the shop, beside simulate", () => {
    const page = results.paymentPage;
    expect(page.failures).toEqual([]);
    expect(page.states.map((s: any) => s.state)).toEqual(['bank transfer (pending)', 'QRIS (pending, with its QR code)', 'card form', '3-D Secure challenge']);
    for (const s of page.states) expect(s.gzipBytes, s.state).toBeGreaterThan(0);
    expect(page.clickToRedirect.n).toBe(2);
    expect(page.simulate.n).toBe(2);
    expect(run.stdout).toContain('### 12. Payment page');
  });

  it('reports how long one POST /sandbox/reset takes to empty a partition of 1 000 items, in one call', () => {
    expect(results.reset).toMatchObject({ items: 1_000, deleted: 1_000, hasMore: false, failures: [] });
    expect(results.reset.ms).toBeGreaterThan(0);
    expect(run.stdout).toContain('### 8. Reset (local)');
  });

  it("stops its DynamoDB Locals when it is done (the main one and the delivery part's)", async () => {
    const refused = (endpoint: string) =>
      new Promise<boolean>((resolve) => {
        const socket = connect(Number(new URL(endpoint).port), '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('error', () => resolve(true));
      });
    expect(await refused(results.environment.dynamoEndpoint)).toBe(true);
    expect(await refused(results.delivery.dynamoEndpoint)).toBe(true);
  });

  it('reports the worst read units per list request, with the budget and without, and the budgeted list finds every match once', () => {
    const { readBudget } = results;
    expect(readBudget.budget).toBe(DEFAULT_LIMITS.readUnitsPerRequest);
    expect(readBudget.matches).toBeGreaterThan(0);
    expect(readBudget.withBudget.everyMatchOnce).toBe(true);
    expect(readBudget.withoutBudget.everyMatchOnce).toBe(true);
    expect(readBudget.withBudget.worstReadUnits).toBeGreaterThan(0);
    expect(readBudget.withoutBudget.worstReadUnits).toBeGreaterThanOrEqual(readBudget.withBudget.worstReadUnits);
    expect(run.stdout).toContain('### 5. Read units per list request');
  });

  it('delivers webhooks to 10 local endpoints, each payment once per endpoint, every delivery verified with standardwebhooks', () => {
    const { delivery } = results;
    expect(delivery.endpoints).toBe(10);
    expect(delivery.latency.delivery.n).toBe(delivery.latencyPayments * 10);
    expect(delivery.throughput.expected).toBe(delivery.throughputPayments * 10);
    expect(delivery.throughput.received).toBe(delivery.throughput.expected);
    expect(delivery.throughput.missing).toBe(0);
    expect(delivery.throughput.deliveriesPerSecond).toBeGreaterThan(0);
    expect(delivery.verified).toBe(delivery.posts);
    expect(delivery.failures).toEqual([]);
    expect(results.targets.map((t: any) => t.part)).toContain('webhook delivery');
    expect(run.stdout).toContain('### 7. Webhook delivery (local)');
  });

  it("sizes the dashboard's page, script and style sheet, gzipped, against its 100 KB budget", () => {
    const { dashboard } = results;
    expect(dashboard.files.map((f: any) => f.name)).toEqual(['index.html', expect.stringMatching(/^app-\w+\.js$/), expect.stringMatching(/^app-\w+\.css$/)]);
    expect(dashboard.totalGzipBytes).toBe(dashboard.files.reduce((sum: number, f: any) => sum + f.gzipBytes, 0));
    expect(dashboard.budgetGzipBytes).toBe(100 * 1024);
    expect(results.targets.map((t: any) => t.part)).toContain('dashboard');
    expect(run.stdout).toContain('### 10. Dashboard');
  });

  it('times npm start to its banner, a first start and a restart on its data, each stopped with nothing left running', () => {
    const { startup } = results;
    expect(startup.firstMs).toBeGreaterThan(0);
    expect(startup.warmMs).toHaveLength(1);
    expect(startup.warmP50Ms).toBe(startup.warmMs[0]);
    expect(startup.targetMs).toBe(4_000);
    expect(results.targets.map((t: any) => t.part)).toContain('start-up');
    expect(run.stdout).toContain('### 11. Start-up (local)');
  });

  it('meets the requests as a user does: npm start beside the minimal service, each case timed on both and both lists under load, all answered 2xx', async () => {
    const { userCases } = results;
    expect(userCases.payments).toBe(userCases.settings.payments);
    expect(userCases.latency.map((l: any) => l.case)).toEqual([
      'GET /payment/channels',
      'GET /transaction/{id}',
      `GET /transactions?limit=20 (client of ${userCases.settings.payments} payments)`,
      'POST /transaction/{id}/cancel right after its create',
    ]);
    for (const l of userCases.latency) expect([l.sandbox.n, l.minimal.n], l.case).toEqual([userCases.settings.rounds, userCases.settings.rounds]);
    expect(userCases.throughput.map((t: any) => t.path)).toEqual(['/payment/channels', '/transactions?limit=20']);
    for (const t of userCases.throughput) expect(Math.min(t.sandbox.requests, t.minimal.requests), t.path).toBeGreaterThan(0);
    expect(userCases.failures).toEqual([]);
    expect(results.targets.map((t: any) => t.part)).toContain('as a user meets it');
    expect(run.stdout).toContain('### 13. As a user meets it');
    const socket = connect(Number(new URL(userCases.dynamoEndpoint).port), '127.0.0.1');
    expect(await new Promise((resolve) => socket.once('connect', () => resolve('open')).once('error', () => resolve('stopped')))).toBe('stopped');
    socket.destroy();
  });

  it('prices a million create-payment calls', () => {
    expect(results.cost.totalUsd).toBeGreaterThan(0);
    expect(results.cost.lines.map((l: any) => l.item).join('\n')).toMatch(/Lambda[\s\S]*API Gateway[\s\S]*DynamoDB/);
  });
});
