/**
 * Child process of the bench (bench/load.ts): autocannon drives a create → get → list cycle on
 * every connection for a fixed time, in a process of its own so the load generator does not share
 * the server's event loop. Writes the result and every created transaction to a JSON file.
 *
 *   node --import tsx bench/load-worker.ts <config.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { paymentBody } from './payloads';

export interface LoadConfig {
  readonly baseUrl: string;
  readonly key: string;
  readonly connections: number;
  readonly durationSeconds: number;
  /** A transaction GET falls back to before the connection's first create succeeded. */
  readonly seedId: string;
  readonly out: string;
}

export type LoadKind = 'create' | 'get' | 'list';

export interface LoadOutput {
  readonly durationSeconds: number;
  readonly requests: number;
  readonly latencyMs: { readonly mean: number; readonly p50: number; readonly p90: number; readonly p99: number; readonly max: number };
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly mismatches: number;
  /** Responses per kind of request and status, e.g. `{ create: { "201": 812 } }`. */
  readonly statuses: Record<LoadKind, Record<string, number>>;
  readonly created: { readonly id: string; readonly order_id: string; readonly amount: number }[];
}

async function main(): Promise<void> {
  const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadConfig;
  const base = new URL(config.baseUrl);
  const statuses: LoadOutput['statuses'] = { create: {}, get: {}, list: {} };
  const created: LoadOutput['created'][number][] = [];
  const tally = (kind: LoadKind, status: number) => {
    statuses[kind][status] = (statuses[kind][status] ?? 0) + 1;
  };
  const instance = autocannon({
    url: base.origin,
    connections: config.connections,
    duration: config.durationSeconds,
    timeout: 10,
    headers: { authorization: `Bearer ${config.key}` },
    requests: [
      {
        method: 'POST',
        path: `${base.pathname}/payment/create`,
        headers: { authorization: `Bearer ${config.key}`, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: JSON.stringify(paymentBody()) }),
        onResponse: (status, body, context) => {
          tally('create', status);
          if (status !== 201) return;
          const { id, order_id, amount } = (JSON.parse(body) as { data: { id: string; order_id: string; amount: number } }).data;
          context.id = id;
          created.push({ id, order_id, amount });
        },
      },
      {
        method: 'GET',
        setupRequest: (request, context) => ({ ...request, path: `${base.pathname}/transaction/${String(context.id ?? config.seedId)}` }),
        onResponse: (status) => tally('get', status),
      },
      { method: 'GET', path: `${base.pathname}/transactions`, onResponse: (status) => tally('list', status) },
    ],
  });
  const result = await instance;
  const output: LoadOutput = {
    durationSeconds: result.duration,
    requests: Object.values(statuses).reduce((total, byStatus) => total + Object.values(byStatus).reduce((a, b) => a + b, 0), 0),
    latencyMs: { mean: result.latency.mean, p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    statuses,
    created,
  };
  writeFileSync(config.out, JSON.stringify(output));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
