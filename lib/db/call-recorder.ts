import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFile, appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { grantsOfCall, iamRequestsOfCall, operationOf, type Grant, type IamRequest } from './access';
import { ENV, readEnv } from '../config/env';
import { CALL_OBSERVER, observeCalls, type CallObserver } from './client';

/**
 * Records which DynamoDB permissions each function's calls need, for the grant check (test/grants):
 * the local adapters run each invocation of a handler inside `invokedAs(<function>)`, and a
 * middleware on the SDK clients writes every new (function, permission) it sees to
 * `$DYNAMODB_CALLS_DIR/<pid>.jsonl`. Only when DYNAMODB_CALLS_DIR is set (the test run sets it):
 * otherwise `invokedAs` calls straight through and no client observes its calls. Deployed
 * functions never load this module: the clients of lib/db/client.ts find the recorder on
 * globalThis (CALL_OBSERVER), where loading this module puts it.
 */

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

const recordingDir = (): string | undefined => readEnv(ENV.callsDir);

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

/** Records a call made inside an invocation (`invokedAs`): the grants and IAM requests it needs, once each. */
const recordCall: CallObserver = (commandName, input) => {
  const dir = recordingDir();
  const fn = state.invocations.getStore();
  if (!dir || !fn) return;
  const operation = operationOf(commandName);
  for (const grant of grantsOfCall(operation, input)) record(dir, { fn, operation, grant });
  for (const request of iamRequestsOfCall(operation, input)) record(dir, { fn, operation, request });
};

// Put there whenever this module is loaded: recordCall itself looks at DYNAMODB_CALLS_DIR on each call.
(globalThis as Record<symbol, CallObserver>)[CALL_OBSERVER] = recordCall;

/**
 * Records the calls of a client that lib/db/client.ts did not make (the local stream poller's
 * DynamoDB Streams client) when recording is on. A document client shares its raw client's stack,
 * so its calls are recorded as the raw operations they send (a document client's TransactWrite as
 * TransactWriteItems).
 */
export function recordCallsOf(client: DynamoDBClient | DynamoDBStreamsClient): void {
  if (recordingDir()) observeCalls(client as DynamoDBClient);
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
