import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildDashboardOnce } from '../../dashboard/build';
import { createClientWithKey } from '../../lib/auth/key-repository';
import { findPrincipal } from '../../lib/auth/key-records';
import { hashApiKey } from '../../lib/auth/api-key';
import { closeDb, createDb } from '../../lib/db/client';
import { cursorKeyOf, MIN_CURSOR_SECRET_LENGTH } from '../../lib/db/cursor-key';
import type { Db } from '../../lib/db/db';
import { DEFAULT_LIMITS, parseLimit, type Limits } from '../../lib/limits';
import { backgroundFunctions, routes } from '../../lib/routes';
import { scopes as allScopes } from '../../lib/scopes';
import type { DeliverySettings } from '../../lib/config/delivery-settings';
import { deliverySettingsEnvironment, ENV, LIMIT_ENV, limitsEnvironment, readDeliverySettings, readEnv, type Env } from '../../lib/config/env';
import type { UrlPolicy } from '../../lib/config/webhook-url-policy';
import { LOCAL_SIGNUP_POLICY, parseSignupPolicy, type SignupPolicy } from '../../lib/identity/signup-policy';
import type { SweepResult } from '../../lib/sweep/sweep';
import { runEvery, type BackgroundLoop } from './background';
import { AdminDeleteUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { findUserClient } from '../../lib/identity/user-client';
import { startLocalIdentity, type IdentityMessage, type LocalIdentity } from './identity';
import { identityClient } from './identity-client';
import { addUser } from './users';
import { ensureTable, startDynamoLocal, type DynamoBinding } from './dynamodb-local';
import { freePort } from './free-port';
import { loadFunction } from './load-function';
import { loadHandlers, startLocalServer, type LocalHandlers } from './server';
import { LOCAL_TABLE_NAME } from './table-name';
import { startStreamDelivery, stopAbandoningPosts } from './webhook-delivery';

export interface DemoCredentials {
  readonly clientId: string;
  readonly keyId: string;
  readonly key: string;
  /** The demo person, a member of the demo client, who signs in to the dashboard (docs/api.md §14). */
  readonly user?: DemoUser;
}

export interface DemoUser {
  readonly email: string;
  readonly password: string;
}

/** The demo person's e-mail address. */
export const DEMO_EMAIL = 'demo@sandbox.local';

export interface Sandbox {
  readonly baseUrl: string;
  /** What the handlers were configured with. */
  readonly limits: Limits;
  readonly dynamoEndpoint: string;
  /** 127.0.0.1 only, unless this Java cannot run the launcher that binds it (docs/security.md). */
  readonly dynamoBinding: DynamoBinding;
  /** Settles, with why, if DynamoDB Local dies while the sandbox runs (not when `stop()` stops it). */
  readonly dynamoLost: Promise<string>;
  readonly tableName: string;
  readonly db: Db;
  /** The identity service people sign in with (docs/api.md §14): the Cognito emulator on loopback. */
  readonly identity: LocalIdentity;
  /** Where the emulator keeps its pool, its users and its outbox of codes. */
  readonly identityDir: string;
  stop(): Promise<void>;
}

export interface SandboxOptions {
  readonly port: number;
  /** Where DynamoDB Local keeps its files; omitted → in memory. */
  readonly dbPath?: string;
  readonly dynamoLog?: string;
  /** Options added to the command line of the JVM that runs DynamoDB Local (a test run's); `npm start` adds none. */
  readonly javaOptions?: readonly string[];
  /**
   * Signs list cursors (as the stack's secret does deployed): `npm start` keeps one in `.sandbox/`.
   * A function is called once the API's port is ours, so a start refused for a busy port writes no secret.
   */
  readonly cursorSecret: string | (() => string);
  /** The per-client budget; each limit not given comes from its environment variable, else lib/limits.ts. */
  readonly limits?: Partial<Limits>;
  /**
   * Runs what the stack runs besides the API, here in the process: the sweep (functions/sweep.ts)
   * every LOCAL_SWEEP_INTERVAL_MS and webhook delivery from the table's stream
   * (functions/dispatch-events.ts). Default true; false serves the API alone (a test that must not
   * have the table change under it, the bench counting each request's own calls).
   */
  readonly background?: boolean;
  /** Webhook retries and timeout; else WEBHOOK_RETRY_SCHEDULE_SECONDS and WEBHOOK_ATTEMPT_TIMEOUT_MS, else the contract's. */
  readonly webhookDelivery?: DeliverySettings;
  /**
   * A test sandbox's: how long a receiver check's probe waits, shorter than the contract's 5 s so
   * that a test of a receiver that never answers does not wait 10 (decision 0350); `npm start`
   * offers no option for it.
   */
  readonly probeTimeoutMs?: number;
  /** Where the identity emulator keeps its users; omitted → a temporary directory, removed by `stop()`. */
  readonly identityDir?: string;
  /** Who may sign up themselves; locally `open` unless given (docs/api.md §14). */
  readonly signupPolicy?: SignupPolicy;
  /** Told each temporary password and code the identity emulator "e-mails". */
  readonly onIdentityMessage?: (message: IdentityMessage) => void;
}

/** How often the local sandbox sweeps what has fallen due: docs/api.md §10 promises expiry within 2 s locally. */
export const LOCAL_SWEEP_INTERVAL_MS = 1_000;

/**
 * The sweep's very Lambda handler, every LOCAL_SWEEP_INTERVAL_MS. Imported only now: like the
 * route handlers, it reads its configuration (TABLE_NAME…) once, at import. `afterWrites` follows a
 * pass that changed something; an idle pass (nearly all of them) is followed by nothing.
 */
async function startSweeping(afterWrites: () => void, intervalMs: number): Promise<BackgroundLoop> {
  const sweep = await loadFunction<void, SweepResult>(backgroundFunctions.sweep);
  return runEvery(
    intervalMs,
    async () => {
      if ((await sweep(undefined)).handled > 0) afterWrites();
    },
    (error) => console.error('local sandbox: a sweep pass failed', error),
  );
}

/**
 * The sweep and webhook delivery from the table's stream (docs/api.md §11), in this process; its
 * configuration must be in the environment already. Stopping ends both and abandons the webhook
 * POSTs under way, as a crash would: they are made again after a restart (at least once).
 */
export async function startBackground(options: {
  dynamoEndpoint: string;
  tableName: string;
  /** How often the sweep runs: LOCAL_SWEEP_INTERVAL_MS, as `npm start` runs it, unless a test wants its retries sooner. */
  sweepIntervalMs?: number;
}): Promise<BackgroundLoop> {
  let delivering: BackgroundLoop | undefined;
  // What a pass expired or retried is delivered at once, not at the stream poller's next idle poll
  // (an idle pass nudges nothing: the poller's own pause bounds the wait for writes nobody announced).
  const sweeping = await startSweeping(() => delivering?.nudge?.(), options.sweepIntervalMs ?? LOCAL_SWEEP_INTERVAL_MS);
  try {
    delivering = await startStreamDelivery(options);
  } catch (error) {
    await sweeping.stop();
    throw error;
  }
  const started = delivering;
  return { stop: () => stopAbandoningPosts([started, sweeping]), nudge: () => started.nudge?.() };
}

/**
 * The limits a local sandbox runs with: those given, else CLIENT_REQUESTS_PER_SECOND and
 * LIST_READ_UNITS_PER_REQUEST from the environment, else the defaults of lib/limits.ts.
 */
export function localLimits(given: Partial<Limits> = {}, env?: Env): Limits {
  const pick = (key: keyof Limits) => (given[key] !== undefined ? parseLimit(key, given[key]) : (readEnv(LIMIT_ENV[key], env) ?? DEFAULT_LIMITS[key]));
  return { requestsPerSecond: pick('requestsPerSecond'), readUnitsPerRequest: pick('readUnitsPerRequest') };
}

/** The sandbox on this machine accepts webhook URLs on this machine too: http:// and loopback (docs/api.md §11). */
const LOCAL_URL_POLICY: UrlPolicy = 'local';

/**
 * The environment the handlers of a local sandbox read their configuration from (lib/config/config.ts,
 * lib/base-url.ts): its table on DynamoDB Local, cursor secret, limits, the local webhook URL
 * policy and delivery settings, and the server's own `{base_url}` (what a transaction's links start with).
 */
export function sandboxEnvironment(options: {
  baseUrl: string;
  tableName: string;
  dynamoEndpoint: string;
  cursorSecret: string;
  limits: Limits;
  webhookDelivery: DeliverySettings;
  probeTimeoutMs?: number;
}): Record<string, string> {
  return {
    [ENV.baseUrl]: options.baseUrl,
    [ENV.tableName]: options.tableName,
    [ENV.dynamoEndpoint]: options.dynamoEndpoint,
    [ENV.cursorSecret]: options.cursorSecret,
    ...limitsEnvironment(options.limits),
    [ENV.webhookUrlPolicy]: LOCAL_URL_POLICY,
    ...deliverySettingsEnvironment(options.webhookDelivery),
    ...(options.probeTimeoutMs !== undefined && { [ENV.testProbeTimeout]: String(options.probeTimeoutMs) }),
  };
}

/**
 * Starts DynamoDB Local, creates the table from the shared definition and serves the very
 * Lambda handlers on 127.0.0.1 (the dashboard built for them), with the local webhook URL policy, and (unless `background:
 * false`) runs the sweep every second and delivers webhooks from the table's stream. `stop()` ends
 * them, closes the server and waits for java to exit.
 */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  if (typeof options.cursorSecret === 'string') cursorKeyOf(options.cursorSecret); // refuses a short one before anything starts
  const limits = localLimits(options.limits);
  // The API's port is taken before anything starts, so a busy one is refused at once rather than
  // after Java, and before anything is written (the cursor secret, the data's directory: docs/local.md);
  // requests wait until the table and the handlers are ready (none come before the banner).
  let background: BackgroundLoop | undefined;
  let serve!: (handlers: LocalHandlers) => void;
  let refuse!: (error: unknown) => void;
  const ready = new Promise<LocalHandlers>((resolveReady, rejectReady) => {
    serve = resolveReady;
    refuse = rejectReady;
  });
  ready.catch(() => undefined); // a failed start closes the server below
  // After each answer to a write, webhook delivery looks at the stream at once (the deployed stream invokes the dispatcher by itself).
  const server = await startLocalServer({ port: options.port, handlers: ready, afterWrite: () => background?.nudge?.() });
  const closeServer = async (error: unknown) => {
    refuse(error);
    await server.close();
  };
  let cursorSecret: string;
  try {
    cursorSecret = typeof options.cursorSecret === 'string' ? options.cursorSecret : options.cursorSecret();
    cursorKeyOf(cursorSecret);
    if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  } catch (error) {
    await closeServer(error);
    throw error;
  }
  // DynamoDB Local's port is chosen next, so that the handlers' environment is known before java is up.
  const port = await freePort().catch(async (error: unknown) => {
    await closeServer(error);
    throw error;
  });
  Object.assign(
    process.env,
    sandboxEnvironment({
      // The server holds its port already: its address is known before any handler loads.
      baseUrl: server.baseUrl,
      tableName: LOCAL_TABLE_NAME,
      dynamoEndpoint: `http://127.0.0.1:${port}`,
      cursorSecret,
      limits,
      webhookDelivery: options.webhookDelivery ?? readDeliverySettings(),
      probeTimeoutMs: options.probeTimeoutMs,
    }),
  );
  // The identity emulator starts while java does too; its triggers touch the table only when someone confirms.
  const identityDir = options.identityDir ?? mkdtempSync(join(tmpdir(), 'sandbox-identity-'));
  const identityStarting = startLocalIdentity({
    dir: identityDir,
    signupPolicy: options.signupPolicy ?? parseSignupPolicy(LOCAL_SIGNUP_POLICY),
    onMessage: options.onIdentityMessage,
    // The dashboard is served by the API server, started first: its page is the one browser client the emulator answers.
    dashboardOrigin: new URL(server.baseUrl).origin,
  });
  identityStarting.catch(() => undefined);
  // While java starts (a second or two): the dashboard's build — GET /dashboard serves it, as the
  // stack builds it into its function — and the handlers' imports, which read their configuration
  // (the dashboard's included: it writes the identity service into its page at import) but touch no table.
  const preparing = Promise.all([buildDashboardOnce(), identityStarting]).then(([assets, started]) => {
    // Where the dashboard's route says its function is told its files are (lib/routes.ts `assets`).
    process.env[routes.getDashboard.face.assets.env] = assets;
    // Every function that admits callers verifies session tokens against the emulator, and the dashboard signs in there.
    Object.assign(process.env, started.environment());
    return loadHandlers();
  });
  preparing.catch(() => undefined); // awaited below, where a failure is reported
  const removeIdentityDir = () => {
    if (options.identityDir === undefined) rmSync(identityDir, { recursive: true, force: true });
  };
  const dynamo = await startDynamoLocal({ port, dbPath: options.dbPath, log: options.dynamoLog, javaOptions: options.javaOptions }).catch(
    async (error: unknown) => {
      await identityStarting.then((identity) => identity.stop()).catch(() => undefined);
      removeIdentityDir();
      await closeServer(error);
      throw error;
    },
  );
  let identity: LocalIdentity | undefined;
  try {
    await ensureTable(dynamo.endpoint, LOCAL_TABLE_NAME);
    identity = await identityStarting;
    serve(await preparing);
    if (options.background !== false) background = await startBackground({ dynamoEndpoint: dynamo.endpoint, tableName: LOCAL_TABLE_NAME });
    const db: Db = createDb(LOCAL_TABLE_NAME, { endpoint: dynamo.endpoint });
    return {
      baseUrl: server.baseUrl,
      limits,
      dynamoEndpoint: dynamo.endpoint,
      dynamoBinding: dynamo.binding,
      dynamoLost: dynamo.lost,
      tableName: LOCAL_TABLE_NAME,
      db,
      identity,
      identityDir,
      stop: async () => {
        await background?.stop();
        await server.close();
        await identity?.stop();
        removeIdentityDir();
        closeDb(db);
        await dynamo.stop();
      },
    };
  } catch (error) {
    await closeServer(error);
    await identity?.stop();
    removeIdentityDir();
    await dynamo.stop();
    throw error;
  }
}

/** A fresh random cursor secret: 32 bytes, base64url. */
export function newCursorSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The cursor secret kept in `file`: made on first use (readable by its owner only) and read back on
 * every later start, so cursors stay valid across restarts, as the persisted data does.
 */
export function ensureCursorSecret(file: string): string {
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${newCursorSecret()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_CURSOR_SECRET_LENGTH) {
    throw new Error(`${file} does not hold a cursor secret of at least ${MIN_CURSOR_SECRET_LENGTH} characters; delete it to get a new one`);
  }
  return secret;
}

/**
 * Returns the remembered demo credentials when they still work and hold every scope, else seeds a
 * new demo client and full-scope key (a key made before a scope existed lacks it: keys are not migrated).
 */
export async function ensureDemoCredentials(db: Db, remembered?: DemoCredentials): Promise<DemoCredentials> {
  const principal = remembered && (await findPrincipal(db, hashApiKey(remembered.key)));
  if (remembered && principal && principal.expiresAt === undefined && allScopes.every((scope) => principal.scopes.includes(scope))) return remembered;
  const { client, key } = await createClientWithKey(db, 'Demo', { label: 'demo' });
  return { clientId: client.id, keyId: key.id, key: key.key };
}

/**
 * The demo person of `demo`'s client in the sandbox's identity emulator: the remembered one while
 * they can still sign in with their password and belong to that client, else made anew (a fresh
 * password, shown by `npm start`), so a newcomer can sign in to the dashboard without the admin CLI.
 */
export async function ensureDemoUser(db: Db, identity: LocalIdentity, demo: DemoCredentials): Promise<DemoCredentials> {
  const cognito = identityClient(identity.endpoint);
  try {
    const pool = { cognito, userPoolId: identity.userPoolId };
    if (demo.user) {
      const signedIn = await cognito
        .send(
          new InitiateAuthCommand({
            ClientId: identity.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: demo.user.email, PASSWORD: demo.user.password },
          }),
        )
        .catch(() => undefined);
      const sub = signedIn?.AuthenticationResult?.AccessToken && subOf(signedIn.AuthenticationResult.AccessToken);
      if (sub && (await findUserClient(db, sub))?.clientId === demo.clientId) return demo;
    }
    // Whoever holds the address now (a demo person of another client, a lost password) makes way.
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: identity.userPoolId, Username: DEMO_EMAIL })).catch(() => undefined);
    const added = await addUser(db, pool, { email: DEMO_EMAIL, clientId: demo.clientId });
    return { ...demo, user: { email: added.email, password: added.password } };
  } finally {
    cognito.destroy();
  }
}

/** The `sub` of a token the emulator just issued (read, not verified: it came straight from the emulator). */
const subOf = (token: string): string | undefined => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub?: string }).sub;
