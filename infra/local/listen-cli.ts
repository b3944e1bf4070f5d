import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { decodeTime } from 'ulid';
import { eventTypes } from '../../lib/objects/event-types';
import { newId } from '../../lib/ids';
import { runProbes, unsent, type ProbeResult } from '../../lib/webhooks/receiver-check';
import { sendWebhook } from '../../lib/webhooks/send-webhook';
import { newWebhookSecret } from '../../lib/webhooks/signature';
import { secretBytes, signWebhook } from '../../lib/webhooks/signature';
import { systemResolver, type WebhookTarget } from '../../lib/webhooks/url-policy';
import { runtimeFile as defaultRuntimeFile, sandboxDir } from './paths';
import { NoRunningSandboxError, runningSandbox } from './runtime-file';
import { findSandboxStack, StackError } from './stacks';

/**
 * `npm run --silent listen -- --forward-to URL [--stack NAME | --base-url URL] --key sk_…
 * [--events a,b] [--since evt_…] [--secret whsec_…]` (docs/api.md §11): for a CI job whose app a
 * deployed stage cannot reach. It prints the secret it signs with (first line of stdout), tails
 * `GET /events?order=asc` keeping `next_cursor`, and POSTs each event to the URL signed as a
 * webhook delivery is (Standard Webhooks), one line per event on stdout. Without `--since` it
 * forwards the events recorded from its start on; with it, those after that event. Ctrl-C stops it
 * and prints the `--since` to resume with. `--check --forward-to URL --secret whsec_…` instead runs
 * the receiver check's probes against URL once (docs/api.md §17, decision 0263).
 */

export interface ListenIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  /** Aborting it stops the listener, as Ctrl-C does. */
  readonly signal?: AbortSignal;
  /** Where `npm start` says it runs (tests point elsewhere). */
  readonly runtimeFile?: string;
  /** Pause between two polls that found nothing new. */
  readonly pollMs?: number;
}

const USAGE = `Usage: npm run --silent listen -- --forward-to URL --key sk_… [--stack NAME [--region R] | --base-url URL]
                         [--events type,type] [--since evt_…] [--secret whsec_…]
       npm run --silent listen -- --check --forward-to URL --secret whsec_…

Forwards your events, signed like webhooks, to URL: for a CI job whose app the sandbox cannot reach.
The first line printed is the secret to verify them with. Ctrl-C stops it.
  --forward-to URL   where to POST each event (your app's webhook route)
  --key sk_…         a key of your client with events:read
  --stack NAME       a deployed stack (by stage or name); --base-url URL any sandbox; default: the
                     running npm start, found as the admin CLI finds it (refused at once if none runs)
  --events a,b       only these types (${eventTypes.join(', ')})
  --since evt_…      the events after this one (resume where a run stopped); default: from now on
  --secret whsec_…   sign with this secret instead of a new one; given twice (new, then old), sign
                     with both, as the sandbox does while a rolled secret is still honoured
  --check            instead of forwarding: check the receiver at URL with the nine probes of
                     POST /webhook/endpoints/{id}/check (docs/webhooks.md), signed with --secret
                     (the one your receiver verifies with); prints a table (probe, expected, got,
                     passed) and exits 0 when every probe passed, 1 when one failed. Needs no
                     sandbox and no key
  -h, --help         print this and exit

Environment:
  SANDBOX_KEY        the key, when --key is not given
  SANDBOX_DIR        where npm start keeps the runtime.json that says where it runs (${sandboxDir})
  AWS_PROFILE, AWS_REGION, …
                     with --stack: the AWS SDK's default credentials and region`;

/** How long one forward may take, and how often it is tried. */
const FORWARD_TIMEOUT_MS = 10_000;
const FORWARD_TRIES = 3;
const DEFAULT_POLL_MS = 1_000;
const PAGE_SIZE = 100;

class UsageError extends Error {}

interface Options {
  readonly forwardTo: URL;
  readonly key: string;
  readonly baseUrl: string;
  readonly types?: readonly string[];
  readonly since?: string;
  /** What forwards are signed with: the first secret, and a second while a receiver still knows only that one (docs/api.md §15). */
  readonly secrets: readonly [string, ...string[]];
}

/** What `--check` needs: the receiver and the secrets it verifies with. */
interface CheckOptions {
  readonly check: true;
  readonly forwardTo: URL;
  readonly secrets: readonly [string, ...string[]];
}

/**
 * Runs the listener until `io.signal` aborts; returns the exit code (0 when stopped or after --help, 1 or 2 on an error).
 * With `--check`, runs the receiver check once instead: 0 when every probe passed, 1 otherwise.
 */
export async function runListen(argv: readonly string[], io: ListenIo): Promise<number> {
  let options: Options | CheckOptions | 'help';
  try {
    options = await parseOptions(argv, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof StackError) {
      io.stderr.write(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (error instanceof NoRunningSandboxError) {
      io.stderr.write(`listen: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (options === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if ('check' in options) return checkReceiver(options, io);
  io.stdout.write(`${options.secrets[0]}\n`);
  io.stderr.write(
    `Forwarding ${options.types ? options.types.join(', ') : 'every event'} of ${options.baseUrl} to ${options.forwardTo.href}, ` +
      `${options.since ? `after ${options.since}` : 'from now on'}; Ctrl-C stops.\n`,
  );
  const startedAt = Date.now();
  // Events are listed in id order, and an id starts with when the event was recorded.
  const wanted = options.since ? (id: string) => id > options.since! : (id: string) => decodeTime(id.slice(4)) >= startedAt;
  let last = options.since;
  let cursor: string | undefined;
  const signal = io.signal ?? new AbortController().signal;
  const pause = (ms: number) => sleep(ms, undefined, { signal }).catch(() => undefined);
  while (!signal.aborted) {
    const query = new URLSearchParams({ order: 'asc', limit: String(PAGE_SIZE) });
    if (options.types) query.set('type', options.types.join(','));
    if (cursor) query.set('cursor', cursor);
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}/events?${query}`, { headers: { authorization: `Bearer ${options.key}` }, signal });
    } catch (error) {
      if (signal.aborted) break;
      io.stderr.write(`Could not reach ${options.baseUrl}: ${(error as Error).message}; trying again\n`);
      await pause(io.pollMs ?? DEFAULT_POLL_MS);
      continue;
    }
    const body = (await response.json().catch(() => undefined)) as
      | { data: { id: string; type: string }[]; pagination: { has_more: boolean; next_cursor: string } }
      | { error?: { code: string; message: string } }
      | undefined;
    if (response.status === 401 || response.status === 403) {
      io.stderr.write(`${response.status}: ${(body as { error?: { message: string } })?.error?.message ?? 'refused'} (the key needs events:read)\n`);
      return 1;
    }
    if (response.status !== 200 || !body || !('data' in body)) {
      const wait = Number(response.headers.get('retry-after') ?? 0) * 1000 || (io.pollMs ?? DEFAULT_POLL_MS);
      io.stderr.write(`GET /events answered ${response.status}; trying again in ${wait} ms\n`);
      await pause(wait);
      continue;
    }
    for (const event of body.data) {
      if (signal.aborted) break;
      if (!wanted(event.id)) continue;
      io.stdout.write(`${await forward(options, event, signal)}\n`);
      last = event.id;
    }
    cursor = body.pagination.next_cursor;
    if (!body.pagination.has_more) await pause(io.pollMs ?? DEFAULT_POLL_MS);
  }
  io.stderr.write(last ? `Stopped. Resume with --since ${last}\n` : 'Stopped.\n');
  return 0;
}

/** POSTs one event, signed, trying up to FORWARD_TRIES times; the line that says how it went. */
async function forward(options: Options, event: { id: string; type: string }, signal: AbortSignal): Promise<string> {
  let outcome = '';
  for (let attempt = 1; attempt <= FORWARD_TRIES && !signal.aborted; attempt++) {
    const { body, headers } = signWebhook(options.secrets, event.id, event, new Date());
    const started = Date.now();
    try {
      const response = await fetch(options.forwardTo, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
      });
      await response.body?.cancel();
      outcome = `${response.status} (${Date.now() - started} ms)`;
      if (response.status >= 200 && response.status < 300) break;
    } catch (error) {
      outcome = `failed: ${(error as Error).message}`;
    }
    if (attempt < FORWARD_TRIES) await sleep(1000 * attempt, undefined, { signal }).catch(() => undefined);
  }
  return `${new Date().toISOString()}  ${event.id}  ${event.type}  -> ${outcome}`;
}

async function parseOptions(argv: readonly string[], io: ListenIo): Promise<Options | CheckOptions | 'help'> {
  const parse = () =>
    parseArgs({
      args: [...argv],
      options: {
        'forward-to': { type: 'string' },
        key: { type: 'string' },
        stack: { type: 'string' },
        region: { type: 'string' },
        'base-url': { type: 'string' },
        events: { type: 'string' },
        since: { type: 'string' },
        secret: { type: 'string', multiple: true },
        check: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  let values: ReturnType<typeof parse>['values'];
  try {
    ({ values } = parse());
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const forwardTo = values['forward-to'];
  if (!forwardTo) throw new UsageError('--forward-to URL is required');
  let url: URL;
  try {
    url = new URL(forwardTo);
  } catch {
    throw new UsageError(`--forward-to must be an absolute URL, not '${forwardTo}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--forward-to must be an http:// or https:// URL');
  if (values.check) {
    const others = (['key', 'stack', 'region', 'base-url', 'events', 'since'] as const).filter((name) => values[name] !== undefined);
    if (others.length > 0) throw new UsageError(`--check takes --forward-to and --secret only, not --${others.join(', --')}`);
    const given = values.secret ?? [];
    if (given.length === 0 || given.length > 2)
      throw new UsageError('--check needs --secret whsec_… (the secret your receiver verifies with; twice while rolling one)');
    return { check: true, forwardTo: url, secrets: [checkedSecret(given[0]!), ...given.slice(1).map(checkedSecret)] };
  }
  const key = values.key ?? process.env.SANDBOX_KEY;
  if (!key) throw new UsageError('--key sk_… is required (or SANDBOX_KEY)');
  const types = values.events
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const unknown = types?.filter((t) => !(eventTypes as readonly string[]).includes(t)) ?? [];
  if (unknown.length > 0 || types?.length === 0) throw new UsageError(`--events takes event types: ${eventTypes.join(', ')}`);
  if (values.since !== undefined && !/^evt_[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(values.since)) {
    throw new UsageError('--since takes an event id (evt_ followed by a ULID)');
  }
  const given = values.secret ?? [];
  if (given.length > 2) throw new UsageError('--secret takes one secret, or two while rolling one (the new one first)');
  const secrets: [string, ...string[]] = given.length > 0 ? [given[0]!, ...given.slice(1)] : [newWebhookSecret()];
  for (const secret of secrets) checkedSecret(secret);
  return { forwardTo: url, key, baseUrl: await baseUrlOf(values, io), types, since: values.since, secrets };
}

/** A secret given on the command line, or a UsageError. */
function checkedSecret(secret: string): string {
  try {
    secretBytes(secret);
  } catch {
    throw new UsageError('--secret must be whsec_ followed by base64');
  }
  return secret;
}

/**
 * `--check`: the receiver check's battery (lib/webhooks/receiver-check.ts, the code the sandbox's
 * check runs) sent to --forward-to, through the sandbox's sender (one address, no redirect, nothing
 * of the answer kept but its status). The URL is the developer's own, on their machine or their CI
 * job: no URL policy but its scheme. A table on stdout; 0 when every probe passed.
 */
async function checkReceiver(options: CheckOptions, io: ListenIo): Promise<number> {
  const url = options.forwardTo;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let results: ProbeResult[];
  const address = await systemResolver(hostname).then(
    (all) => all[0],
    () => undefined,
  );
  if (!address) results = unsent(`Not sent: ${hostname} does not resolve`);
  else {
    const target: WebhookTarget = { url, hostname, address: address.address, family: address.family === 6 ? 6 : 4 };
    const now = () => new Date();
    results = await runProbes(
      (webhook, timeoutMs) => sendWebhook(target, webhook, timeoutMs),
      options.secrets,
      { checkId: newId('webhookCheck'), endpointId: null },
      { real: now, shown: now },
    );
  }
  io.stdout.write(`${checkTable(results)}\n`);
  const failed = results.filter((r) => !r.passed).length;
  io.stderr.write(
    failed === 0 ? `${url.href} passed every probe.\n` : `${url.href} failed ${failed} of ${results.length} probes (docs/webhooks.md says how to fix each).\n`,
  );
  return failed === 0 ? 0 : 1;
}

/** The results as a table: probe, expected, got (the status and time, or why none came), passed. */
function checkTable(results: readonly ProbeResult[]): string {
  const rows = [
    ['probe', 'expected', 'got', 'passed'],
    ...results.map((r) => [
      r.probe,
      r.expected,
      r.response_status === null ? (r.error ?? '') : `${r.response_status} (${r.response_time_ms} ms)`,
      r.passed ? 'yes' : 'NO',
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

/** The API's base URL: --base-url, a stack's ApiUrl output, or the running `npm start` (else NoRunningSandboxError, at once). */
async function baseUrlOf(values: { stack?: string; region?: string; 'base-url'?: string }, io: ListenIo): Promise<string> {
  if (values.stack !== undefined && values['base-url'] !== undefined) throw new UsageError('--stack and --base-url cannot be combined');
  if (values['base-url'] !== undefined) return values['base-url'].replace(/\/+$/, '');
  if (values.stack !== undefined) {
    const cf = new CloudFormationClient(values.region ? { region: values.region } : {});
    try {
      const stack = await findSandboxStack(cf, values.stack);
      if (!stack.apiUrl) throw new StackError(`${stack.stackName} has no ApiUrl output (status ${stack.status}); is it fully deployed?`);
      return stack.apiUrl;
    } finally {
      cf.destroy();
    }
  }
  if (values.region !== undefined) throw new UsageError('--region goes with --stack NAME');
  return runningSandbox(io.runtimeFile ?? defaultRuntimeFile, '--stack NAME or --base-url URL').baseUrl;
}
