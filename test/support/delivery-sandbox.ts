import { inject, vi } from 'vitest';
import { loadHandlers, startLocalServer, type LocalHandlers } from '../../infra/local/server';
import type { BackgroundLoop } from '../../infra/local/background';
import { sandboxEnvironment, startBackground } from '../../infra/local/sandbox';
import { createClientWithKey } from '../../lib/auth/key-repository';
import type { Db } from '../../lib/db/db';
import { DEFAULT_LIMITS } from '../../lib/limits';
import { retryDelayMs, type DeliverySettings } from '../../lib/config/delivery-settings';
import { STREAM_IDLE_POLL_MS } from '../../infra/local/stream-poller';
import { SUITE_REQUESTS_PER_SECOND } from './global-setup';
import { isolatedTable } from './isolated-table';

/**
 * `npm start`'s webhook delivery with settings of the test's choosing (a retry schedule of seconds,
 * or of milliseconds and a short claim lease through the test timing of decision 0340, a short
 * timeout), on a table of its own: this worker serves the same handlers on it, as the run's
 * local server does on its table, and runs the same background (the sweep every second, delivery
 * from the stream), which the test may stop and start again as a developer restarts `npm start`.
 */
export interface DeliverySandbox {
  readonly baseUrl: string;
  readonly db: Db;
  readonly clientId: string;
  readonly key: string;
  /**
   * How long to watch for a POST that would come if one were owed (decision 0340): the schedule's
   * longest pause or the stream's idle poll, whichever is longer, and two sweep intervals (the pass
   * that finds a due retry may start just before it falls due). A busy machine can only make a
   * POST that should not come arrive later than this, so the wait can miss it but never fail a
   * sound delivery.
   */
  readonly quietMs: number;
  /** Another client with a full-scope key on this sandbox's table, so tests never share endpoints. */
  newClient(): Promise<{ clientId: string; key: string }>;
  /** Stops the stream poller and the sweep, abandoning the POSTs under way. */
  stopDelivery(): Promise<void>;
  /** Starts them again: the poller at the stream's end, knowing nothing of before. */
  startDelivery(): Promise<void>;
  close(): Promise<void>;
}

/** How often these suites' sandbox sweeps: faster than `npm start`'s second, since their retries are a second apart or less. */
const TEST_SWEEP_INTERVAL_MS = 250;

/**
 * `sweepIntervalMs`: how often its sweep runs (250 ms unless given); a suite that must see what
 * the delivery timer alone does (decision 0267) gives one longer than the suite lasts.
 */
export async function startDeliverySandbox(settings: DeliverySettings, options: { sweepIntervalMs?: number } = {}): Promise<DeliverySandbox> {
  const table = await isolatedTable('webhooks-http');
  const dynamoEndpoint = inject('dynamoEndpoint');
  // As `npm start` does: the server takes its port first, so its address is in the handlers' environment before they load.
  let serve!: (handlers: LocalHandlers) => void;
  const server = await startLocalServer({ port: 0, handlers: new Promise<LocalHandlers>((resolve) => (serve = resolve)) });
  const environment = sandboxEnvironment({
    baseUrl: server.baseUrl,
    tableName: table.tableName,
    dynamoEndpoint,
    cursorSecret: inject('cursorSecret'),
    limits: { ...DEFAULT_LIMITS, requestsPerSecond: SUITE_REQUESTS_PER_SECOND },
    webhookDelivery: settings,
  });
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  serve(await loadHandlers());
  // A retry falls due a second or less after its attempt; sweeping 4 times a second finds it within 250 ms instead of 1 s.
  const start = () => startBackground({ dynamoEndpoint, tableName: table.tableName, sweepIntervalMs: options.sweepIntervalMs ?? TEST_SWEEP_INTERVAL_MS });
  let delivery: BackgroundLoop | undefined = await start();
  const newClient = async () => {
    const { client, key } = await createClientWithKey(table.db, 'webhooks');
    return { clientId: client.id, key: key.key };
  };
  const { clientId, key } = await newClient();
  const longestPauseMs = Math.max(...settings.retryScheduleSeconds.map((_, n) => retryDelayMs(settings, n + 1) ?? 0));
  return {
    newClient,
    quietMs: Math.max(longestPauseMs, STREAM_IDLE_POLL_MS) + 2 * (options.sweepIntervalMs ?? TEST_SWEEP_INTERVAL_MS),
    baseUrl: server.baseUrl,
    db: table.db,
    clientId,
    key,
    stopDelivery: async () => {
      await delivery?.stop();
      delivery = undefined;
    },
    startDelivery: async () => {
      delivery ??= await start();
    },
    close: async () => {
      await delivery?.stop();
      await server.close();
      await table.drop();
      vi.unstubAllEnvs();
    },
  };
}
