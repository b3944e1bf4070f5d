import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashApiKey } from '../lib/auth/api-key';
import { ENV } from '../lib/config/env';
import { createClient } from '../lib/auth/key-repository';
import { closeDb, createDb } from '../lib/db/client';
import { transactionEntity } from '../lib/payments/items';
import { HttpApi } from './client';
import { MINIMAL_PATHS, type MinimalWorkerConfig, type MinimalWorkerReady } from './minimal';
import type { Target } from './target';
import { BENCH_REQUESTS_PER_SECOND, createCopy, createViaApi, type FloorContext } from './scenarios';
import { startNpmStart } from './startup';
import { mapLimit, round, rotate, roundSummary, summarize, type Summary } from './stats';
import type { ThroughputConfig, ThroughputOutput } from './throughput-worker';
import { runWorker, startServingWorker } from './worker-process';

/**
 * Part 13: the requests as a user meets them. `npm start -- --in-memory` itself, in a process group
 * of its own with its background work on (the stream poller that a write nudges, the sweep every
 * second, the in-process timer), its one client's request limit lifted; beside it, in a process of
 * its own as npm start is (bench/minimal-worker.ts, decision 0412), the minimal service
 * (bench/minimal.ts) on the same DynamoDB Local, doing only what the contract requires. Latency: each case interleaved round by round against the minimal service —
 * GET /payment/channels, GET /transaction/{id}, GET /transactions?limit=20 over a client with
 * ≥ 200 payments, and POST /transaction/{id}/cancel right after its create (the create's
 * background work running as it does for a user). Throughput: autocannon on GET /payment/channels
 * and GET /transactions?limit=20 against each server in turn.
 */

export interface UserCasesSettings {
  readonly warmup: number;
  readonly rounds: number;
  /** Payments of the client before anything is measured (the list's case asks for at least 200). */
  readonly payments: number;
  readonly connections: number;
  /** Each server's load before any pass counts, per path. */
  readonly throughputWarmupSeconds: number;
  /** One pass; each server has two per path. */
  readonly throughputSeconds: number;
}

/** Sandbox ÷ minimal at the median: reads ≤ 1.3×, writes ≤ 1.5× (as part 1); throughput ≥ 0.7× the minimal service's. */
export const USER_CASE_TARGETS = { readsP50: 1.3, writesP50: 1.5, throughputRatio: 0.7 } as const;

export interface UserCaseLatency {
  readonly case: string;
  readonly write: boolean;
  readonly sandbox: Summary;
  readonly minimal: Summary;
  /** Sandbox p50 ÷ minimal p50. */
  readonly ratio: number;
}

export interface ThroughputArm {
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

export interface UserCaseThroughput {
  readonly path: string;
  readonly sandbox: ThroughputArm;
  readonly minimal: ThroughputArm;
  /** Sandbox requests/s ÷ the minimal service's. */
  readonly ratio: number;
}

export interface UserCasesResult {
  readonly settings: UserCasesSettings;
  /** The DynamoDB Local that `npm start` ran (and stopped). */
  readonly dynamoEndpoint: string;
  /** The client's payments when the list was measured. */
  readonly payments: number;
  readonly latency: UserCaseLatency[];
  readonly throughput: UserCaseThroughput[];
  /** Unexpected statuses, errors or non-2xx under load; empty when the part passed. */
  readonly failures: string[];
}

const LIST_PATH = MINIMAL_PATHS.list;
const CHANNELS_PATH = MINIMAL_PATHS.channels;
/** How long the minimal service's process may take to load and listen. */
const MINIMAL_START_TIMEOUT_MS = 60_000;

/** Runs part 13; `npm start` is stopped before it returns, whatever happens. */
export async function measureUserCases(settings: UserCasesSettings, log: (line: string) => void): Promise<UserCasesResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-user-cases-'));
  const clients: HttpApi[] = [];
  let stopMinimal: (() => Promise<void>) | undefined;
  // As the probe ran it: one client, its limit lifted, and nothing else changed.
  const sandbox = await startNpmStart(dir, ['--in-memory'], { [ENV.requestsPerSecond]: String(BENCH_REQUESTS_PER_SECOND) });
  const runtime = JSON.parse(readFileSync(join(dir, 'runtime.json'), 'utf8')) as { dynamoEndpoint: string; tableName: string };
  const db = createDb(runtime.tableName, { endpoint: runtime.dynamoEndpoint });
  try {
    const banner = /Base URL:\s+(\S+)[\s\S]*Server key:\s+(\S+)\s+\(client (\S+),/.exec(sandbox.output);
    if (!banner) throw new Error(`npm start's banner names no base URL, key or client:\n${sandbox.output}`);
    const [, baseUrl, key, clientId] = banner as unknown as [string, string, string, string];
    const api = new HttpApi(baseUrl, key, 16);
    const http = new HttpApi(baseUrl, key, 1);
    clients.push(api, http);

    log(`  npm start --in-memory at ${baseUrl}; ${settings.payments} payments for its client`);
    const ids = await mapLimit(Array.from({ length: settings.payments }), 8, () => createViaApi(api));
    // Reading a stored transaction renders its links: run alone, this process has no {base_url} of its own yet.
    process.env[ENV.baseUrl] ??= baseUrl;
    const template = await transactionEntity.find(db, transactionEntity.key(clientId, ids[0]!));
    if (!template) throw new Error('part 13: a created transaction is not in the table');
    const floor: FloorContext = { floorDb: db, floorClientId: (await createClient(db, 'bench floor')).id, template };

    const channels = await http.send({ method: 'GET', path: CHANNELS_PATH });
    if (channels.status !== 200) throw new Error(`part 13: GET ${CHANNELS_PATH} answered HTTP ${channels.status}`);
    const readOnlyId = ids[0]!;
    // The minimal service, in a process of its own as npm start is (decision 0412), answers what any
    // service of the contract must: the channel list it was given; the transaction it reads; the
    // page of 20 it reads, serialized; a cancel.
    const config: MinimalWorkerConfig = {
      dynamoEndpoint: runtime.dynamoEndpoint,
      tableName: runtime.tableName,
      keyHash: hashApiKey(key),
      clientId,
      channels: channels.text,
      readOnlyId,
      floorClientId: floor.floorClientId,
      template,
    };
    const minimal = await startServingWorker<MinimalWorkerReady>('minimal-worker.ts', join(dir, 'minimal.config.json'), config, MINIMAL_START_TIMEOUT_MS);
    stopMinimal = minimal.stop;
    const minimalHttp = new HttpApi(minimal.ready.baseUrl, key, 1);
    clients.push(minimalHttp);

    const failures: string[] = [];
    const expect = (status: number, wanted: number, what: string) => {
      if (status !== wanted && failures.length < 20) failures.push(`${what}: HTTP ${status}, expected ${wanted}`);
    };
    const timed = async (send: () => Promise<{ status: number }>, wanted: number, what: string): Promise<number> => {
      const start = performance.now();
      const { status } = await send();
      const ms = performance.now() - start;
      expect(status, wanted, what);
      return ms;
    };

    type Arm = 'sandbox' | 'minimal';
    interface Case {
      readonly name: string;
      readonly write: boolean;
      run(arm: Arm): Promise<number>;
    }
    const cases: Case[] = [
      {
        name: 'GET /payment/channels',
        write: false,
        run: (arm) => timed(() => (arm === 'sandbox' ? http : minimalHttp).send({ method: 'GET', path: CHANNELS_PATH }), 200, `${arm} channels`),
      },
      {
        name: 'GET /transaction/{id}',
        write: false,
        run: (arm) => timed(() => (arm === 'sandbox' ? http : minimalHttp).send({ method: 'GET', path: MINIMAL_PATHS.get(readOnlyId) }), 200, `${arm} get`),
      },
      {
        name: `GET ${LIST_PATH} (client of ${settings.payments} payments)`,
        write: false,
        run: (arm) => timed(() => (arm === 'sandbox' ? http : minimalHttp).send({ method: 'GET', path: LIST_PATH }), 200, `${arm} list`),
      },
      {
        name: 'POST /transaction/{id}/cancel right after its create',
        write: true,
        run: async (arm) => {
          if (arm === 'sandbox') {
            const id = await createViaApi(http);
            return timed(() => http.send({ method: 'POST', path: MINIMAL_PATHS.cancel(id) }), 200, 'sandbox cancel');
          }
          const id = await createCopy(floor);
          return timed(() => minimalHttp.send({ method: 'POST', path: MINIMAL_PATHS.cancel(id) }), 200, 'minimal cancel');
        },
      },
    ];

    const latency: UserCaseLatency[] = [];
    for (const c of cases) {
      const samples: Record<Arm, number[]> = { sandbox: [], minimal: [] };
      for (let r = 0; r < settings.warmup + settings.rounds; r++) {
        for (const arm of rotate(['sandbox', 'minimal'] as const, r)) {
          const ms = await c.run(arm);
          if (r >= settings.warmup) samples[arm].push(ms);
        }
      }
      const sandboxSummary = roundSummary(summarize(samples.sandbox));
      const minimalSummary = roundSummary(summarize(samples.minimal));
      latency.push({
        case: c.name,
        write: c.write,
        sandbox: sandboxSummary,
        minimal: minimalSummary,
        ratio: round(sandboxSummary.p50 / minimalSummary.p50, 2),
      });
      log(`  ${c.name}: p50 ${sandboxSummary.p50} ms against the minimal service's ${minimalSummary.p50} ms`);
    }

    const throughput: UserCaseThroughput[] = [];
    const baseUrls: Record<Arm, string> = { sandbox: baseUrl, minimal: minimal.ready.baseUrl };
    const load = (arm: Arm, path: string, durationSeconds: number) =>
      runThroughput({ baseUrl: baseUrls[arm], key, path, connections: settings.connections, durationSeconds, out: join(dir, 'throughput.json') });
    for (const path of [CHANNELS_PATH, LIST_PATH]) {
      // Both servers, and the DynamoDB Local they share, warm under this very load before anything
      // counts; then the passes run npm start, minimal, minimal, npm start, so that whatever still
      // warms or cools over the part weighs on both alike (decision 0412).
      for (const arm of ['sandbox', 'minimal'] as const) await load(arm, path, settings.throughputWarmupSeconds);
      const passes: Record<Arm, ThroughputOutput[]> = { sandbox: [], minimal: [] };
      for (const arm of ['sandbox', 'minimal', 'minimal', 'sandbox'] as const) {
        const out = await load(arm, path, settings.throughputSeconds);
        passes[arm].push(out);
        if (out.errors > 0 || out.non2xx > 0) failures.push(`${arm} GET ${path} under load: ${out.errors} errors, ${out.non2xx} non-2xx`);
        log(`  GET ${path} at ${settings.connections} connections, ${arm}: ${round(out.requests / out.durationSeconds, 1)} requests/s`);
      }
      const arms = { sandbox: armOf(passes.sandbox), minimal: armOf(passes.minimal) };
      throughput.push({ path, ...arms, ratio: round(arms.sandbox.requestsPerSecond / arms.minimal.requestsPerSecond, 2) });
    }
    return { settings, dynamoEndpoint: runtime.dynamoEndpoint, payments: ids.length, latency, throughput, failures: failures.map((f) => `part 13: ${f}`) };
  } finally {
    for (const client of clients) client.close();
    await stopMinimal?.();
    closeDb(db);
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One server's passes as one: its requests over their time, the mean of their medians, the worst of their p99s. */
function armOf(passes: readonly ThroughputOutput[]): ThroughputArm {
  const sum = (of: (o: ThroughputOutput) => number) => passes.reduce((total, o) => total + of(o), 0);
  return {
    requests: sum((o) => o.requests),
    requestsPerSecond: round(sum((o) => o.requests) / sum((o) => o.durationSeconds), 1),
    p50: round(sum((o) => o.latencyMs.p50) / passes.length, 1),
    p99: Math.max(...passes.map((o) => o.latencyMs.p99)),
    errors: sum((o) => o.errors),
    non2xx: sum((o) => o.non2xx),
  };
}

function runThroughput(config: ThroughputConfig): Promise<ThroughputOutput> {
  return runWorker<ThroughputOutput>('throughput-worker.ts', config, { timeoutMs: (config.durationSeconds + 60) * 1000, stopSignal: 'SIGKILL' });
}

/** The targets of part 13 (bench/report.ts evaluateTargets). */
export function userCaseTargets(u: UserCasesResult | undefined): Target[] {
  if (!u) return [];
  return [
    ...u.latency.map((l) => {
      const limit = l.write ? USER_CASE_TARGETS.writesP50 : USER_CASE_TARGETS.readsP50;
      return { part: 'as a user meets it' as const, subject: l.case, target: `npm start/minimal p50 ≤ ${limit}×`, value: `${l.ratio}×`, met: l.ratio <= limit };
    }),
    ...u.throughput.map((t) => ({
      part: 'as a user meets it' as const,
      subject: `GET ${t.path} at ${u.settings.connections} connections`,
      target: `npm start ≥ ${USER_CASE_TARGETS.throughputRatio}× the minimal service's requests/s`,
      value: `${t.ratio}× (${t.sandbox.requestsPerSecond} against ${t.minimal.requestsPerSecond} requests/s)`,
      met: t.ratio >= USER_CASE_TARGETS.throughputRatio,
    })),
  ];
}

/** Section 12 of the report. */
export function userCasesSection(u: UserCasesResult | undefined, table: (head: string[], rows: (string | number)[][]) => string): string[] {
  if (!u) return [];
  const ms = (v: number) => v.toFixed(2);
  const mark = (met: boolean) => (met ? '✓' : '✗ missed');
  return [
    `### 13. As a user meets it: \`npm start -- --in-memory\` (background work on, one client of ${u.payments} payments, its limit lifted) beside the minimal service`,
    '',
    `Latency: ${u.settings.rounds} interleaved rounds after ${u.settings.warmup} warm-up, one request at a time; the cancel's create is sent just before it, untimed (the minimal service's create is its one TransactWriteItems). Throughput: autocannon, ${u.settings.connections} connections, ${u.settings.throughputWarmupSeconds} s of warm-up against each server, then passes of ${u.settings.throughputSeconds} s in the order npm start, minimal, minimal, npm start; each server's requests over its two passes (p50: their mean; p99: the worse).`,
    '',
    table(
      [
        'case',
        'npm start p50',
        'npm start p99',
        'minimal p50',
        'minimal p99',
        'npm start/minimal p50',
        `≤ ${USER_CASE_TARGETS.readsP50}× reads, ${USER_CASE_TARGETS.writesP50}× writes`,
      ],
      u.latency.map((l) => [
        l.case,
        ms(l.sandbox.p50),
        ms(l.sandbox.p99),
        ms(l.minimal.p50),
        ms(l.minimal.p99),
        `${l.ratio.toFixed(2)}×`,
        mark(l.ratio <= (l.write ? USER_CASE_TARGETS.writesP50 : USER_CASE_TARGETS.readsP50)),
      ]),
    ),
    '',
    table(
      [
        'under load',
        'npm start req/s',
        'p50 ms',
        'p99 ms',
        'minimal req/s',
        'p50 ms',
        'p99 ms',
        'npm start/minimal',
        `≥ ${USER_CASE_TARGETS.throughputRatio}×`,
      ],
      u.throughput.map((t) => [
        `GET ${t.path}`,
        t.sandbox.requestsPerSecond,
        t.sandbox.p50,
        t.sandbox.p99,
        t.minimal.requestsPerSecond,
        t.minimal.p50,
        t.minimal.p99,
        `${t.ratio.toFixed(2)}×`,
        mark(t.ratio >= USER_CASE_TARGETS.throughputRatio),
      ]),
    ),
    '',
  ];
}
