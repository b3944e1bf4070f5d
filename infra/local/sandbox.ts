import { mkdirSync } from 'node:fs';
import { createClient, createKey, findPrincipal } from '../../lib/auth/key-repository';
import { hashApiKey } from '../../lib/auth/api-key';
import { closeDb, createDb } from '../../lib/db/client';
import type { Db } from '../../lib/db/db';
import { DEFAULT_LIMITS, LIMIT_ENV, limitsEnvironment, parseLimit, type Limits } from '../../lib/limits';
import { ensureTable, startDynamoLocal } from './dynamodb-local';
import { startLocalServer } from './server';

/** The local table's name; deployed stacks use a generated one. */
export const LOCAL_TABLE_NAME = 'payment-sandbox';

export interface DemoCredentials {
  readonly clientId: string;
  readonly keyId: string;
  readonly key: string;
}

export interface Sandbox {
  readonly baseUrl: string;
  /** What the handlers were configured with. */
  readonly limits: Limits;
  readonly dynamoEndpoint: string;
  readonly tableName: string;
  readonly db: Db;
  stop(): Promise<void>;
}

export interface SandboxOptions {
  readonly port: number;
  /** Where DynamoDB Local keeps its files; omitted → in memory. */
  readonly dbPath?: string;
  readonly dynamoLog?: string;
  /** The per-client budget; each limit not given comes from its environment variable, else lib/limits.ts. */
  readonly limits?: Partial<Limits>;
}

/**
 * The limits a local sandbox runs with: those given, else CLIENT_REQUESTS_PER_SECOND and
 * LIST_READ_UNITS_PER_REQUEST from the environment, else the defaults of lib/limits.ts.
 */
export function localLimits(given: Partial<Limits> = {}, env: NodeJS.ProcessEnv = process.env): Limits {
  const pick = (key: keyof Limits) => {
    if (given[key] !== undefined) return parseLimit(key, given[key]);
    const fromEnv = env[LIMIT_ENV[key]];
    return fromEnv ? parseLimit(`Environment variable ${LIMIT_ENV[key]}`, fromEnv) : DEFAULT_LIMITS[key];
  };
  return { requestsPerSecond: pick('requestsPerSecond'), readUnitsPerRequest: pick('readUnitsPerRequest') };
}

/**
 * Starts DynamoDB Local, creates the table from the shared definition and serves the very
 * Lambda handlers on 127.0.0.1, configured as a stage configures them (table, limits).
 * `stop()` closes the server and waits for java to exit.
 */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const limits = localLimits(options.limits);
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const dynamo = await startDynamoLocal({ dbPath: options.dbPath, log: options.dynamoLog });
  try {
    await ensureTable(dynamo.endpoint, LOCAL_TABLE_NAME);
    process.env.TABLE_NAME = LOCAL_TABLE_NAME;
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    Object.assign(process.env, limitsEnvironment(limits));
    const server = await startLocalServer({ port: options.port });
    const db: Db = createDb(LOCAL_TABLE_NAME, { endpoint: dynamo.endpoint });
    return {
      baseUrl: server.baseUrl,
      limits,
      dynamoEndpoint: dynamo.endpoint,
      tableName: LOCAL_TABLE_NAME,
      db,
      stop: async () => {
        await server.close();
        closeDb(db);
        await dynamo.stop();
      },
    };
  } catch (error) {
    await dynamo.stop();
    throw error;
  }
}

/** Returns the remembered demo credentials when they still work, else seeds a new demo client and full-scope key. */
export async function ensureDemoCredentials(db: Db, remembered?: DemoCredentials): Promise<DemoCredentials> {
  if (remembered && (await findPrincipal(db, hashApiKey(remembered.key)))) return remembered;
  const client = await createClient(db, 'Demo');
  const key = await createKey(db, { clientId: client.id, label: 'demo' });
  return { clientId: client.id, keyId: key.id, key: key.key };
}
