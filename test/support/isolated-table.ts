import { randomUUID } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { ensureTable } from '../../infra/local/dynamodb-local';
import { closeDb, createDb } from '../../lib/db/client';
import type { Db } from '../../lib/db/db';

/**
 * A table of its own on the run's DynamoDB Local, made from the shared definition (stream and
 * indexes included): the run's sandbox delivers webhooks from its own table's stream and sweeps
 * only that table, so nothing but the test acts on this one.
 */
export async function isolatedTable(purpose: string): Promise<{ db: Db; tableName: string; drop(): Promise<void> }> {
  const tableName = `${purpose}-${randomUUID().slice(0, 8)}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  const db = createDb(tableName, { endpoint: inject('dynamoEndpoint') });
  return {
    db,
    tableName,
    drop: async () => {
      await db.client.send(new DeleteTableCommand({ TableName: tableName }));
      closeDb(db);
    },
  };
}
