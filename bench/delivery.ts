import type { DeliveryConfig, DeliveryOutput } from './delivery-worker';
import { round, roundSummary, summarize, type Summary } from './stats';
import { runWorker } from './worker-process';

/**
 * Part 7: webhook delivery on the local sandbox (bench/delivery-worker.ts, its own process and
 * its own DynamoDB Local, with the background work `npm start` runs): one client with 10
 * endpoints on a local receiver. Latency: payments created one at a time, from the create's
 * response to the arrival of its payment.created at each endpoint. Throughput: payments created
 * as fast as the API takes them, deliveries per second from the first response to the last
 * delivery. Every delivery is checked with the standardwebhooks library and counted once per
 * endpoint and webhook-id.
 */

/** What docs/api.md §11 and the issue promise locally: delivery starts within 1 s of the response. */
export const LOCAL_DELIVERY_TARGET_MS = 1_000;

export interface DeliveryBenchSettings {
  readonly endpoints: number;
  readonly warmup: number;
  readonly latencyPayments: number;
  readonly throughputPayments: number;
  readonly concurrency: number;
}

export interface DeliveryResult extends DeliveryBenchSettings {
  readonly latency: {
    /** Per delivery (payments × endpoints), ms. */
    readonly delivery: Summary;
    /** Per payment, until the last of its endpoints got it, ms. */
    readonly allEndpoints: Summary;
  };
  readonly throughput: {
    readonly payments: number;
    readonly createSeconds: number;
    readonly createsPerSecond: number;
    readonly expected: number;
    readonly received: number;
    readonly missing: number;
    readonly seconds: number;
    readonly deliveriesPerSecond: number;
  };
  /** POSTs the receiver got in the whole part (warm-up included). */
  readonly posts: number;
  /** Extra POSTs of a webhook-id an endpoint already had (at least once allows them; 0 expected). */
  readonly duplicates: number;
  readonly verified: number;
  readonly dynamoEndpoint: string;
  /** Missing deliveries, failed signature checks, a worker that failed; empty when it passed. */
  readonly failures: string[];
}

function runDeliveryWorker(config: DeliveryConfig, timeoutMs: number, log: (line: string) => void): Promise<DeliveryOutput> {
  // The handlers' and the dispatcher's logs are kept for a failure's message only; its progress lines go to the bench's log.
  return runWorker<DeliveryOutput>('delivery-worker.ts', config, {
    timeoutMs,
    stopSignal: 'SIGTERM',
    onLine: (line) => line.startsWith('  delivery: ') && log(line.trim()),
  });
}

export async function measureDelivery(
  settings: DeliveryBenchSettings & { requestsPerSecond: number; settleMs: number; workFile: string; timeoutMs: number },
  log: (line: string) => void,
): Promise<DeliveryResult> {
  const { requestsPerSecond, settleMs, workFile, timeoutMs, ...shown } = settings;
  const out = await runDeliveryWorker({ ...shown, requestsPerSecond, waitMs: 15_000, settleMs, out: workFile }, timeoutMs, log);
  const { throughput: t } = out;
  const seconds = t.deliveryMs / 1000;
  const createSeconds = t.createMs / 1000;
  return {
    ...shown,
    latency: { delivery: roundSummary(summarize(out.latency.deliveriesMs), 2), allEndpoints: roundSummary(summarize(out.latency.allEndpointsMs), 2) },
    throughput: {
      payments: t.payments,
      createSeconds: round(createSeconds, 2),
      createsPerSecond: round(t.payments / createSeconds, 1),
      expected: t.expected,
      received: t.received,
      missing: t.expected - t.received,
      seconds: round(seconds, 2),
      deliveriesPerSecond: round(t.received / seconds, 1),
    },
    posts: out.posts,
    duplicates: out.duplicates,
    verified: out.verified,
    dynamoEndpoint: out.dynamoEndpoint,
    failures: out.failures.map((f) => `webhook delivery: ${f}`),
  };
}
