import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/db';
import type { DueItem } from '../../lib/db/due';
import { clientPartition, keys } from '../../lib/db/keys';
import { sweep } from '../../lib/sweep/sweep';
import { newClient, testDb } from '../support/fixtures';

/**
 * The sweep runner, with handlers of its own: what each kind does is tested with that kind.
 * Dates are in 2002, so that no other test's due items fall in range; each test's handlers only
 * act on its own client's items (others' items in range are left due, as an unknown kind).
 */

const at = (minute: number) => new Date(Date.UTC(2002, 0, 1, 0, minute)).toISOString();

async function putDue(pk: string, sk: string, dueAt: string) {
  await testDb().doc.send(new PutCommand({ TableName: testDb().tableName, Item: { pk, sk, ...keys.due(dueAt) } }));
}

/** A handler that settles its item: records it, then removes its due attributes. */
function settling(pk: string, log: string[]) {
  return async (db: Db, item: DueItem) => {
    if (item.pk !== pk) return;
    log.push(item.sk);
    await db.doc.send(new UpdateCommand({ TableName: db.tableName, Key: { pk: item.pk, sk: item.sk }, UpdateExpression: 'REMOVE due_pk, due_sk' }));
  };
}

describe('sweep', () => {
  it('hands each due item to the handler of its kind, oldest first, and leaves what is not due yet', async () => {
    const pk = clientPartition((await newClient()).clientId);
    await putDue(pk, 'AAA#2', at(2));
    await putDue(pk, 'BBB#1', at(1));
    await putDue(pk, 'AAA#9', at(9));
    const log: string[] = [];
    await sweep(testDb(), new Date(at(5)), { 'AAA#': settling(pk, log), 'BBB#': settling(pk, log) }, { concurrency: 1 });
    expect(log).toEqual(['BBB#1', 'AAA#2']);
    log.length = 0;
    await sweep(testDb(), new Date(at(5)), { 'AAA#': settling(pk, log), 'BBB#': settling(pk, log) }, { concurrency: 1 });
    expect(log).toEqual([]);
    await sweep(testDb(), new Date(at(10)), { 'AAA#': settling(pk, log) }, { concurrency: 1 });
    expect(log).toEqual(['AAA#9']);
  });

  it('keeps an item whose handler fails due, goes on with the others, and settles it on a later pass', async () => {
    const pk = clientPartition((await newClient()).clientId);
    await putDue(pk, 'CCC#1', at(1));
    await putDue(pk, 'CCC#2', at(2));
    const log: string[] = [];
    const settle = settling(pk, log);
    let broken = true;
    const flaky = async (db: Db, item: DueItem) => {
      if (item.pk === pk && item.sk === 'CCC#1' && broken) throw new Error('receiver down');
      await settle(db, item);
    };
    const first = await sweep(testDb(), new Date(at(3)), { 'CCC#': flaky }, { concurrency: 1 });
    expect(first.failed).toBeGreaterThanOrEqual(1);
    expect(log).toEqual(['CCC#2']);
    broken = false;
    await sweep(testDb(), new Date(at(3)), { 'CCC#': flaky }, { concurrency: 1 });
    expect(log).toEqual(['CCC#2', 'CCC#1']);
  });

  it('does at most maxItems in one pass and says there is more', async () => {
    const pk = clientPartition((await newClient()).clientId);
    for (let i = 0; i < 3; i++) await putDue(pk, `DDD#${i}`, at(20 + i));
    const log: string[] = [];
    const result = await sweep(testDb(), new Date(at(22)), { 'DDD#': settling(pk, log) }, { maxItems: 1, concurrency: 1 });
    expect(result.more).toBe(true);
    expect(log.length).toBeLessThanOrEqual(1);
    while ((await sweep(testDb(), new Date(at(22)), { 'DDD#': settling(pk, log) }, { concurrency: 1 })).more);
    expect(log.sort()).toEqual(['DDD#0', 'DDD#1', 'DDD#2']);
  });
});
