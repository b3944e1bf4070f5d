import { afterAll, describe, expect, inject, it } from 'vitest';
import { closeDb, createDb, withPrefetched } from '../../lib/db/client';
import { Prefetched } from '../../lib/db/prefetch';
import { getItem, putItem } from '../../lib/db/requests';

// What admission reads ahead (lib/db/prefetch.ts) answers the use case's first read of it, once,
// and nothing else: every other read still goes to the run's DynamoDB Local.

const db = createDb(inject('tableName'), { endpoint: inject('dynamoEndpoint') });
let gets = 0;
db.client.middlewareStack.add(
  (next, context) => async (args) => {
    if (context.commandName === 'GetItemCommand') gets += 1;
    return next(args);
  },
  { step: 'initialize', name: 'countGets' },
);
afterAll(() => closeDb(db));

const key = { pk: `C#cli_prefetch_${Date.now()}`, sk: 'TXN#txn_1' };

describe('an item read ahead', () => {
  it('answers the first strongly consistent read of it without a call, and the next one from the table', async () => {
    await putItem(db, { Item: { ...key, status: 'cancelled' } });
    const ahead = withPrefetched(db, new Prefetched([[key, { ...key, status: 'pending' }]]));
    gets = 0;
    expect(await getItem(ahead, { Key: key, ConsistentRead: true })).toEqual({ ...key, status: 'pending' });
    expect(gets).toBe(0);
    expect(await getItem(ahead, { Key: key, ConsistentRead: true })).toEqual({ ...key, status: 'cancelled' });
    expect(gets).toBe(1);
  });

  it('answers "absent" for an item read ahead and not found', async () => {
    const missing = { pk: key.pk, sk: 'TXN#txn_none' };
    const ahead = withPrefetched(db, new Prefetched([[missing, undefined]]));
    gets = 0;
    expect(await getItem(ahead, { Key: missing, ConsistentRead: true })).toBeUndefined();
    expect(gets).toBe(0);
  });

  it('never answers an eventually consistent read, a projection or another item', async () => {
    await putItem(db, { Item: { ...key, status: 'cancelled' } });
    const other = { pk: key.pk, sk: 'TXN#txn_2' };
    const ahead = withPrefetched(db, new Prefetched([[key, { ...key, status: 'pending' }]]));
    gets = 0;
    expect(await getItem(ahead, { Key: key })).toEqual({ ...key, status: 'cancelled' });
    expect(await getItem(ahead, { Key: key, ConsistentRead: true, ProjectionExpression: '#s', ExpressionAttributeNames: { '#s': 'status' } })).toEqual({
      status: 'cancelled',
    });
    expect(await getItem(ahead, { Key: other, ConsistentRead: true })).toBeUndefined();
    expect(gets).toBe(3);
    // The table's own Db has no read-ahead at all.
    expect(await getItem(db, { Key: key, ConsistentRead: true })).toEqual({ ...key, status: 'cancelled' });
  });
});
