import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  ClientNotFoundError,
  createClient,
  createKey,
  getClient,
  KeyNotFoundError,
  listKeys,
  revokeKey,
} from '../../lib/auth/key-repository';
import { closeDb, createDb } from '../../lib/db/client';
import type { Db } from '../../lib/db/db';
import { isScope, scopes as allScopes, type Scope } from '../../lib/scopes';
import { runtimeFile, type RuntimeInfo } from './paths';

interface Output {
  write(text: string): unknown;
}

/** A mistake in the command line or its target: printed as a message, never a stack trace. */
class UsageError extends Error {}

const USAGE = `Usage: npm run --silent admin -- <command> [options] [--json]

Commands:
  clients create --name NAME
  keys create --client cli_… [--scopes a,b] [--label TEXT]
  keys list --client cli_…
  keys revoke --key key_…

Target (default: the sandbox that 'npm start' is running):
  --endpoint URL --table NAME   any DynamoDB endpoint and table

Scopes: ${allScopes.join(', ')}`;

/** Runs one admin command; returns the exit code. With --json, stdout gets exactly one JSON document. */
export async function runAdmin(argv: readonly string[], io: { stdout: Output; stderr: Output }): Promise<number> {
  let json = argv.includes('--json');
  let db: Db | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean', default: false },
        name: { type: 'string' },
        client: { type: 'string' },
        scopes: { type: 'string' },
        label: { type: 'string' },
        key: { type: 'string' },
        endpoint: { type: 'string' },
        table: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    json = values.json === true;
    if (values.help || positionals.length === 0) {
      io.stdout.write(`${USAGE}\n`);
      return values.help ? 0 : 2;
    }
    db = connect(values.endpoint as string | undefined, values.table as string | undefined);
    const result = await execute(positionals.join(' '), values, db);
    io.stdout.write(json ? `${JSON.stringify(result.data)}\n` : `${result.text}\n`);
    return 0;
  } catch (error) {
    const message = describe(error);
    if (json) io.stdout.write(`${JSON.stringify({ error: message })}\n`);
    else io.stderr.write(`admin: ${message}\n`);
    return error instanceof UsageError || isParseArgsError(error) ? 2 : 1;
  } finally {
    if (db) closeDb(db);
  }
}

async function execute(
  command: string,
  values: Record<string, string | boolean | undefined>,
  db: Db,
): Promise<{ data: unknown; text: string }> {
  const str = (name: string): string => {
    const value = values[name];
    if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${command} needs --${name}`);
    return value;
  };
  switch (command) {
    case 'clients create': {
      const client = await createClient(db, str('name'));
      return { data: client, text: `Created client ${client.id} (${client.name})` };
    }
    case 'keys create': {
      const scopes = typeof values.scopes === 'string' ? parseScopes(values.scopes) : undefined;
      const label = typeof values.label === 'string' ? values.label : null;
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
        (k) =>
          `${k.id}  …${k.last4}  ${k.label ?? '-'}  ${k.scopes.join(',')}  created ${k.created_at}${k.revoked_at ? `  revoked ${k.revoked_at}` : ''}`,
      );
      return { data: list, text: lines.length > 0 ? lines.join('\n') : `No keys for ${clientId}` };
    }
    case 'keys revoke': {
      const key = await revokeKey(db, str('key'));
      return { data: key, text: `Revoked key ${key.id} (…${key.last4}) at ${key.revoked_at}` };
    }
    default:
      throw new UsageError(`unknown command '${command}'\n\n${USAGE}`);
  }
}

function parseScopes(text: string): Scope[] {
  const list = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const unknown = list.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new UsageError(`unknown scope ${unknown.join(', ')}; scopes are ${allScopes.join(', ')}`);
  if (list.length === 0) throw new UsageError('--scopes needs at least one scope');
  return [...new Set(list)] as Scope[];
}

function connect(endpoint: string | undefined, table: string | undefined): Db {
  if (endpoint !== undefined || table !== undefined) {
    if (!endpoint || !table) throw new UsageError('--endpoint and --table go together');
    return createDb(table, { endpoint });
  }
  if (!existsSync(runtimeFile)) {
    throw new UsageError("no running sandbox found: start one with 'npm start', or pass --endpoint URL --table NAME");
  }
  const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as RuntimeInfo;
  return createDb(runtime.tableName, { endpoint: runtime.dynamoEndpoint });
}

function describe(error: unknown): string {
  if (error instanceof UsageError || error instanceof ClientNotFoundError || error instanceof KeyNotFoundError) {
    return error.message;
  }
  const name = (error as Error | undefined)?.name ?? '';
  if (name === 'ResourceNotFoundException') return 'the table does not exist at that endpoint';
  if (/ECONNREFUSED|fetch failed|socket hang up/.test(String((error as Error)?.message ?? error))) {
    return 'cannot reach DynamoDB at that endpoint; is the sandbox running?';
  }
  if (isParseArgsError(error)) return (error as Error).message;
  return `failed: ${(error as Error)?.message ?? String(error)}`;
}

function isParseArgsError(error: unknown): boolean {
  return String((error as { code?: unknown } | undefined)?.code ?? '').startsWith('ERR_PARSE_ARGS');
}
