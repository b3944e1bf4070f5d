import { mkdirSync } from 'node:fs';
import { createClient, createKey, findPrincipal } from '../../lib/auth/key-repository';
import { hashApiKey } from '../../lib/auth/api-key';
import { closeDb, createDb } from '../../lib/db/client';
import type { Db } from '../../lib/db/db';
import { scopes as allScopes } from '../../lib/scopes';
import { URL_POLICY_ENV, type UrlPolicy } from '../../lib/webhooks/policy';
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
}

/** The sandbox on this machine accepts webhook URLs on this machine too: http:// and loopback (docs/api.md §11). */
const LOCAL_URL_POLICY: UrlPolicy = 'local';

/**
 * Starts DynamoDB Local, creates the table from the shared definition and serves the very
 * Lambda handlers on 127.0.0.1, with the local webhook URL policy. `stop()` closes the server
 * and waits for java to exit.
 */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const dynamo = await startDynamoLocal({ dbPath: options.dbPath, log: options.dynamoLog });
  try {
    await ensureTable(dynamo.endpoint, LOCAL_TABLE_NAME);
    process.env.TABLE_NAME = LOCAL_TABLE_NAME;
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    process.env[URL_POLICY_ENV] = LOCAL_URL_POLICY;
    const server = await startLocalServer({ port: options.port });
    const db: Db = createDb(LOCAL_TABLE_NAME, { endpoint: dynamo.endpoint });
    return {
      baseUrl: server.baseUrl,
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

/**
 * Returns the remembered demo credentials when they still work and hold every scope, else seeds a
 * new demo client and full-scope key (a key made before a scope existed lacks it: keys are not migrated).
 */
export async function ensureDemoCredentials(db: Db, remembered?: DemoCredentials): Promise<DemoCredentials> {
  const principal = remembered && (await findPrincipal(db, hashApiKey(remembered.key)));
  if (remembered && principal && allScopes.every((scope) => principal.scopes.includes(scope))) return remembered;
  const client = await createClient(db, 'Demo');
  const key = await createKey(db, { clientId: client.id, label: 'demo' });
  return { clientId: client.id, keyId: key.id, key: key.key };
}
