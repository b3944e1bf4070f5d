/**
 * `npm start`: the sandbox on this machine. DynamoDB Local (no Docker) plus the very Lambda
 * handlers behind a small HTTP server. Options: --port N (or PORT), --in-memory; the per-client
 * limits come from CLIENT_REQUESTS_PER_SECOND and LIST_READ_UNITS_PER_REQUEST, else lib/limits.ts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cursorSecretFile, dbDir, demoFile, dynamoLogFile, runtimeFile, sandboxDir, type RuntimeInfo } from './paths';
import { ensureCursorSecret, ensureDemoCredentials, newCursorSecret, startSandbox, type DemoCredentials } from './sandbox';
import { PortInUseError } from './server';

const DEFAULT_PORT = 3000;
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'in-memory': { type: 'boolean', default: false } },
    strict: true,
  });
  const port = Number(values.port ?? process.env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
    return 2;
  }
  const inMemory = values['in-memory'] ?? false;
  mkdirSync(sandboxDir, { recursive: true });

  const sandbox = await startSandbox({
    port,
    dbPath: inMemory ? undefined : dbDir,
    dynamoLog: dynamoLogFile,
    // In memory nothing is kept, so neither is the secret: the cursors of a run die with its data.
    cursorSecret: inMemory ? newCursorSecret() : ensureCursorSecret(cursorSecretFile),
    // What the stack schedules runs here too: the sweep that stores expiries, every second.
    background: true,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the sandbox…`);
    rmSync(runtimeFile, { force: true });
    await sandbox.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const remembered = !inMemory && existsSync(demoFile) ? (JSON.parse(readFileSync(demoFile, 'utf8')) as DemoCredentials) : undefined;
  const demo = await ensureDemoCredentials(sandbox.db, remembered);
  if (!inMemory) writeFileSync(demoFile, JSON.stringify(demo, null, 2), { mode: 0o600 });
  const runtime: RuntimeInfo = {
    baseUrl: sandbox.baseUrl,
    dynamoEndpoint: sandbox.dynamoEndpoint,
    tableName: sandbox.tableName,
    pid: process.pid,
  };
  writeFileSync(runtimeFile, JSON.stringify(runtime, null, 2));

  console.log(
    [
      'Payment Sandbox is running.',
      `  Base URL:   ${sandbox.baseUrl}`,
      `  Server key: ${demo.key}   (client ${demo.clientId}, all scopes)`,
      `  Data:       ${inMemory ? 'in memory (gone when you stop)' : dbDir}`,
      `  Limits:     ${sandbox.limits.requestsPerSecond} requests per second per client, ${sandbox.limits.readUnitsPerRequest} read units per list request`,
      '',
      `  curl -H "Authorization: Bearer ${demo.key}" ${sandbox.baseUrl}/payment/channels`,
      '',
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof PortInUseError ? error.message : `Could not start the sandbox: ${(error as Error).message}`);
    process.exit(1);
  },
);
