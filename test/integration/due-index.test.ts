import { CreateTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDb, closeDb, createDocumentClient } from '../../lib/db/client';
import { findDue } from '../../lib/db/due';
import { clientPartition, keys } from '../../lib/db/keys';
import { tableDefinition } from '../../lib/db/table';
import { ensureTable, startDynamoLocal } from '../../infra/local/dynamodb-local';
import { newClient, testDb } from '../support/fixtures';

/**
 * The sparse `due` index: a sweep finds exactly the items due by a time, oldest first, and an item
 * stops being found in the write that removes its due attributes. Dates are in 2001 so that no
 * other test's due items (which are due around now) fall in range.
 */

const at = (minute: number) => new Date(Date.UTC(2001, 0, 1, 0, minute)).toISOString();

async function putDue(pk: string, sk: string, dueAt?: string) {
  await testDb().doc.send(new PutCommand({ TableName: testDb().tableName, Item: { pk, sk, ...(dueAt ? keys.due(dueAt) : {}) } }));
}

/** Until the eventually consistent index shows what `expected` says (DynamoDB Local: at once). */
async function dueOf(pk: string, now: string) {
  const page = await findDue(testDb(), new Date(now), { limit: 100 });
  return page.items.filter((i) => i.pk === pk).map((i) => [i.sk, i.dueAt]);
}

describe('the due index', () => {
  it('finds the items due by a time, oldest first, and nothing without due attributes', async () => {
    const pk = clientPartition((await newClient()).clientId);
    await putDue(pk, 'A', at(30));
    await putDue(pk, 'B', at(10));
    await putDue(pk, 'C', at(50));
    await putDue(pk, 'D');
    expect(await dueOf(pk, at(30))).toEqual([
      ['B', at(10)],
      ['A', at(30)],
    ]);
    expect(await dueOf(pk, at(5))).toEqual([]);
  });

  it('stops finding an item once a write removes its due attributes', async () => {
    const pk = clientPartition((await newClient()).clientId);
    await putDue(pk, 'A', at(1));
    expect(await dueOf(pk, at(2))).toEqual([['A', at(1)]]);
    await testDb().doc.send(new UpdateCommand({ TableName: testDb().tableName, Key: { pk, sk: 'A' }, UpdateExpression: 'REMOVE due_pk, due_sk' }));
    expect(await dueOf(pk, at(2))).toEqual([]);
  });

  it('pages through many due items', async () => {
    const pk = clientPartition((await newClient()).clientId);
    for (let i = 0; i < 5; i++) await putDue(pk, `I${i}`, at(100 + i));
    const seen: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await findDue(testDb(), new Date(at(200)), { limit: 2, startKey });
      seen.push(...page.items.filter((i) => i.pk === pk).map((i) => i.sk));
      startKey = page.next;
    } while (startKey);
    expect(seen).toEqual(['I0', 'I1', 'I2', 'I3', 'I4']);
  });
});

describe('a local table kept from before an index existed', () => {
  it('gains the missing indexes on the next start, keeping its items', async () => {
    const dynamo = await startDynamoLocal();
    const doc = createDocumentClient({ endpoint: dynamo.endpoint });
    try {
      const old = { name: 'old', ...tableDefinition };
      const [first] = tableDefinition.indexes;
      await doc.send(
        new CreateTableCommand({
          TableName: old.name,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: ['pk', 'sk', first.partitionKey, first.sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: [
            {
              IndexName: first.name,
              KeySchema: [
                { AttributeName: first.partitionKey, KeyType: 'HASH' },
                { AttributeName: first.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          ],
        }),
      );
      await doc.send(new PutCommand({ TableName: old.name, Item: { pk: 'C#cli_x', sk: 'KEPT', ...keys.due(at(1)) } }));

      await ensureTable(dynamo.endpoint, old.name);

      const { Table } = await doc.send(new DescribeTableCommand({ TableName: old.name }));
      expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(tableDefinition.indexes.map((i) => i.name).sort());
      const db = createDb(old.name, { endpoint: dynamo.endpoint });
      try {
        expect((await findDue(db, new Date(at(2)))).items).toEqual([{ pk: 'C#cli_x', sk: 'KEPT', dueAt: at(1) }]);
      } finally {
        closeDb(db);
      }
    } finally {
      doc.destroy();
      await dynamo.stop();
    }
  });
});
