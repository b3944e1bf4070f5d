import { performance } from 'node:perf_hooks';
import { getItem } from '../lib/db/requests';
import { API_BASE_PATH, takesBearer, type RouteCredential } from '../lib/routes';
import { eventWriteUnits, modelUnits, type ModelledUnits } from './capacity';
import { json, type ApiRequest, type ApiResponse, type DirectInvoker, type HttpApi } from './client';
import type { MinimalService } from './minimal';
import { sequenceOf, type CallCounter, type CallRecord } from './counter';
import type { BenchContext, Prepared, Scenario } from './scenarios';
import { round, rotate, summarize, type Summary } from './stats';

/**
 * Part 1 and 2 of the bench: each endpoint measured side by side with its floor, interleaved
 * request by request in one process against one DynamoDB Local (HTTP, direct handler, floor,
 * then the next round starting one arm later), after a warm-up; and every DynamoDB call of every
 * measured request counted by the SDK middleware.
 */

export type Arm = 'http' | 'handler' | 'floor' | 'minimal';
/** The floor as it was before events, measured beside the others for endpoints that record events. */
type ArmOrBaseline = Arm | 'baseline';

export interface CallStats {
  /** The calls of one request, e.g. `GetItem+TransactWriteItems` (several when requests differ). */
  readonly sequences: string[];
  readonly perRequest: { readonly mean: number; readonly max: number };
  readonly reads: number;
  readonly writes: number;
  readonly transactWrites: number;
  readonly itemsWritten: number;
  /** Retries beyond the first attempt, over all measured requests. */
  readonly retries: number;
  /** Mean capacity per request as DynamoDB Local reported it. */
  readonly reported: { readonly rcu: number; readonly wcu: number };
  /** Request units per request by AWS's on-demand rules (bench/capacity.ts), from the probe request. */
  readonly modelled: ModelledUnits;
}

/** What results.json names, in an endpoint's `scope`, a route that admits a signed-in person's session only. */
export const SESSION_ONLY = 'account';

/** An endpoint's `scope` in results.json: its key's scope, SESSION_ONLY, or null for a route that admits no key or session. */
function recordedScope(credential: RouteCredential): string | null {
  if (credential.kind === 'key') return credential.scope;
  return credential.kind === 'session' ? SESSION_ONLY : null;
}

export interface EndpointResult {
  readonly id: string;
  readonly routeId: string;
  readonly method: string;
  readonly path: string;
  readonly variant: string | null;
  /** What the route admits, as results.json has always said it: the key's scope, `account` for a session only, null for a public route. */
  readonly scope: string | null;
  /** A paged list (the response carries `pagination`): its calls are bounded by the page, not by 3. */
  readonly list: boolean;
  /** Items on the probe's page (lists only). */
  readonly pageItems: number | null;
  readonly warmup: number;
  /**
   * Latencies in ms: `http` through the local server, `handler` the Lambda handler called directly,
   * `floor` the same calls made bare, `minimal` the minimal service (bench/minimal.ts: the key
   * lookup and the endpoint's business calls behind a bare node:http server; absent in runs before v1.2).
   */
  readonly latency: Record<Exclude<Arm, 'minimal'>, Summary> & { readonly minimal?: Summary };
  /** endpoint ÷ floor (the same calls); null when the floor makes no call. */
  readonly ratio: { readonly p50: number; readonly p99: number; readonly handlerP50: number } | null;
  /** HTTP ÷ the minimal service at the median and p99 (absent in runs before v1.2). */
  readonly minimalRatio?: { readonly p50: number; readonly p99: number };
  readonly calls: CallStats;
  /** The floor's own calls, and whether they are the endpoint's. */
  readonly floorSequence: string;
  readonly floorMatches: boolean;
  /** For an endpoint that records events: what recording them costs (null otherwise). */
  readonly events: EventOverhead | null;
}

/** One floor's calls, write units and latency. */
export interface FloorCost {
  readonly sequence: string;
  readonly calls: number;
  readonly wru: number;
  readonly p50: number;
  readonly p99: number;
}

/** The cost of recording events: the floor before events (baseline) beside the floor with them. */
export interface EventOverhead {
  /** Event items one request writes. */
  readonly events: number;
  /** The WRU of those items alone (by AWS's rules: 2 per KB each, transactional). */
  readonly eventWru: number;
  readonly before: FloorCost;
  readonly after: FloorCost;
}

export interface MeasureOptions {
  readonly warmup: number;
  readonly iterations: number;
}

export interface Arms {
  readonly http: HttpApi;
  readonly handler: DirectInvoker;
  /** Counts the handlers' calls (the sandbox's default client). */
  readonly counter: CallCounter;
  /** Counts the floor's calls (its own client). */
  readonly floorCounter: CallCounter;
  /** The minimal service and a client of it with one keep-alive socket, as the HTTP arm has. */
  readonly minimal: MinimalService;
  readonly minimalHttp: HttpApi;
}

/** Fixtures a scenario needs for one probe, the warm-up and the measured rounds. */
export const fixturesNeeded = (options: MeasureOptions) => 1 + options.warmup + options.iterations;

/** Measures one endpoint whose fixtures are prepared. */
export async function measureEndpoint(
  scenario: Scenario,
  prepared: Prepared,
  /** The same scenario's fixtures for the minimal service: its floor without the sandbox's admission. */
  minimalPrepared: Prepared,
  ctx: BenchContext,
  arms: Arms,
  options: MeasureOptions,
): Promise<EndpointResult> {
  const expectStatus = (response: ApiResponse, what: string) => {
    if (response.status !== scenario.expectedStatus) {
      throw new Error(`${scenario.id} (${what}): expected HTTP ${scenario.expectedStatus}, got ${response.status}: ${response.text.slice(0, 300)}`);
    }
    return response;
  };

  // The probe: what the endpoint and its floor call, and what that costs by AWS's rules.
  const probe = await arms.counter.record(() => arms.http.send(prepared.request('http', 0)));
  expectStatus(probe.result, 'probe');
  // The pages (the dashboard's routes, the payment page) answer HTML, JavaScript and CSS: no envelope, so no list.
  const probeBody = scenario.route.face.kind === 'page' ? {} : json(probe.result);
  const list = probeBody.pagination !== undefined;
  const floorProbe = await arms.floorCounter.record(() => prepared.floor(0));
  const baselineProbe = prepared.baseline ? await arms.floorCounter.record(() => prepared.baseline!(0)) : undefined;
  const lookup = (key: Record<string, unknown>) => getItem(ctx.floorDb, { Key: key, ConsistentRead: true });
  const modelled = await modelUnits(probe.calls, lookup);
  const ARMS: readonly ArmOrBaseline[] = prepared.baseline ? ['http', 'handler', 'floor', 'minimal', 'baseline'] : ['http', 'handler', 'floor', 'minimal'];

  const samples: Record<ArmOrBaseline, number[]> = { http: [], handler: [], floor: [], minimal: [], baseline: [] };
  const endpointCalls: CallRecord[][] = [];
  const floorSequences = new Set<string>([sequenceOf(floorProbe.calls)]);

  const timed = async (run: () => Promise<unknown>): Promise<number> => {
    const start = performance.now();
    await run();
    return performance.now() - start;
  };

  const runArm = async (arm: ArmOrBaseline, i: number): Promise<{ ms: number; calls: CallRecord[] }> => {
    if (arm === 'floor' || arm === 'baseline') {
      const floor = arm === 'floor' ? prepared.floor : prepared.baseline!;
      const { result: ms, calls } = await arms.floorCounter.record(() => timed(() => floor(i)));
      return { ms, calls };
    }
    if (arm === 'minimal') {
      const request = arms.minimal.request(minimalPrepared.request('http', i), () => minimalPrepared.floor(i), takesBearer(scenario.route.credential));
      let response: ApiResponse | undefined;
      const { result: ms, calls } = await arms.floorCounter.record(() => timed(async () => void (response = await arms.minimalHttp.send(request))));
      if (response!.status !== 200) throw new Error(`${scenario.id} (minimal #${i}): HTTP ${response!.status}: ${response!.text.slice(0, 300)}`);
      return { ms, calls };
    }
    const request: ApiRequest = prepared.request(arm, i);
    const target = arm === 'http' ? arms.http : arms.handler;
    let response: ApiResponse | undefined;
    const { result: ms, calls } = await arms.counter.record(() => timed(async () => void (response = await target.send(request))));
    expectStatus(response!, `${arm} #${i}`);
    return { ms, calls };
  };

  for (let w = 0; w < options.warmup; w++) {
    for (const arm of rotate(ARMS, w)) await runArm(arm, 1 + w);
  }
  for (let r = 0; r < options.iterations; r++) {
    const i = 1 + options.warmup + r;
    for (const arm of rotate(ARMS, r)) {
      const { ms, calls } = await runArm(arm, i);
      samples[arm].push(ms);
      if (arm === 'floor') floorSequences.add(sequenceOf(calls));
      else if (arm === 'http' || arm === 'handler') endpointCalls.push(calls);
    }
  }

  const latency = { http: summarize(samples.http), handler: summarize(samples.handler), floor: summarize(samples.floor), minimal: summarize(samples.minimal) };
  const sequences = [...new Set(endpointCalls.map(sequenceOf))];
  const floorSequence = [...floorSequences].join(' | ');
  const all = endpointCalls.flat();
  const perRequest = (pick: (c: CallRecord) => number) => round(all.reduce((t, c) => t + pick(c), 0) / Math.max(1, endpointCalls.length));
  const floorHasCalls = floorProbe.calls.length > 0;
  const cost = async (calls: readonly CallRecord[], latency: Summary): Promise<FloorCost> => ({
    sequence: sequenceOf(calls),
    calls: calls.length,
    wru: (await modelUnits(calls, lookup)).wru,
    p50: round(latency.p50),
    p99: round(latency.p99),
  });
  const eventUnits = eventWriteUnits(floorProbe.calls);
  const events: EventOverhead | null = baselineProbe
    ? {
        events: eventUnits.items,
        eventWru: eventUnits.wru,
        before: await cost(baselineProbe.calls, summarize(samples.baseline)),
        after: await cost(floorProbe.calls, latency.floor),
      }
    : null;
  return {
    id: scenario.id,
    routeId: scenario.route.id,
    method: scenario.route.method,
    path: `${API_BASE_PATH}${scenario.route.path}`,
    variant: scenario.variant ?? null,
    scope: recordedScope(scenario.route.credential),
    list,
    pageItems: list && Array.isArray(probeBody.data) ? probeBody.data.length : null,
    warmup: options.warmup,
    latency: roundSummaries(latency),
    ratio: floorHasCalls
      ? {
          p50: round(latency.http.p50 / latency.floor.p50, 2),
          p99: round(latency.http.p99 / latency.floor.p99, 2),
          handlerP50: round(latency.handler.p50 / latency.floor.p50, 2),
        }
      : null,
    minimalRatio: { p50: round(latency.http.p50 / latency.minimal.p50, 2), p99: round(latency.http.p99 / latency.minimal.p99, 2) },
    calls: {
      sequences,
      perRequest: {
        mean: round(endpointCalls.reduce((t, c) => t + c.length, 0) / Math.max(1, endpointCalls.length), 2),
        max: Math.max(0, ...endpointCalls.map((c) => c.length)),
      },
      reads: perRequest((c) => (c.kind === 'read' ? 1 : 0)),
      writes: perRequest((c) => (c.kind === 'write' ? 1 : 0)),
      transactWrites: perRequest((c) => (c.kind === 'transactWrite' ? 1 : 0)),
      itemsWritten: perRequest((c) => c.itemsWritten),
      retries: all.reduce((t, c) => t + c.attempts - 1, 0),
      reported: { rcu: perRequest((c) => c.reportedRcu ?? 0), wcu: perRequest((c) => c.reportedWcu ?? 0) },
      modelled,
    },
    floorSequence,
    floorMatches: floorSequences.size === 1 && sequences.length === 1 && floorSequence === sequences[0],
    events,
  };
}

function roundSummaries(latency: Record<Arm, Summary>): Record<Arm, Summary> {
  const r = (s: Summary): Summary => ({ n: s.n, p50: round(s.p50), p99: round(s.p99), mean: round(s.mean), min: round(s.min), max: round(s.max) });
  return { http: r(latency.http), handler: r(latency.handler), floor: r(latency.floor), minimal: r(latency.minimal) };
}
