/**
 * Child process of the bench (bench/user-cases.ts): autocannon sends one GET to a server on every
 * connection for a fixed time, in a process of its own so the load generator shares neither the
 * sandbox's nor the minimal service's event loop. Writes a ThroughputOutput to a JSON file.
 *
 *   node --import tsx bench/throughput-worker.ts <config.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface ThroughputConfig {
  /** The server's base URL (the sandbox's ends in its API base path). */
  readonly baseUrl: string;
  readonly key: string;
  /** Below the base URL, query included, e.g. `/transactions?limit=20`. */
  readonly path: string;
  readonly connections: number;
  readonly durationSeconds: number;
  readonly out: string;
}

export interface ThroughputOutput {
  readonly durationSeconds: number;
  readonly requests: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number };
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

async function main(): Promise<void> {
  const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ThroughputConfig;
  const base = new URL(config.baseUrl);
  const result = await autocannon({
    url: base.origin,
    connections: config.connections,
    duration: config.durationSeconds,
    timeout: 10,
    headers: { authorization: `Bearer ${config.key}` },
    requests: [{ method: 'GET', path: `${base.pathname.replace(/\/$/, '')}${config.path}` }],
  });
  const requests = Object.values(result.statusCodeStats).reduce((total, s) => total + s.count, 0);
  const output: ThroughputOutput = {
    durationSeconds: result.duration,
    requests,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
  writeFileSync(config.out, JSON.stringify(output));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
