import { LAST_USED_ATTRIBUTE } from '../lib/auth/key-use';
import { COUNTER_ATTRIBUTE } from '../lib/auth/request-counter';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export type CallKind = 'read' | 'write' | 'transactWrite' | 'other';

/** One DynamoDB call as the SDK saw it. */
export interface CallRecord {
  /** `GetItem`, `Query`, `TransactWriteItems`, … (the SDK command name without `Command`). */
  readonly command: string;
  readonly kind: CallKind;
  /** Capacity DynamoDB (Local) reported for `ReturnConsumedCapacity: TOTAL`, summed over tables; undefined when none came back. */
  readonly reportedRcu?: number;
  readonly reportedWcu?: number;
  /** Items the call writes (each item of a TransactWriteItems counts). */
  readonly itemsWritten: number;
  readonly failed: boolean;
  /** HTTP attempts, retries included. */
  readonly attempts: number;
  /** The input and output as sent and received; `marshalled` when they are raw AttributeValues (raw client, not the document client). */
  readonly input: Record<string, unknown>;
  readonly output?: Record<string, unknown>;
  readonly marshalled: boolean;
}

const KIND: Record<string, CallKind> = {
  GetItem: 'read',
  Query: 'read',
  Scan: 'read',
  BatchGetItem: 'read',
  TransactGetItems: 'read',
  PutItem: 'write',
  UpdateItem: 'write',
  DeleteItem: 'write',
  BatchWriteItem: 'write',
  TransactWriteItems: 'transactWrite',
};

interface Capacity {
  readonly CapacityUnits?: number;
  readonly ReadCapacityUnits?: number;
  readonly WriteCapacityUnits?: number;
}

/**
 * Counts the calls sent through a DynamoDB client — and through every document client built on it,
 * since they share the raw client's middleware stack — asking DynamoDB to report the capacity
 * each one consumed. Calls are kept only inside `record()`, so set-up traffic is never counted.
 */
export class CallCounter {
  private current: CallRecord[] | undefined;
  /**
   * Admission's sampled write of a key's last use (lib/auth/key-use.ts): at most one per key and
   * process every 30 s, beside a request's own calls, never on its path. Counted here, apart from the
   * request's calls, so a request's sequence stays its own; the report says how many there were.
   */
  sampledLastUseWrites = 0;
  /**
   * The request counter's reservations (lib/auth/request-counter.ts): one UpdateItem reserves a
   * block of a client's requests of a second for this process, so most requests make none. Counted
   * here, apart from the request's calls, beside the requests recorded: the report gives the writes
   * per request.
   */
  counterReservations = 0;
  /** Recordings made: the requests (or floors) the reservations above were spread over. */
  recordings = 0;

  /** Adds the counting middleware to `client`'s stack. */
  attach(client: DynamoDBClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const sink = this.current;
        if (!sink) return next(args);
        const command = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
        const input = args.input as Record<string, unknown>;
        if (isLastUseWrite(command, input)) {
          this.sampledLastUseWrites++;
          return next(args);
        }
        if (isCounterReservation(command, input)) {
          this.counterReservations++;
          return next(args);
        }
        let output: Record<string, unknown> | undefined;
        let failed = true;
        try {
          const result = await next({ ...args, input: { ...input, ReturnConsumedCapacity: 'TOTAL' } });
          output = result.output as unknown as Record<string, unknown>;
          failed = false;
          return result;
        } finally {
          // The document client marks its calls while marshalling, which runs after this step.
          const features = (context as { __aws_sdk_context?: { features?: Record<string, string> } }).__aws_sdk_context?.features;
          sink.push(describe(command, input, output, failed, features?.DDB_MAPPER === undefined));
        }
      },
      { step: 'initialize', name: 'benchCallCounter', override: true },
    );
  }

  /** Runs `fn` and returns the calls it made. One recording at a time (the bench runs requests one by one). */
  async record<T>(fn: () => Promise<T>): Promise<{ result: T; calls: CallRecord[] }> {
    if (this.current) throw new Error('CallCounter.record is not re-entrant');
    const calls: CallRecord[] = [];
    this.current = calls;
    this.recordings++;
    try {
      return { result: await fn(), calls };
    } finally {
      this.current = undefined;
    }
  }
}

/** Whether a call is admission's sampled write of a key's last use (lib/auth/key-use.ts). */
function isLastUseWrite(command: string, input: Record<string, unknown>): boolean {
  const names = input.ExpressionAttributeNames as Record<string, string> | undefined;
  return command === 'UpdateItem' && names?.['#used'] === LAST_USED_ATTRIBUTE && input.UpdateExpression === 'SET #used = :at';
}

/** Whether a call is the request counter's reservation of a block of requests (lib/auth/request-counter.ts). */
function isCounterReservation(command: string, input: Record<string, unknown>): boolean {
  const names = input.ExpressionAttributeNames as Record<string, string> | undefined;
  return command === 'UpdateItem' && names?.['#count'] === COUNTER_ATTRIBUTE && String(input.UpdateExpression).startsWith('ADD #count :requests');
}

function describe(
  command: string,
  input: Record<string, unknown>,
  output: Record<string, unknown> | undefined,
  failed: boolean,
  marshalled: boolean,
): CallRecord {
  const kind = KIND[command] ?? 'other';
  const capacities = [output?.ConsumedCapacity ?? []].flat() as Capacity[];
  const sum = (pick: (c: Capacity) => number | undefined) => (capacities.length === 0 ? undefined : capacities.reduce((total, c) => total + (pick(c) ?? 0), 0));
  const itemsWritten = command === 'TransactWriteItems' ? ((input.TransactItems as unknown[] | undefined)?.length ?? 0) : kind === 'write' ? 1 : 0;
  return {
    command,
    kind,
    reportedRcu: sum((c) => c.ReadCapacityUnits ?? (kind === 'read' ? c.CapacityUnits : 0)),
    reportedWcu: sum((c) => c.WriteCapacityUnits ?? (kind === 'read' ? 0 : c.CapacityUnits)),
    itemsWritten,
    failed,
    attempts: (output?.$metadata as { attempts?: number } | undefined)?.attempts ?? 1,
    input,
    output,
    marshalled,
  };
}

/** `GetItem+TransactWriteItems`: a request's call sequence, to compare an endpoint with its floor. */
/**
 * What every authenticated request makes before its own work (its admission): one BatchGetItem of
 * the key's hash record and the client's item (its clock offset). The request counter's UpdateItem
 * is made beside it only when the process holds none of the client's requests of the second, and
 * is counted apart (CallCounter.counterReservations).
 */
export const ADMISSION_CALLS = ['BatchGetItem'] as const;

/**
 * The admission of a route that reads no client clock (lib/routes.ts `clientClock: false`, GET
 * /payment/channels): one GetItem of the key's hash record (docs/decisions/0330), the counter apart.
 */
export const KEY_ALONE_ADMISSION_CALLS = ['GetItem'] as const;

/**
 * A session's admission on an account route once its container knows the person (docs/decisions/0216):
 * the person's mapping, read afresh, and the client's item (its clock) in one BatchGetItem (and the
 * counter, counted apart; GetUser at the identity service is no DynamoDB call, but lies on the same
 * round trip).
 */
export const SESSION_ADMISSION_CALLS = ['BatchGetItem'] as const;

/**
 * The calls of one request as `GetItem+UpdateItem+…`. Admission's three calls start together
 * (lib/auth/admission.ts), so which one the SDK sends first varies from request to request: when they
 * lead, they are written in ADMISSION_CALLS' order, and what follows in the order it was made.
 */
export const sequenceOf = (calls: readonly CallRecord[]): string => {
  const names = calls.map((c) => c.command);
  const lead = names.slice(0, ADMISSION_CALLS.length);
  const canonical = [...ADMISSION_CALLS];
  const sessionLead = names.slice(0, SESSION_ADMISSION_CALLS.length);
  if ([...lead].sort().join('+') === [...canonical].sort().join('+')) names.splice(0, ADMISSION_CALLS.length, ...canonical);
  else if ([...sessionLead].sort().join('+') === [...SESSION_ADMISSION_CALLS].sort().join('+')) {
    names.splice(0, SESSION_ADMISSION_CALLS.length, ...SESSION_ADMISSION_CALLS);
  }
  return names.join('+') || '(none)';
};
