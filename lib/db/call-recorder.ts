import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFile, appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { grantsOfCall, iamRequestsOfCall, operationOf, type Grant, type IamRequest } from './access';

/**
 * Records which DynamoDB permissions each function's calls need, for the grant check (test/grants):
 * the local adapters run each invocation of a handler inside `invokedAs(<function>)`, and a
 * middleware on the SDK clients writes every new (function, permission) it sees to
 * `$DYNAMODB_CALLS_DIR/<pid>.jsonl`. Only when DYNAMODB_CALLS_DIR is set (the test run sets it):
 * otherwise `invokedAs` calls straight through and no client gets the middleware. Deployed
 * functions never call either.
 */
export const CALLS_DIR_ENV = 'DYNAMODB_CALLS_DIR';

/** One line of a recording. */
export interface RecordedCall {
  /** The route id, or `sweep`, `dispatchEvents`, `routeNotFound`. */
  readonly fn: string;
  /** The SDK operation sent, e.g. `TransactWriteItems`. */
  readonly operation: string;
  readonly grant?: Grant;
  /** Or, on lines of their own, one IAM request of the call with its context (test/grants evaluates them). */
  readonly request?: IamRequest;
}

const recordingDir = (): string | undefined => process.env[CALLS_DIR_ENV] || undefined;

/**
 * Per process, on globalThis: test runners may load this module more than once in a process, and
 * the adapter that sets the function, the client that reads it and the writer of the file must
 * share one state. `pending` holds the lines written but not yet confirmed.
 */
interface RecorderState {
  readonly invocations: AsyncLocalStorage<string>;
  readonly seen: Set<string>;
  readonly pending: Map<string, string>;
  exitHook: boolean;
}
const STATE = Symbol.for('payment-sandbox.dynamodb-calls');
// biome-ignore lint/suspicious/noAssignInExpressions: one recorder state per process, made by whichever module instance comes first
const state: RecorderState = ((globalThis as Record<symbol, unknown>)[STATE] ??= {
  invocations: new AsyncLocalStorage<string>(),
  seen: new Set<string>(),
  pending: new Map<string, string>(),
  exitHook: false,
}) as RecorderState;

/** Runs `work` (one invocation of a function's handler, or a loop that invokes it) as function `fn`. */
export function invokedAs<T>(fn: string, work: () => T): T {
  return recordingDir() ? state.invocations.run(fn, work) : work();
}

/**
 * Appends a line the process has not written yet, without blocking the call (a synchronous write
 * could take milliseconds on a busy machine, in the middle of a request); what is still unwritten
 * when the process exits is written then.
 */
function record(dir: string, call: RecordedCall): void {
  const line = JSON.stringify(call);
  if (state.seen.has(line)) return;
  state.seen.add(line);
  const file = join(dir, `${process.pid}.jsonl`);
  state.pending.set(line, file);
  if (!state.exitHook) {
    state.exitHook = true;
    process.once('exit', () => {
      for (const [pendingLine, pendingFile] of state.pending) appendFileSync(pendingFile, `${pendingLine}\n`);
    });
  }
  appendFile(file, `${line}\n`, () => state.pending.delete(line));
}

/**
 * Adds the recording middleware to a DynamoDB (or DynamoDB Streams) client when recording is on.
 * A document client shares its raw client's stack, so its calls are recorded as the raw
 * operations they send (a document client's TransactWrite as TransactWriteItems).
 */
export function recordCallsOf(client: DynamoDBClient | DynamoDBStreamsClient): void {
  const dir = recordingDir();
  if (!dir) return;
  // Both stacks take the same initialize middleware; the input is only looked at.
  (client.middlewareStack as DynamoDBClient['middlewareStack']).add(
    (next, context) => async (args) => {
      const fn = state.invocations.getStore();
      if (fn) {
        const operation = operationOf(String(context.commandName ?? 'Unknown'));
        for (const grant of grantsOfCall(operation, args.input)) record(dir, { fn, operation, grant });
        for (const request of iamRequestsOfCall(operation, args.input)) record(dir, { fn, operation, request });
      }
      return next(args);
    },
    { step: 'initialize', name: 'recordDynamoCalls', override: true },
  );
}

/** Every call recorded in `dir`, by any process. */
export function readRecordedCalls(dir: string): RecordedCall[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RecordedCall);
}
