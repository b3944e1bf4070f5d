/**
 * `npm run rehearse`: the team's deploy workflow, unmodified, against moto on this machine.
 *
 * Starts moto's server (scripts/rehearse/moto_server.py, run by python3, or by the venv .ci/run makes
 * when python3 lacks the pinned moto: scripts/rehearse/python.ts) on 127.0.0.1 and a free port, then runs
 * the real `cdk bootstrap`, `npm run deploy -- --stage rehearsal`, `admin --stack rehearsal clients
 * create`, `admin ci-env --stack rehearsal`, `admin stacks list` and `npm run destroy -- --stage
 * rehearsal`, all pointed at moto by the SDK's standard endpoint variables (AWS_ENDPOINT_URL), with
 * dummy credentials, a HOME of its own (no ~/.aws, no ~/.cdk.json of yours) and every proxy variable
 * set to a trap that records any request meant for another host than 127.0.0.1. Checks what each
 * step left in moto, then that nothing of the stage remains. Says which template resource types
 * moto could not create. Exit code 0 when every check passed; moto is stopped on every path.
 * docs/decisions/, "The deploy rehearsal", says what this proves and what it does not.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ApiGatewayV2Client, GetApisCommand, GetRoutesCommand } from '@aws-sdk/client-apigatewayv2';
import { CloudFormationClient, DescribeStacksCommand, paginateListStackResources, type StackResourceSummary } from '@aws-sdk/client-cloudformation';
import { CloudWatchLogsClient, DescribeLogGroupsCommand } from '@aws-sdk/client-cloudwatch-logs';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, ListRulesCommand } from '@aws-sdk/client-eventbridge';
import { IAMClient, ListRolesCommand } from '@aws-sdk/client-iam';
import { LambdaClient, ListEventSourceMappingsCommand, ListFunctionsCommand } from '@aws-sdk/client-lambda';
import { ListSecretsCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ListQueuesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getClient, listKeys } from '../lib/auth/key-repository';
import { IDENTITY_ENV } from '../lib/config/env';
import { closeDb, createDb } from '../lib/db/client';
import { sandboxDir } from '../infra/local/paths';
import { findSandboxStack } from '../infra/local/stacks';
import { stackNameOf } from '../infra/stage';
import { API_BASE_PATH } from '../lib/routes';
import { outputsFileOf } from './cdk-stage';
import { MOTO_REQUIREMENT, REHEARSAL_VENV, rehearsalPython } from './rehearse/python';

const STAGE = 'rehearsal';
const STACK = stackNameOf(STAGE);
/** moto's default account; the region is any real one. */
const ACCOUNT = '123456789012';
const REGION = 'us-east-1';
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const motoLauncher = fileURLToPath(new URL('./rehearse/moto_server.py', import.meta.url));
/** Types of the template that moto 5.2's CloudFormation skips (and the launcher does not add): created by nobody here. */
export const KNOWN_SKIPPED_TYPES = ['AWS::CDK::Metadata', 'AWS::Lambda::EventInvokeConfig', 'AWS::SQS::QueuePolicy'] as const;
/** Types the launcher creates in moto's own backends because moto's CloudFormation has no provider for them. */
export const LAUNCHER_TYPES = [
  'AWS::ApiGatewayV2::Api',
  'AWS::ApiGatewayV2::Integration',
  'AWS::ApiGatewayV2::Route',
  'AWS::ApiGatewayV2::Stage',
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::SecretsManager::Secret',
] as const;

interface Template {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
}

class CheckFailed extends Error {}

const out = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function check(ok: boolean, what: string): void {
  if (!ok) throw new CheckFailed(what);
  out(`  ✔ ${what}`);
}

/** moto's server as a child in its own process group; stop() ends the group. */
interface Moto {
  readonly endpoint: string;
  readonly port: number;
  readonly version: string;
  stop(): Promise<void>;
}

async function startMoto(logFile: string): Promise<Moto> {
  const log = openSync(logFile, 'w');
  // stdin stays a pipe: the launcher exits when it closes, so moto dies with us even on SIGKILL.
  const python = rehearsalPython();
  const child = spawn(python, [motoLauncher], { detached: true, stdio: ['pipe', 'pipe', log] });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const first = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`moto did not start within 60 s; see ${logFile}`)), 60_000);
      child.once('error', (error) => reject(new Error(`cannot run ${python} (${error.message}); the rehearsal needs Python 3 with ${MOTO_REQUIREMENT}`)));
      child.once('exit', (code) =>
        reject(
          new Error(
            `moto's launcher exited with code ${code}; see ${logFile} (it needs Python 3 with ${MOTO_REQUIREMENT}: ` +
              `pip install '${MOTO_REQUIREMENT}', or run .ci/run, which installs it in ${REHEARSAL_VENV})`,
          ),
        ),
      );
      createInterface({ input: child.stdout! }).once('line', (line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
    const { port, moto } = JSON.parse(first) as { port: number; moto: string };
    return { endpoint: `http://127.0.0.1:${port}`, port, version: moto, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * An HTTP proxy on 127.0.0.1 that forwards nothing: every child gets it as HTTPS_PROXY/HTTP_PROXY
 * (NO_PROXY=127.0.0.1,localhost), so a request meant for the internet (cdk notices, telemetry, a
 * version check, real AWS) is recorded here and refused instead of leaving the machine.
 */
async function startOutboundTrap(): Promise<{ url: string; attempts: string[]; close(): void }> {
  const attempts: string[] = [];
  const server: Server = createServer((req, res) => {
    attempts.push(`${req.method} ${req.url}`);
    res.writeHead(403).end('the deploy rehearsal allows no request beyond 127.0.0.1\n');
  });
  server.on('connect', (req, socket) => {
    attempts.push(`CONNECT ${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, attempts, close: () => server.close() };
}

const running = new Set<ChildProcess>();

/** Runs a command with its output in `logFile` (stdout also returned); the child is killed with us. */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv, logFile: string, cwd = projectRoot): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    writeFileSync(logFile, '');
    const log = openSync(logFile, 'a');
    const child = spawn(command, [...args], { cwd, env, detached: true, stdio: ['ignore', 'pipe', log] });
    running.add(child);
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      writeSync(log, chunk);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      running.delete(child);
      closeSync(log);
      resolve({ code: code ?? (signal ? 1 : 0), stdout });
    });
  });
}

function tail(file: string, lines = 25): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => !/Unknown (env|user) config/.test(l))
    .slice(-lines)
    .join('\n');
}

/** The environment every step runs with: moto's endpoint, dummy credentials, nothing of the user's AWS or cdk setup. */
function rehearsalEnv(moto: Moto, trapUrl: string, home: string, stateDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(AWS_|CDK_)/.test(key) || /^(https?|no|all)_proxy$/i.test(key)) continue;
    env[key] = value;
  }
  const emptyFile = join(home, 'empty');
  writeFileSync(emptyFile, '');
  return {
    ...env,
    HOME: home,
    AWS_CONFIG_FILE: emptyFile,
    AWS_SHARED_CREDENTIALS_FILE: emptyFile,
    AWS_ACCESS_KEY_ID: 'rehearsal',
    AWS_SECRET_ACCESS_KEY: 'rehearsal',
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_ENDPOINT_URL: moto.endpoint,
    // The template URL cdk hands CloudFormation: moto reads a path-style bucket only from a localhost URL.
    AWS_ENDPOINT_URL_S3_FOR_CLOUDFORMATION: `http://localhost:${moto.port}`,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    CDK_DISABLE_VERSION_CHECK: 'true',
    CDK_DISABLE_CLI_TELEMETRY: 'true',
    HTTPS_PROXY: trapUrl,
    HTTP_PROXY: trapUrl,
    https_proxy: trapUrl,
    http_proxy: trapUrl,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    NPM_CONFIG_UPDATE_NOTIFIER: 'false',
    SANDBOX_DIR: stateDir,
  };
}

/** The SDK clients of the checks: moto's endpoint, dummy credentials, no environment read. */
function clients(endpoint: string) {
  const config = { endpoint, region: REGION, credentials: { accessKeyId: 'rehearsal', secretAccessKey: 'rehearsal' } };
  return {
    cf: new CloudFormationClient(config),
    dynamodb: new DynamoDBClient(config),
    lambda: new LambdaClient(config),
    iam: new IAMClient(config),
    logs: new CloudWatchLogsClient(config),
    sqs: new SQSClient(config),
    events: new EventBridgeClient(config),
    secrets: new SecretsManagerClient(config),
    apis: new ApiGatewayV2Client(config),
    cognito: new CognitoIdentityProviderClient(config),
  };
}
type Clients = ReturnType<typeof clients>;

async function stackResources(cf: CloudFormationClient): Promise<StackResourceSummary[]> {
  const found: StackResourceSummary[] = [];
  for await (const page of paginateListStackResources({ client: cf }, { StackName: STACK })) found.push(...(page.StackResourceSummaries ?? []));
  // moto lists a resource it skipped with empty ids; some it made (Lambda permissions) have no physical id.
  return found.filter((r) => r.LogicalResourceId);
}

/** Everything of the stage moto still holds, by kind (names start with the stack's name). */
async function leftovers(c: Clients): Promise<Record<string, string[]>> {
  const mine = (name: string | undefined) => name !== undefined && (name === STACK || name.startsWith(`${STACK}-`));
  const [functions, mappings, tables, roles, logGroups, queues, rules, secrets, apis, pools] = await Promise.all([
    c.lambda.send(new ListFunctionsCommand({})),
    c.lambda.send(new ListEventSourceMappingsCommand({})),
    c.dynamodb.send(new ListTablesCommand({})),
    c.iam.send(new ListRolesCommand({})),
    c.logs.send(new DescribeLogGroupsCommand({})),
    c.sqs.send(new ListQueuesCommand({ QueueNamePrefix: STACK })),
    c.events.send(new ListRulesCommand({ NamePrefix: STACK })),
    c.secrets.send(new ListSecretsCommand({})),
    c.apis.send(new GetApisCommand({})),
    c.cognito.send(new ListUserPoolsCommand({ MaxResults: 60 })),
  ]);
  return {
    function: (functions.Functions ?? []).map((f) => f.FunctionName).filter(mine) as string[],
    'event source mapping': (mappings.EventSourceMappings ?? []).filter((m) => mine(m.FunctionArn?.split(':function:')[1])).map((m) => m.UUID ?? '?'),
    table: (tables.TableNames ?? []).filter(mine),
    role: (roles.Roles ?? []).map((r) => r.RoleName).filter(mine) as string[],
    'log group': (logGroups.logGroups ?? []).map((g) => g.logGroupName ?? '').filter((n) => mine(n) || mine(n.replace(/^\/aws\/lambda\//, ''))),
    queue: (queues.QueueUrls ?? []).map((u) => u.split('/').pop() ?? u),
    schedule: (rules.Rules ?? []).map((r) => r.Name ?? '?'),
    secret: (secrets.SecretList ?? []).map((s) => s.Name).filter(mine) as string[],
    'HTTP API': (apis.Items ?? []).map((a) => a.Name).filter(mine) as string[],
    'user pool': (pools.UserPools ?? []).map((p) => p.Name).filter(mine) as string[],
  };
}

async function rehearse(): Promise<number> {
  const started = Date.now();
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const stateDir = join(sandboxDir, 'rehearsal');
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  const home = mkdtempSync(join(tmpdir(), 'rehearsal-home-'));
  // The user config cdk reads from ~/.cdk.json: no notices and no telemetry (both would go to the internet).
  writeFileSync(join(home, '.cdk.json'), JSON.stringify({ notices: false, 'cli-telemetry': false }));
  const logOf = (step: string) => join(stateDir, `${step}.log`);

  let moto: Moto | undefined;
  let trap: Awaited<ReturnType<typeof startOutboundTrap>> | undefined;
  let c: Clients | undefined;
  const stopAll = async () => {
    for (const child of running) killGroup(child, 'SIGKILL');
    await moto?.stop();
    trap?.close();
    for (const client of Object.values(c ?? {})) client.destroy();
    rmSync(home, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    out(`\nrehearse: ${signal}: stopping moto and every step`);
    void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    moto = await startMoto(logOf('moto'));
    trap = await startOutboundTrap();
    c = clients(moto.endpoint);
    const env = rehearsalEnv(moto, trap.url, home, stateDir);
    out(`Deploy rehearsal of ${STACK} against moto ${moto.version} at ${moto.endpoint} (logs in ${stateDir})`);

    const step = async (name: string, command: string, args: string[], cwd?: string): Promise<string> => {
      const since = Date.now();
      out(`▶ ${[command, ...args].join(' ')}`);
      const { code, stdout } = await run(command, args, env, logOf(name), cwd);
      if (code !== 0) {
        out(tail(logOf(name)));
        throw new CheckFailed(`${name} exited with code ${code} (full output: ${logOf(name)})`);
      }
      out(`  ✔ exit 0 in ${seconds(since)}`);
      return stdout;
    };

    // Outside the project: in it, cdk would synthesize (and bundle) the app first, for nothing.
    await step('bootstrap', join(projectRoot, 'node_modules', '.bin', 'cdk'), ['bootstrap', `aws://${ACCOUNT}/${REGION}`, '--no-notices'], home);
    await step('deploy', 'npm', ['run', 'deploy', '--', '--stage', STAGE]);

    // The stack's outputs, as CloudFormation (moto) reports them and as deploy saved them.
    const stack = await findSandboxStack(c.cf, STACK);
    const { apiUrl, tableName, userPoolId, userPoolClientId } = stack;
    check(stack.status === 'CREATE_COMPLETE', `${STACK} is CREATE_COMPLETE`);
    const saved = JSON.parse(readFileSync(outputsFileOf(stateDir, STAGE), 'utf8')) as Record<string, Record<string, string>>;
    check(
      saved[STACK]?.ApiUrl === apiUrl && saved[STACK]?.TableName === tableName,
      `deploy saved the stack's outputs: ApiUrl ${apiUrl}, TableName ${tableName}`,
    );
    check(
      userPoolId !== undefined &&
        saved[STACK]?.UserPoolId === userPoolId &&
        userPoolClientId !== undefined &&
        saved[STACK]?.UserPoolClientId === userPoolClientId,
      `deploy saved the user pool's outputs: UserPoolId ${userPoolId}, UserPoolClientId ${userPoolClientId}`,
    );
    // The stage's pool, as the identity service lists it, with what the template asked of it.
    const listedPools = (await c.cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }))).UserPools ?? [];
    const pool = listedPools.find((p) => p.Id === userPoolId);
    check(
      pool !== undefined && pool.Name!.startsWith(`${STACK}-`),
      `user pool ${userPoolId} is listed by cognito-idp ListUserPools, named by CloudFormation (${pool?.Name})`,
    );
    const poolDetails = (await c.cognito.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }))).UserPool;
    check(
      JSON.stringify(poolDetails?.UsernameAttributes) === '["email"]' && JSON.stringify(poolDetails?.AutoVerifiedAttributes) === '["email"]',
      'the pool signs people in by e-mail address and confirms it',
    );
    check(
      poolDetails?.AdminCreateUserConfig?.AllowAdminCreateUserOnly === true,
      'the pool refuses SignUp: people are invited with a temporary password (decision 0215)',
    );
    const appClient = (await c.cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId }))).UserPoolClient;
    check(appClient !== undefined && appClient.ClientSecret === undefined, `app client ${userPoolClientId} is in the pool, without a secret`);
    const api = (await c.apis.send(new GetApisCommand({}))).Items?.find((a) => a.Name === STACK);
    check(api !== undefined && apiUrl === `${api.ApiEndpoint}${API_BASE_PATH}`, `ApiUrl is the endpoint of the stage's HTTP API, followed by ${API_BASE_PATH}`);
    const table = (await c.dynamodb.send(new DescribeTableCommand({ TableName: tableName }))).Table;
    check(
      table?.TableStatus === 'ACTIVE' && table.StreamSpecification?.StreamEnabled === true,
      `table ${tableName} exists in moto's DynamoDB, with its stream`,
    );

    // What the template asked for, against what moto made.
    const template = JSON.parse(readFileSync(join(projectRoot, 'cdk.out', `${STACK}.template.json`), 'utf8')) as Template;
    const created = new Map((await stackResources(c.cf)).map((r) => [r.LogicalResourceId!, r]));
    const byType = new Map<string, { wanted: number; made: number }>();
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      const counts = byType.get(resource.Type) ?? { wanted: 0, made: 0 };
      counts.wanted += 1;
      if (created.has(logicalId)) counts.made += 1;
      byType.set(resource.Type, counts);
    }
    const skipped = [...byType]
      .filter(([, n]) => n.made === 0)
      .map(([type]) => type)
      .sort();
    const partial = [...byType].filter(([, n]) => n.made > 0 && n.made < n.wanted).map(([type, n]) => `${type} (${n.made} of ${n.wanted})`);
    check(partial.length === 0, 'every resource type moto creates, it creates for every resource of that type');
    check(
      JSON.stringify(skipped) === JSON.stringify([...KNOWN_SKIPPED_TYPES]),
      `moto skipped exactly the types known to be missing from its CloudFormation: ${skipped.join(', ') || 'none'}`,
    );
    // The functions are told the pool by Ref and GetAtt, which moto resolves only for a resource it made.
    const environments = ((await c.lambda.send(new ListFunctionsCommand({}))).Functions ?? [])
      .filter((f) => f.FunctionName?.startsWith(`${STACK}-`))
      .map((f) => f.Environment?.Variables ?? {});
    const toldPool = environments.filter((env) => IDENTITY_ENV.issuer in env);
    check(
      toldPool.length > 0 &&
        toldPool.every(
          (env) =>
            env[IDENTITY_ENV.userPoolId] === userPoolId &&
            env[IDENTITY_ENV.clientId] === userPoolClientId &&
            env[IDENTITY_ENV.issuer] === `https://cognito-idp.${REGION}.amazonaws.com/${userPoolId}`,
        ),
      `the ${toldPool.length} functions that admit callers are told the pool, its app client and the issuer https://cognito-idp.${REGION}.amazonaws.com/${userPoolId}`,
    );
    const inviting = environments.filter((env) => IDENTITY_ENV.signupPolicy in env);
    check(
      inviting.length === 1 && inviting[0]![IDENTITY_ENV.userPoolId] === userPoolId && inviting[0]![IDENTITY_ENV.signupPolicy] === 'closed',
      "the sign-up function is told the pool and the stage's sign-up policy (closed by default)",
    );
    const routeKeys = Object.values(template.Resources)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => String(r.Properties?.RouteKey))
      .sort();
    const routes = (await c.apis.send(new GetRoutesCommand({ ApiId: api!.ApiId }))).Items ?? [];
    check(
      JSON.stringify(routes.map((r) => r.RouteKey).sort()) === JSON.stringify(routeKeys),
      `the HTTP API has the template's ${routeKeys.length} routes (lib/routes.ts and $default)`,
    );

    const db = createDb(tableName!, { endpoint: moto.endpoint, region: REGION });
    try {
      const createdClient = JSON.parse(
        await step('clients-create', 'npm', ['run', '--silent', 'admin', '--', 'clients', 'create', '--name', 'Rehearsal', '--stack', STAGE, '--json']),
      ) as { id: string };
      check((await getClient(db, createdClient.id))?.name === 'Rehearsal', `client ${createdClient.id} is in moto's table ${tableName}`);

      const ciEnv = JSON.parse(await step('ci-env', 'npm', ['run', '--silent', 'admin', '--', 'ci-env', '--stack', STAGE, '--json'])) as {
        SANDBOX_BASE_URL: string;
        client_id: string;
        key_id: string;
      };
      check(ciEnv.SANDBOX_BASE_URL === apiUrl, "ci-env gives the stack's ApiUrl as SANDBOX_BASE_URL");
      const keys = await listKeys(db, ciEnv.client_id);
      check(
        keys.some((k) => k.id === ciEnv.key_id),
        `ci-env's client ${ciEnv.client_id} and key ${ciEnv.key_id} are in moto's table`,
      );
    } finally {
      closeDb(db);
    }

    const listed = JSON.parse(await step('stacks-list', 'npm', ['run', '--silent', 'admin', '--', 'stacks', 'list', '--json'])) as {
      stage: string;
      status: string;
      api_url: string | null;
    }[];
    check(
      listed.some((s) => s.stage === STAGE && s.status === 'CREATE_COMPLETE' && s.api_url === apiUrl),
      `stacks list shows the stage ${STAGE}`,
    );

    const functionNames = [...created.values()].filter((r) => r.ResourceType === 'AWS::Lambda::Function').map((r) => r.PhysicalResourceId!);
    await step('destroy', 'npm', ['run', 'destroy', '--', '--stage', STAGE]);

    // By id: CloudFormation (and moto) still describe a deleted stack by its id, never by its name.
    const gone = (await c.cf.send(new DescribeStacksCommand({ StackName: stack.stackId }))).Stacks?.[0]?.StackStatus;
    check(gone === 'DELETE_COMPLETE', `${STACK} is DELETE_COMPLETE`);
    const poolsAfter = (await c.cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }))).UserPools ?? [];
    check(!poolsAfter.some((p) => p.Id === userPoolId), `user pool ${userPoolId} is gone (ListUserPools no longer lists it)`);
    const left = await leftovers(c);
    // moto runs a function in Docker for stream records (here: the items ci-env wrote) and, failing,
    // logs to /aws/lambda/<name>, which it makes itself. On AWS each function logs to its own log
    // group (LoggingConfig), which the stack deletes; the check below holds the template to that.
    const motoLogGroups = left['log group']!.filter((g) => functionNames.some((f) => g === `/aws/lambda/${f}`));
    const everyFunctionHasItsLogGroup = Object.values(template.Resources)
      .filter((r) => r.Type === 'AWS::Lambda::Function')
      .every((r) => (r.Properties?.LoggingConfig as { LogGroup?: unknown } | undefined)?.LogGroup !== undefined);
    if (motoLogGroups.length > 0) {
      check(everyFunctionHasItsLogGroup, `every function logs to a log group of the stack (LoggingConfig), so ${motoLogGroups.join(', ')} is moto's own`);
      left['log group'] = left['log group']!.filter((g) => !motoLogGroups.includes(g));
    }
    const remaining = Object.entries(left).filter(([, names]) => names.length > 0);
    check(
      remaining.length === 0,
      `nothing of the stage remains: no ${Object.keys(left).join(', ')}${remaining.length ? ` (left: ${remaining.map(([kind, names]) => `${kind} ${names.join(', ')}`).join('; ')})` : ''}`,
    );

    const afterList = JSON.parse(await step('stacks-list-after', 'npm', ['run', '--silent', 'admin', '--', 'stacks', 'list', '--json'])) as { stage: string }[];
    check(!afterList.some((s) => s.stage === STAGE), 'stacks list no longer shows the stage');
    check(trap.attempts.length === 0, `no request left 127.0.0.1${trap.attempts.length ? ` (tried: ${[...new Set(trap.attempts)].join(', ')})` : ''}`);

    out('');
    out(`Rehearsed in ${seconds(started)} against moto ${moto.version}: bootstrap, asset publishing, the change set, every`);
    out(`resource moto can create, the user pool and its app client, the outputs, clients create, ci-env, stacks list and destroy.`);
    out(`Not rehearsed: ${KNOWN_SKIPPED_TYPES.join(', ')} (moto's CloudFormation skips them); ${LAUNCHER_TYPES.join(', ')}`);
    out(`were created by scripts/rehearse/moto_server.py in moto's own backends; no function ran (Lambda needs Docker).`);
    return 0;
  } catch (error) {
    const message = error instanceof CheckFailed ? error.message : `${(error as Error).message}`;
    out(`  ✘ ${message}`);
    if (trap && trap.attempts.length > 0) out(`  (requests meant for beyond 127.0.0.1 were refused: ${[...new Set(trap.attempts)].join(', ')})`);
    out(`rehearse: failed after ${seconds(started)}; logs in ${stateDir}`);
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopAll();
  }
}

rehearse().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`rehearse: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
