import { inject } from 'vitest';
import { createDb } from '../../lib/db/client';
import type { Db } from '../../lib/db/db';

/** An error shaped as the SDK raises it (name and fields), for faults DynamoDB Local cannot produce. */
export function sdkError(name: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(name), { name, $metadata: {}, ...fields });
}

/**
 * What DynamoDB answers a TransactWriteItems of `items` items that met another transaction on the
 * same item: cancelled, reason TransactionConflict on the first, None on the others.
 */
export function transactionConflict(items: number): Error {
  return sdkError('TransactionCanceledException', {
    CancellationReasons: [{ Code: 'TransactionConflict' }, ...Array.from({ length: items - 1 }, () => ({ Code: 'None' }))],
  });
}

/**
 * A Db on the run's DynamoDB Local table (or `tableName`, a test's own) whose client meets `fault` inside the SDK's retry loop:
 * given the command name (e.g. `PutItemCommand`) and a `send` that makes the real call, it may
 * throw instead of calling, or call and then throw (a response lost on the way back).
 */
export function faultyDb(fault: (command: string, send: () => Promise<unknown>) => Promise<unknown>, tableName: string = inject('tableName')): Db {
  const db = createDb(tableName, { endpoint: inject('dynamoEndpoint') });
  db.client.middlewareStack.add((next, context) => (args) => fault(context.commandName ?? '', () => next(args)) as ReturnType<typeof next>, {
    step: 'deserialize',
    name: 'injectFault',
  });
  return db;
}

/** A Db whose every `command` fails with `error` before reaching the table; other commands work. */
export function dbFailing(command: string, error: Error): Db {
  return faultyDb(async (name, send) => {
    if (name === command) throw error;
    return send();
  });
}
