import { appendFileSync, closeSync, openSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import {
  ClientNotFoundError,
  createClient,
  createClientWithKey,
  createKey,
  getClient,
  KeyNotFoundError,
  listClients,
  listKeys,
  revokeKey,
} from '../../lib/auth/key-repository';
import { closeDb, createDb } from '../../lib/db/client';
import type { Db } from '../../lib/db/db';
import { resetClientData } from '../../lib/sandbox/reset';
import { isScope, scopes as allScopes, type Scope } from '../../lib/scopes';
import { textProblem } from '../../lib/text';
import { InvalidContextError } from '../stage';
import { isParseArgsError } from './cli';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { identityClient } from './identity-client';
import { addUser, disableUser, enableUser, listUsers, removeUser, type UserPool } from './users';
import { runtimeFile as defaultRuntimeFile, sandboxDir } from './paths';
import { NoRunningSandboxError, runningSandbox } from './runtime-file';
import {
  deleteStack,
  describeAwsError,
  findSandboxStack,
  formatDuration,
  listSandboxStacks,
  parseDuration,
  planPrune,
  regionOf,
  StackError,
  type SandboxStack,
} from './stacks';

interface Output {
  write(text: string): unknown;
}

/** What tests replace; the CLI itself passes nothing. */
export interface AdminDeps {
  /**
   * Sends a deployed stack's DynamoDB calls to this endpoint instead of AWS. Tests use it to
   * keep the data plane on DynamoDB Local while CloudFormation is mocked.
   */
  readonly dynamoEndpoint?: string;
  /** Where `npm start` records the running sandbox (default `.sandbox/runtime.json`). */
  readonly runtimeFile?: string;
  /** The clock for stack ages and CI client names. */
  readonly now?: () => Date;
}

/** A mistake in the command line or its target: printed as a message, never a stack trace. */
class UsageError extends Error {}

/** The target holds something the command refuses to pass on (exit code 1): printed as a message. */
class TargetError extends Error {}

const USAGE = `Usage: npm run --silent admin -- <command> [options] [--json]

Commands:
  clients create --name NAME
  clients list                    every client, oldest first
  clients reset --client cli_… [--webhook-endpoints]
                                  delete the client's transactions, orders, refunds, ledger,
                                  events, deliveries and idempotency records (as POST
                                  /sandbox/reset); keys stay, webhook endpoints unless asked
  keys create --client cli_… [--scopes a,b] [--label TEXT]
  keys list --client cli_…
  keys revoke --key key_…
  users add --email E [--client cli_… | --name NAME]
                                  a person who may sign in at once (under --signup closed the
                                  only way in): a member of the client, or the owner of a new
                                  one named NAME; prints their password, once
  users list                      the user pool's people and their clients
  users disable --email E         they can no longer sign in; every session of theirs ends now
  users enable --email E          they may sign in again
  users remove --email E          every session of theirs ends now and they leave the pool; their
                                  client and its keys stay
  ci-env [--scopes a,b] [--out FILE]
                                  new client + key for a CI run; prints SANDBOX_BASE_URL=… and
                                  SANDBOX_SERVER_KEY=… lines for >> $GITHUB_ENV, or appends them
                                  to FILE (--out "$GITHUB_ENV") and prints no key
  stacks list                     sandbox stacks of the account (tag project=payment-sandbox)
  stacks prune --older-than 3d [--match 'pr-*'] [--dry-run]
                                  delete sandbox stacks not deployed for longer than 3d
                                  (durations: 3d, 12h, 90m, 1d12h)

Target (default: the sandbox that 'npm start' is running, found by its runtime.json; refused at
once if none runs):
  --stack NAME [--region R]       a deployed stack, by stage (pr-42) or stack name
                                  (PaymentSandbox-pr-42); AWS credentials from the default chain
  --endpoint URL --table NAME     any DynamoDB endpoint and table

Scopes: ${allScopes.join(', ')}

  -h, --help                      print this and exit (after any command too)

Environment:
  SANDBOX_DIR                     where npm start keeps the runtime.json that says where it runs
                                  (${sandboxDir})
  AWS_PROFILE, AWS_REGION, …      with --stack and the stacks commands: the AWS SDK's default
                                  credentials and region`;

const DATA_COMMANDS = [
  'clients create',
  'clients list',
  'clients reset',
  'keys create',
  'keys list',
  'keys revoke',
  'users add',
  'users list',
  'users disable',
  'users enable',
  'users remove',
  'ci-env',
];
const STACK_COMMANDS = ['stacks list', 'stacks prune'];

type Values = Record<string, string | boolean | undefined>;

interface Result {
  readonly data: unknown;
  readonly text: string;
  /** A line for stderr (stdout may be going to a file such as $GITHUB_ENV). */
  readonly notice?: string;
  readonly exitCode?: number;
}

/** Where the data-plane commands read and write. */
interface Target {
  readonly db: Db;
  /** The API's {base_url}, when known: runtime.json locally, the ApiUrl output of a stack. */
  readonly baseUrl: string | undefined;
  /** `local`, or the stack's stage. */
  readonly stage: string;
  /** The stage's user pool, when known: runtime.json locally, the UserPoolId output of a stack. */
  readonly pool?: UserPool;
}

/** Runs one admin command; returns the exit code. With --json, stdout gets exactly one JSON document. */
export async function runAdmin(argv: readonly string[], io: { stdout: Output; stderr: Output }, deps: AdminDeps = {}): Promise<number> {
  let json = argv.includes('--json');
  let target: Target | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean', default: false },
        name: { type: 'string' },
        email: { type: 'string' },
        client: { type: 'string' },
        scopes: { type: 'string' },
        label: { type: 'string' },
        key: { type: 'string' },
        endpoint: { type: 'string' },
        table: { type: 'string' },
        stack: { type: 'string' },
        region: { type: 'string' },
        'older-than': { type: 'string' },
        match: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'webhook-endpoints': { type: 'boolean', default: false },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    json = values.json === true;
    if (values.help || positionals.length === 0) {
      io.stdout.write(`${USAGE}\n`);
      return values.help ? 0 : 2;
    }
    const command = positionals.join(' ');
    if (values.out !== undefined && command !== 'ci-env') throw new UsageError('--out goes with ci-env');
    if (values['webhook-endpoints'] && command !== 'clients reset') throw new UsageError('--webhook-endpoints goes with clients reset');
    const now = deps.now ?? (() => new Date());
    let result: Result;
    if (STACK_COMMANDS.includes(command)) {
      for (const option of ['stack', 'endpoint', 'table'] as const) {
        if (values[option] !== undefined) throw new UsageError(`${command} takes --region, not --${option}`);
      }
      const cf = cloudFormation(values.region);
      try {
        result = await executeStacks(command, values, cf, now());
      } finally {
        cf.destroy();
      }
    } else if (DATA_COMMANDS.includes(command)) {
      target = await connect(values, deps);
      result = await execute(command, values, target, now());
    } else {
      throw new UsageError(`unknown command '${command}'\n\n${USAGE}`);
    }
    io.stdout.write(json ? `${JSON.stringify(result.data)}\n` : `${result.text}\n`);
    if (result.notice) io.stderr.write(`${result.notice}\n`);
    return result.exitCode ?? 0;
  } catch (error) {
    const message = describe(error);
    if (json) io.stdout.write(`${JSON.stringify({ error: message })}\n`);
    else io.stderr.write(`admin: ${message}\n`);
    return isUsageError(error) ? 2 : 1;
  } finally {
    if (target) closeDb(target.db);
    target?.pool?.cognito.destroy();
  }
}

async function execute(command: string, values: Values, target: Target, now: Date): Promise<Result> {
  const { db } = target;
  const str = (name: string): string => {
    const value = values[name];
    if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${command} needs --${name}`);
    return value;
  };
  /** A name or label: one line of text, as the API's names are (lib/text.ts). */
  const line = (name: string): string => {
    const value = str(name);
    const problem = textProblem(value, 'line');
    if (problem) throw new UsageError(`--${name} ${problem}`);
    return value;
  };
  const scopes = typeof values.scopes === 'string' ? parseScopes(values.scopes) : undefined;
  switch (command) {
    case 'clients create': {
      const client = await createClient(db, line('name'));
      return { data: client, text: `Created client ${client.id} (${client.name})` };
    }
    case 'clients list': {
      const list = await listClients(db);
      const lines = list.map((c) => `${c.id}  ${c.name}  created ${c.created_at}`);
      return { data: list, text: lines.length > 0 ? lines.join('\n') : 'No clients' };
    }
    case 'clients reset': {
      const clientId = str('client');
      if (!(await getClient(db, clientId))) throw new ClientNotFoundError(clientId);
      // The API's reset without its time bound: an operator's run goes on until the client is clean.
      const webhookEndpoints = values['webhook-endpoints'] === true;
      const { deleted } = await resetClientData(db, clientId, { webhookEndpoints });
      return {
        data: { client_id: clientId, deleted, webhook_endpoints: webhookEndpoints },
        text: `Reset client ${clientId}: deleted ${deleted} item${deleted === 1 ? '' : 's'}${webhookEndpoints ? ', webhook endpoints included' : '; webhook endpoints kept'}`,
      };
    }
    case 'keys create': {
      const label = typeof values.label === 'string' ? line('label') : null;
      const key = await createKey(db, { clientId: str('client'), scopes, label });
      return {
        data: key,
        text: `Created key ${key.id} for ${key.client_id} with scopes ${key.scopes.join(', ')}\n${key.key}\n(This is the only time the key is shown.)`,
      };
    }
    case 'keys list': {
      const clientId = str('client');
      if (!(await getClient(db, clientId))) throw new ClientNotFoundError(clientId);
      const list = await listKeys(db, clientId);
      const lines = list.map(
        (k) => `${k.id}  …${k.last4}  ${k.label ?? '-'}  ${k.scopes.join(',')}  created ${k.created_at}${k.revoked_at ? `  revoked ${k.revoked_at}` : ''}`,
      );
      return { data: list, text: lines.length > 0 ? lines.join('\n') : `No keys for ${clientId}` };
    }
    case 'keys revoke': {
      const key = await revokeKey(db, str('key'));
      return { data: key, text: `Revoked key ${key.id} (…${key.last4}) at ${key.revoked_at}` };
    }
    case 'users add':
    case 'users list':
    case 'users disable':
    case 'users enable':
    case 'users remove': {
      if (!target.pool) {
        throw new UsageError(`${command} needs the stage's user pool: run it while 'npm start' is running, or use --stack NAME (not --endpoint/--table)`);
      }
      if (command === 'users list') {
        const list = await listUsers(db, target.pool);
        const lines = list.map((u) => `${u.email}  ${u.client_id ?? '(no client)'}  ${u.status}  created ${u.created_at ?? '-'}`);
        return { data: list, text: lines.length > 0 ? lines.join('\n') : 'No users' };
      }
      if (command !== 'users add') {
        const change = { 'users disable': disableUser, 'users enable': enableUser, 'users remove': removeUser }[command];
        const person = await change(db, target.pool, str('email'));
        const done = {
          'users disable': `Disabled ${person.email}: every session of theirs has ended, and they cannot sign in until enabled`,
          'users enable': `Enabled ${person.email}: they may sign in again`,
          'users remove': `Removed ${person.email}: every session of theirs has ended${person.client_id ? `; their client ${person.client_id} and its keys stay` : ''}`,
        }[command];
        return { data: person, text: done };
      }
      if (values.client !== undefined && values.name !== undefined) throw new UsageError('users add takes --client or --name, not both');
      const clientId = typeof values.client === 'string' ? str('client') : undefined;
      if (clientId !== undefined && !(await getClient(db, clientId))) throw new ClientNotFoundError(clientId);
      const user = await addUser(db, target.pool, {
        email: str('email'),
        clientId,
        clientName: typeof values.name === 'string' ? line('name') : undefined,
      });
      return {
        data: user,
        text: `Added ${user.email} to client ${user.client_id}\nPassword: ${user.password}\n(This is the only time the password is shown; they can sign in to the dashboard with it now.)`,
      };
    }
    case 'ci-env': {
      if (!target.baseUrl) {
        throw new UsageError("ci-env needs the API's base URL: use --stack NAME, or run it while 'npm start' is running (not with --endpoint/--table)");
      }
      const baseUrl = target.baseUrl;
      envLines({ SANDBOX_BASE_URL: baseUrl }); // a base URL that cannot be written stops us before anything is created
      const out = values.out;
      if (out !== undefined && (typeof out !== 'string' || out === '')) throw new UsageError('--out needs a file, e.g. --out "$GITHUB_ENV"');
      // Opened (and created, 0600) before the client exists, so a bad path leaves no stray client behind.
      const file = typeof out === 'string' ? openSync(out, 'a', 0o600) : undefined;
      try {
        const { client, key } = await createClientWithKey(db, `ci ${target.stage} ${now.toISOString()}`, { scopes, label: 'ci' }, now);
        const lines = envLines({ SANDBOX_BASE_URL: baseUrl, SANDBOX_SERVER_KEY: key.key });
        const notice = `Created client ${client.id} with key ${key.id} (${key.scopes.join(', ')}) on ${target.stage}`;
        if (file !== undefined) {
          // One append of both lines: the file gets exactly them, whatever else goes to stdout.
          appendFileSync(file, lines);
          return {
            data: { SANDBOX_BASE_URL: baseUrl, client_id: client.id, key_id: key.id, out },
            text: `Appended SANDBOX_BASE_URL=${baseUrl} and SANDBOX_SERVER_KEY to ${out}`,
            notice,
          };
        }
        // stdout carries exactly these two lines (and is the only place the key ever goes).
        return {
          data: { SANDBOX_BASE_URL: baseUrl, SANDBOX_SERVER_KEY: key.key, client_id: client.id, key_id: key.id },
          text: lines.trimEnd(),
          notice,
        };
      } finally {
        if (file !== undefined) closeSync(file);
      }
    }
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

/**
 * `NAME=value` lines as $GITHUB_ENV reads them. A value must be one line of text (lib/text.ts):
 * a line break in a stack output would otherwise let it set variables of its own choosing.
 */
function envLines(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => {
      const problem = textProblem(value, 'line');
      if (problem) throw new TargetError(`refusing to write ${name}: its value ${problem}`);
      return `${name}=${value}\n`;
    })
    .join('');
}

async function executeStacks(command: string, values: Values, cf: CloudFormationClient, now: Date): Promise<Result> {
  if (command === 'stacks list') {
    const stacks = await listSandboxStacks(cf);
    const rows = stacks.map((s) => [
      s.stage,
      s.status,
      formatDuration(now.getTime() - s.createdAt.getTime()),
      `${formatDuration(now.getTime() - s.lastDeployedAt.getTime())} ago`,
      s.apiUrl ?? '-',
    ]);
    const text = rows.length > 0 ? formatTable([['STAGE', 'STATUS', 'AGE', 'LAST DEPLOY', 'API URL'], ...rows]) : `No sandbox stacks in ${await regionOf(cf)}`;
    return { data: stacks.map((s) => stackJson(s, now)), text };
  }

  const olderThanText = values['older-than'];
  if (typeof olderThanText !== 'string') throw new UsageError('stacks prune needs --older-than, e.g. --older-than 3d');
  const olderThanMs = parseDuration(olderThanText);
  if (olderThanMs === undefined) {
    throw new UsageError(`--older-than takes a duration like 3d, 12h, 90m or 1d12h, not ${JSON.stringify(olderThanText)}`);
  }
  const stagePattern = typeof values.match === 'string' ? values.match : undefined;
  const dryRun = values['dry-run'] === true;
  const plan = planPrune(await listSandboxStacks(cf), { olderThanMs, now, stagePattern });

  const lines: string[] = [];
  const deleted: string[] = [];
  const failed: { stack_name: string; error: string }[] = [];
  const idle = (s: SandboxStack) => formatDuration(now.getTime() - s.lastDeployedAt.getTime());
  for (const stack of plan.stale) {
    const what = `${stack.stackName} (stage ${stack.stage}, ${stack.status}, last deployed ${idle(stack)} ago)`;
    if (dryRun) {
      lines.push(`Would delete ${what}`);
      continue;
    }
    try {
      await deleteStack(cf, stack);
      deleted.push(stack.stackName);
      lines.push(`Deleting ${what}`);
    } catch (error) {
      failed.push({ stack_name: stack.stackName, error: describe(error) });
      lines.push(`Could not delete ${stack.stackName}: ${describe(error)}`);
    }
  }
  for (const stack of plan.busy) lines.push(`Skipped ${stack.stackName}: ${stack.status}`);
  if (plan.stale.length === 0) {
    lines.push(`Nothing to prune: no sandbox stack${stagePattern ? ` matching ${stagePattern}` : ''} idle for more than ${olderThanText}`);
  }
  lines.push(`Kept ${plan.kept.length} sandbox stack${plan.kept.length === 1 ? '' : 's'}${dryRun ? ' (dry run: nothing deleted)' : ''}`);
  return {
    data: {
      older_than: olderThanText,
      match: stagePattern ?? null,
      dry_run: dryRun,
      stale: plan.stale.map((s) => stackJson(s, now)),
      deleted,
      failed,
      skipped: plan.busy.map((s) => stackJson(s, now)),
      kept: plan.kept.map((s) => s.stackName),
    },
    text: lines.join('\n'),
    exitCode: failed.length > 0 ? 1 : 0,
  };
}

function stackJson(stack: SandboxStack, now: Date) {
  return {
    stack_name: stack.stackName,
    stage: stack.stage,
    status: stack.status,
    created_at: stack.createdAt.toISOString(),
    last_deployed_at: stack.lastDeployedAt.toISOString(),
    age: formatDuration(now.getTime() - stack.createdAt.getTime()),
    api_url: stack.apiUrl ?? null,
  };
}

function formatTable(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

function parseScopes(text: string): Scope[] {
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = list.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new UsageError(`unknown scope ${unknown.join(', ')}; scopes are ${allScopes.join(', ')}`);
  if (list.length === 0) throw new UsageError('--scopes needs at least one scope');
  return [...new Set(list)] as Scope[];
}

function cloudFormation(region: string | boolean | undefined): CloudFormationClient {
  // No region → the SDK's default chain (AWS_REGION, the profile); credentials likewise.
  return new CloudFormationClient(typeof region === 'string' ? { region } : {});
}

async function connect(values: Values, deps: AdminDeps): Promise<Target> {
  const { endpoint, table, stack, region } = values as Record<string, string | undefined>;
  if (stack !== undefined) {
    if (endpoint !== undefined || table !== undefined) throw new UsageError('--stack cannot be combined with --endpoint or --table');
    const cf = cloudFormation(region);
    try {
      const found = await findSandboxStack(cf, stack);
      if (!found.tableName) {
        throw new StackError(`${found.stackName} has no TableName output (status ${found.status}); is it fully deployed?`);
      }
      const db = deps.dynamoEndpoint
        ? createDb(found.tableName, { endpoint: deps.dynamoEndpoint })
        : createDb(found.tableName, { region: await cf.config.region() });
      const pool = found.userPoolId
        ? { cognito: new CognitoIdentityProviderClient({ region: await cf.config.region() }), userPoolId: found.userPoolId }
        : undefined;
      return { db, baseUrl: found.apiUrl, stage: found.stage, pool };
    } finally {
      cf.destroy();
    }
  }
  if (region !== undefined) throw new UsageError('--region goes with --stack NAME or the stacks commands');
  if (endpoint !== undefined || table !== undefined) {
    if (!endpoint || !table) throw new UsageError('--endpoint and --table go together');
    return { db: createDb(table, { endpoint }), baseUrl: undefined, stage: 'local' };
  }
  const info = runningSandbox(deps.runtimeFile ?? defaultRuntimeFile, '--stack NAME, or --endpoint URL --table NAME');
  const pool = info.identityEndpoint && info.userPoolId ? { cognito: identityClient(info.identityEndpoint), userPoolId: info.userPoolId } : undefined;
  return { db: createDb(info.tableName, { endpoint: info.dynamoEndpoint }), baseUrl: info.baseUrl, stage: 'local', pool };
}

function describe(error: unknown): string {
  if (
    error instanceof UsageError ||
    error instanceof TargetError ||
    error instanceof StackError ||
    error instanceof InvalidContextError ||
    error instanceof ClientNotFoundError ||
    error instanceof KeyNotFoundError ||
    error instanceof NoRunningSandboxError
  ) {
    return error.message;
  }
  if ((error as Error | undefined)?.name === 'UsernameExistsException') return 'a person with that e-mail address is in the user pool already';
  const aws = describeAwsError(error);
  if (aws) return aws;
  const name = (error as Error | undefined)?.name ?? '';
  if (name === 'ResourceNotFoundException') return 'the table does not exist at that endpoint';
  if (/ECONNREFUSED|fetch failed|socket hang up/.test(String((error as Error)?.message ?? error))) {
    return 'cannot reach DynamoDB at that endpoint; is the sandbox running?';
  }
  if (isParseArgsError(error)) return (error as Error).message;
  return `failed: ${(error as Error)?.message ?? String(error)}`;
}

function isUsageError(error: unknown): boolean {
  return error instanceof UsageError || error instanceof InvalidContextError || error instanceof NoRunningSandboxError || isParseArgsError(error);
}
