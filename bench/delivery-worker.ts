/**
 * Child process of the bench (bench/delivery.ts): webhook delivery as `npm start` runs it. A
 * sandbox of its own with its background work on (the stream poller feeding the dispatcher, the
 * sweep every second) — in a process of its own because the handlers bind to their DynamoDB Local
 * at import, and the main bench's sandbox runs without background work so that it counts only
 * the requests' calls. One local receiver (node:http on 127.0.0.1, one path per endpoint) answers
 * 200 at once and notes when each delivery arrives. Writes a DeliveryOutput to a JSON file.
 *
 *   node --import tsx bench/delivery-worker.ts <config.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { ensureDemoCredentials, newCursorSecret, startSandbox, type Sandbox } from '../infra/local/sandbox';
import { json, HttpApi } from './client';
import { paymentBody } from './payloads';
import { mapLimit } from './stats';

export interface DeliveryConfig {
  /** Webhook endpoints of the client, each a path of the receiver. */
  readonly endpoints: number;
  /** Payments created and delivered before anything is timed (imports, sockets, the stream's shard). */
  readonly warmup: number;
  /** Payments created one at a time, each waited for at every endpoint before the next. */
  readonly latencyPayments: number;
  /** Payments created at once (at most `concurrency` in flight) for the throughput. */
  readonly throughputPayments: number;
  readonly concurrency: number;
  /** The per-client request limit the sandbox runs with (never the bench's bottleneck). */
  readonly requestsPerSecond: number;
  /** How long a delivery may take before it counts as missing. */
  readonly waitMs: number;
  /** How long to listen after the last expected delivery, for late duplicates. */
  readonly settleMs: number;
  readonly out: string;
}

/** One POST the receiver got. */
interface Arrival {
  readonly endpoint: number;
  /** performance.now() when its request line and headers arrived. */
  readonly at: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly webhookId: string;
}

export interface DeliveryOutput {
  /** The DynamoDB Local this process started (and stopped). */
  readonly dynamoEndpoint: string;
  readonly latency: {
    readonly payments: number;
    /** Per delivery: from the create's response to its arrival at one endpoint (ms). */
    readonly deliveriesMs: number[];
    /** Per payment: from the create's response to the arrival at the last of the endpoints (ms). */
    readonly allEndpointsMs: number[];
  };
  readonly throughput: {
    readonly payments: number;
    /** From the first create's request to the last create's response (ms). */
    readonly createMs: number;
    /** From the first create's response to the last expected delivery's arrival (ms). */
    readonly deliveryMs: number;
    readonly expected: number;
    /** Distinct (endpoint, webhook-id) pairs of the payments' payment.created events that arrived. */
    readonly received: number;
  };
  /** Every POST the receiver got, both phases and the warm-up included. */
  readonly posts: number;
  /** Deliveries that arrived more than once at one endpoint (same webhook-id): extra POSTs. */
  readonly duplicates: number;
  /** Deliveries checked with the standardwebhooks library, and those that failed the check. */
  readonly verified: number;
  readonly verifyFailures: string[];
  readonly failures: string[];
}

const now = () => performance.now();

class Receiver {
  readonly arrivals: Arrival[] = [];
  /** `${endpoint} ${webhookId}` → how many times it arrived. */
  readonly seen = new Map<string, number>();
  /** `${endpoint} ${transaction id}` → the first payment.created delivery of the transaction there. */
  readonly created = new Map<string, Arrival>();
  /** Transaction id → at how many endpoints its payment.created arrived. */
  readonly createdAt = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private readonly server = createServer((req, res) => {
    const at = now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      const endpoint = Number(/^\/hooks\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
      const body = Buffer.concat(chunks).toString('utf8');
      let parsed: { type?: string; data?: { object?: { id?: string } } } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // Kept as it came: the signature check reports it.
      }
      const webhookId = String(req.headers['webhook-id']);
      this.arrivals.push({ endpoint, at, headers: req.headers, body, webhookId });
      const key = `${endpoint} ${webhookId}`;
      this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
      // Matched to its payment through the delivered body's data.object.id.
      const objectId = parsed.data?.object?.id;
      const pair = `${endpoint} ${objectId}`;
      if (parsed.type === 'payment.created' && objectId && !this.created.has(pair)) {
        this.created.set(pair, this.arrivals.at(-1)!);
        this.createdAt.set(objectId, (this.createdAt.get(objectId) ?? 0) + 1);
      }
      for (const wake of this.waiters) wake();
    });
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once `done()` holds; rejects when nothing new arrived for `idleMs`. */
  until(done: () => boolean, idleMs: number, what: () => string): Promise<void> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          this.waiters.delete(check);
          reject(new Error(`${what()} (nothing arrived for ${idleMs} ms)`));
        }, idleMs);
      };
      const check = () => {
        if (done()) {
          clearTimeout(timer);
          this.waiters.delete(check);
          resolve();
        } else arm();
      };
      this.waiters.add(check);
      check();
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** How many (endpoint, transaction) pairs of `ids` got their payment.created. */
function arrivedPairs(receiver: Receiver, ids: ReadonlySet<string>): number {
  let n = 0;
  for (const id of ids) n += receiver.createdAt.get(id) ?? 0;
  return n;
}

/** The first payment.created arrival of each of `ids` at each endpoint. */
function createdArrivals(receiver: Receiver, ids: ReadonlySet<string>, endpoints: number): Arrival[] {
  const found: Arrival[] = [];
  for (const id of ids) {
    for (let e = 0; e < endpoints; e++) {
      const a = receiver.created.get(`${e} ${id}`);
      if (a) found.push(a);
    }
  }
  return found;
}

async function createPayment(api: HttpApi): Promise<{ id: string; requestedAt: number; answeredAt: number }> {
  const requestedAt = now();
  const res = await api.send({ method: 'POST', path: '/payment/create', body: paymentBody() });
  const answeredAt = now();
  if (res.status !== 201) throw new Error(`create failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return { id: json(res).data.id as string, requestedAt, answeredAt };
}

async function main(): Promise<void> {
  const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as DeliveryConfig;
  const started = now();
  const log = (line: string) => process.stderr.write(`  delivery: ${line} (${((now() - started) / 1000).toFixed(1)} s in)\n`);
  const failures: string[] = [];
  const receiver = new Receiver();
  const base = await receiver.listen();
  let sandbox: Sandbox | undefined;
  let api: HttpApi | undefined;
  try {
    sandbox = await startSandbox({
      port: 0,
      cursorSecret: newCursorSecret(),
      limits: { requestsPerSecond: config.requestsPerSecond },
      background: true,
    });
    log(`sandbox with background work: ${sandbox.baseUrl} on DynamoDB Local ${sandbox.dynamoEndpoint}`);
    const demo = await ensureDemoCredentials(sandbox.db);
    api = new HttpApi(sandbox.baseUrl, demo.key, config.concurrency);
    const secrets: string[] = [];
    for (let i = 0; i < config.endpoints; i++) {
      const res = await api.send({
        method: 'POST',
        path: '/webhook/endpoints',
        body: { url: `${base}/hooks/${i}`, enabled_events: ['payment.created'], description: `bench receiver ${i}` },
      });
      if (res.status !== 201) throw new Error(`registering endpoint ${i} failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
      secrets.push(json(res).data.secret as string);
    }

    /** Waits until every endpoint got the payment.created of each of `ids`. */
    const allArrived = (ids: ReadonlySet<string>, label: string) =>
      receiver.until(
        () => arrivedPairs(receiver, ids) === ids.size * config.endpoints,
        config.waitMs,
        () => `${label}: ${arrivedPairs(receiver, ids)} of ${ids.size * config.endpoints} deliveries arrived`,
      );

    log(`${config.endpoints} endpoints on ${base}; ${config.warmup} warm-up payments`);
    for (let i = 0; i < config.warmup; i++) {
      const { id } = await createPayment(api);
      await allArrived(new Set([id]), 'warm-up');
    }

    log(`latency: ${config.latencyPayments} payments, one at a time`);
    const deliveriesMs: number[] = [];
    const allEndpointsMs: number[] = [];
    for (let i = 0; i < config.latencyPayments; i++) {
      const { id, answeredAt } = await createPayment(api);
      const ids = new Set([id]);
      await allArrived(ids, `latency, payment ${i + 1}`);
      const arrivals = createdArrivals(receiver, ids, config.endpoints).map((a) => a.at - answeredAt);
      deliveriesMs.push(...arrivals);
      allEndpointsMs.push(Math.max(...arrivals));
    }

    log(`throughput: ${config.throughputPayments} payments, ${config.concurrency} at a time, to ${config.endpoints} endpoints`);
    const created = await mapLimit(Array.from({ length: config.throughputPayments }), config.concurrency, () => createPayment(api!));
    const ids = new Set(created.map((c) => c.id));
    const expected = ids.size * config.endpoints;
    let received = 0;
    let deliveryMs = Number.NaN;
    const firstAnswer = Math.min(...created.map((c) => c.answeredAt));
    try {
      await allArrived(ids, 'throughput');
    } catch (error) {
      failures.push((error as Error).message);
    }
    const arrivals = createdArrivals(receiver, ids, config.endpoints);
    received = arrivals.length;
    if (received > 0) deliveryMs = Math.max(...arrivals.map((a) => a.at)) - firstAnswer;
    const createMs = Math.max(...created.map((c) => c.answeredAt)) - Math.min(...created.map((c) => c.requestedAt));

    log(`throughput: ${received} of ${expected} deliveries`);
    // Late duplicates (an attempt made twice) would come now.
    await sleep(config.settleMs);

    let verified = 0;
    const verifyFailures: string[] = [];
    for (const a of receiver.arrivals) {
      const secret = secrets[a.endpoint];
      try {
        if (secret === undefined) throw new Error(`unknown path for endpoint ${a.endpoint}`);
        const payload = new Webhook(secret).verify(a.body, {
          'webhook-id': String(a.headers['webhook-id']),
          'webhook-timestamp': String(a.headers['webhook-timestamp']),
          'webhook-signature': String(a.headers['webhook-signature']),
        }) as { id?: string };
        if (payload.id !== a.webhookId) throw new Error(`webhook-id ${a.webhookId} but the event is ${payload.id}`);
        verified++;
      } catch (error) {
        verifyFailures.push(`endpoint ${a.endpoint}, ${a.webhookId}: ${(error as Error).message}`);
      }
    }
    if (verifyFailures.length > 0)
      failures.push(`${verifyFailures.length} deliveries failed the standardwebhooks check: ${verifyFailures.slice(0, 3).join('; ')}`);
    const duplicates = [...receiver.seen.values()].reduce((sum, n) => sum + n - 1, 0);

    const output: DeliveryOutput = {
      dynamoEndpoint: sandbox.dynamoEndpoint,
      latency: { payments: config.latencyPayments, deliveriesMs, allEndpointsMs },
      throughput: { payments: ids.size, createMs, deliveryMs, expected, received },
      posts: receiver.arrivals.length,
      duplicates,
      verified,
      verifyFailures: verifyFailures.slice(0, 20),
      failures,
    };
    writeFileSync(config.out, JSON.stringify(output));
  } finally {
    api?.close();
    await sandbox?.stop();
    await receiver.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
