/**
 * `npm start`: the sandbox on this machine. DynamoDB Local (no Docker) plus the very Lambda
 * handlers behind a small HTTP server. Options: --port N (or PORT), --in-memory, --help; the per-client
 * limits come from CLIENT_REQUESTS_PER_SECOND and LIST_READ_UNITS_PER_REQUEST, else lib/limits.ts.
 * Ctrl-C, SIGTERM or the end of the process that started it (npm, even killed with SIGKILL) stops
 * it and everything it started, and removes runtime.json (infra/local/stop-requests.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LIMIT_ENV } from '../../lib/config/env';
import { DEFAULT_LOCAL_PORT } from '../../lib/routes';
import { isParseArgsError } from './cli';
import { JavaNotFoundError } from './dynamodb-local';
import {
  cursorSecretFile,
  dbDir,
  demoFile,
  dynamoLogFile,
  identityDir,
  ownsSandboxDir,
  runtimeFile,
  sandboxDir,
  sandboxEntries,
  type RuntimeInfo,
} from './paths';
import { claimRuntime, completeRuntime, releaseRuntime, SandboxRunningError } from './runtime-file';
import { OWNER_ONLY_UMASK, prepareSandboxDir } from './sandbox-dir';
import { formatSignupPolicy } from '../../lib/identity/signup-policy';
import { ensureCursorSecret, ensureDemoCredentials, ensureDemoUser, newCursorSecret, startSandbox, type DemoCredentials, type Sandbox } from './sandbox';
import { outliveOutputReaders, stopRequested } from './stop-requests';
import { PortInUseError } from './server';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const USAGE = `Usage: npm start -- [--port N] [--in-memory]

Runs the sandbox on this machine: DynamoDB Local and the API at http://127.0.0.1:N/api/v1.
  --port N       the API's port (default ${DEFAULT_LOCAL_PORT}, or PORT); 0 picks a free one
  --in-memory    keep nothing: the data, the people, the demo key and the cursor secret last for this run only
  -h, --help     print this and exit

Data, the identity emulator's people, the demo key and user and the cursor secret are kept in
${sandboxDir} (SANDBOX_DIR moves it);
one sandbox runs on a directory at a time. Per-client limits: ${LIMIT_ENV.requestsPerSecond} and
${LIMIT_ENV.readUnitsPerRequest}. Needs Java 17 or later ($JAVA_HOME/bin/java, else java on PATH).`;

/** Set once this process holds runtime.json: every way out gives it back. */
let claimed = false;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'in-memory': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const port = Number(values.port ?? process.env.PORT ?? DEFAULT_LOCAL_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
    return 2;
  }
  const inMemory = values['in-memory'] ?? false;
  // Before anything is written: every file this process and its java make is its owner's only.
  process.umask(OWNER_ONLY_UMASK);
  prepareSandboxDir(sandboxDir, { entries: sandboxEntries, ownDir: ownsSandboxDir });
  // From here on, a stop asked (a signal, npm's death) is honoured; one asked during start-up once the start is done.
  // The handlers come before runtime.json: whoever sees the file and signals (a script, a test) never meets
  // the default action of SIGTERM, which would end node without removing the file or stopping what it started.
  outliveOutputReaders();
  let stopAsked: string | undefined;
  const stopping = stopRequested().then((why) => {
    stopAsked = why;
    console.log(`\n${why}: stopping the sandbox…`);
    return 0;
  });
  claimRuntime(runtimeFile); // before DynamoDB Local opens the directory's files
  claimed = true;

  const sandbox = await startSandbox({
    port,
    dbPath: inMemory ? undefined : dbDir,
    dynamoLog: dynamoLogFile,
    // In memory nothing is kept, so neither is the secret: the cursors of a run die with its data.
    // Made once the port is ours: a start refused for a busy port leaves no file behind.
    cursorSecret: inMemory ? newCursorSecret() : () => ensureCursorSecret(cursorSecretFile),
    // What the stack schedules runs here too: the sweep that stores expiries, every second.
    background: true,
    // The identity emulator's people, like the data, are kept unless --in-memory.
    identityDir: inMemory ? undefined : identityDir,
    // Its "e-mails": a person signing up reads their temporary password here, one resetting a password their code.
    onIdentityMessage: (message) =>
      console.log(`Identity: ${message.kind === 'temporary_password' ? 'temporary password' : 'code'} for ${message.to}: ${message.code}`),
  });
  // Without DynamoDB Local every request would be a 500: say so, and stop with it.
  const lost = sandbox.dynamoLost.then((why) => {
    console.error(`\nDynamoDB Local stopped unexpectedly (${why}).\nThe sandbox cannot answer without it and stops too; run npm start again.`);
    return 1;
  });
  try {
    if (stopAsked === undefined) await announce(sandbox, inMemory);
  } catch (error) {
    releaseRuntime(runtimeFile);
    await sandbox.stop();
    throw error;
  }
  const code = await Promise.race([stopping, lost]);
  releaseRuntime(runtimeFile);
  await sandbox.stop();
  return code;
}

/** The demo client and person, runtime.json completed for the CLIs, and the banner. */
async function announce(sandbox: Sandbox, inMemory: boolean): Promise<void> {
  if (sandbox.dynamoBinding === 'all-interfaces') {
    console.warn(
      'Warning: this Java cannot run the launcher that binds DynamoDB Local to 127.0.0.1 (it lacks the jdk.compiler module), ' +
        'so DynamoDB Local listens on every interface of this machine. Install a full JDK 17+ to keep it to this machine (docs/security.md).',
    );
  }

  const remembered = !inMemory && existsSync(demoFile) ? (JSON.parse(readFileSync(demoFile, 'utf8')) as DemoCredentials) : undefined;
  const demo = await ensureDemoUser(sandbox.db, sandbox.identity, await ensureDemoCredentials(sandbox.db, remembered));
  if (!inMemory) writeFileSync(demoFile, JSON.stringify(demo, null, 2), { mode: 0o600 });
  const runtime: RuntimeInfo = {
    baseUrl: sandbox.baseUrl,
    dynamoEndpoint: sandbox.dynamoEndpoint,
    tableName: sandbox.tableName,
    identityEndpoint: sandbox.identity.endpoint,
    userPoolId: sandbox.identity.userPoolId,
    userPoolClientId: sandbox.identity.clientId,
    pid: process.pid,
  };
  completeRuntime(runtimeFile, runtime);

  console.log(
    [
      'Payment Sandbox is running.',
      `  Base URL:   ${sandbox.baseUrl}`,
      `  Server key: ${demo.key}   (client ${demo.clientId}, all scopes)`,
      `  Dashboard:  ${sandbox.baseUrl}/dashboard   sign in as ${demo.user?.email} with password ${demo.user?.password}`,
      `              (or sign up: sign-up is ${formatSignupPolicy(sandbox.identity.signupPolicy)} here, and temporary passwords are printed below)`,
      `  Data:       ${inMemory ? 'in memory (gone when you stop)' : dbDir}`,
      `  Limits:     ${sandbox.limits.requestsPerSecond} requests per second per client, ${sandbox.limits.readUnitsPerRequest} read units per list request`,
      '',
      `  curl -H "Authorization: Bearer ${demo.key}" ${sandbox.baseUrl}/payment/channels`,
      '',
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (claimed) releaseRuntime(runtimeFile);
    if (isParseArgsError(error)) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    const plain = error instanceof PortInUseError || error instanceof SandboxRunningError || error instanceof JavaNotFoundError;
    console.error(plain ? (error as Error).message : `Could not start the sandbox: ${(error as Error).message}`);
    process.exit(1);
  },
);
