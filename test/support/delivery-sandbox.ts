import { inject, vi } from 'vitest';
import { startLocalServer } from '../../infra/local/server';
import type { BackgroundLoop } from '../../infra/local/background';
import { startBackground } from '../../infra/local/sandbox';
import { createClient, createKey } from '../../lib/auth/key-repository';
import { CURSOR_SECRET_ENV } from '../../lib/db/cursor-key';
import type { Db } from '../../lib/db/db';
import { LIMIT_ENV } from '../../lib/limits';
import { deliverySettingsEnvironment, type DeliverySettings } from '../../lib/webhooks/delivery-settings';
import { URL_POLICY_ENV } from '../../lib/webhooks/policy';
import { isolatedTable } from './isolated-table';

/**
 * `npm start`'s webhook delivery with settings of the test's choosing (a retry schedule of seconds,
 * a short timeout), on a table of its own: this worker serves the same handlers on it, as the run's
 * local server does on its table, and runs the same background (the sweep every second, delivery
 * from the stream), which the test may stop and start again as a developer restarts `npm start`.
 */
export interface DeliverySandbox {
  readonly baseUrl: string;
  readonly db: Db;
  readonly clientId: string;
  readonly key: string;
  /** Another client with a full-scope key on this sandbox's table, so tests never share endpoints. */
  newClient(): Promise<{ clientId: string; key: string }>;
  /** Stops the stream poller and the sweep, abandoning the POSTs under way. */
  stopDelivery(): Promise<void>;
  /** Starts them again: the poller at the stream's end, knowing nothing of before. */
  startDelivery(): Promise<void>;
  close(): Promise<void>;
}

export async function startDeliverySandbox(settings: DeliverySettings): Promise<DeliverySandbox> {
  const table = await isolatedTable('webhooks-http');
  const dynamoEndpoint = inject('dynamoEndpoint');
  vi.stubEnv('TABLE_NAME', table.tableName);
  vi.stubEnv('DYNAMODB_ENDPOINT', dynamoEndpoint);
  vi.stubEnv(LIMIT_ENV.requestsPerSecond, '100000');
  vi.stubEnv(LIMIT_ENV.readUnitsPerRequest, '256');
  vi.stubEnv(URL_POLICY_ENV, 'local');
  vi.stubEnv(CURSOR_SECRET_ENV, inject('cursorSecret'));
  for (const [name, value] of Object.entries(deliverySettingsEnvironment(settings))) vi.stubEnv(name, value);
  const server = await startLocalServer({ port: 0 });
  const start = () => startBackground({ dynamoEndpoint, tableName: table.tableName });
  let delivery: BackgroundLoop | undefined = await start();
  const newClient = async () => {
    const client = await createClient(table.db, 'webhooks');
    return { clientId: client.id, key: (await createKey(table.db, { clientId: client.id })).key };
  };
  const { clientId, key } = await newClient();
  return {
    newClient,
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
