import { afterAll, describe, expect, inject, it } from 'vitest';
import { blockCap, RequestCounter } from '../../lib/auth/request-counter';
import { closeDb, createDb } from '../../lib/db/client';
import { keys } from '../../lib/db/keys';
import { getItem } from '../../lib/db/requests';
import { newClient } from '../support/fixtures';

// The per-client requests-per-second budget (docs/limits.md) as containers share it: each
// RequestCounter is one container's, all of them on the run's DynamoDB Local. Every request is
// stamped inside one fixed second, so nothing depends on how fast the machine is.

const db = createDb(inject('tableName'), { endpoint: inject('dynamoEndpoint') });
let counterWrites = 0;
db.client.middlewareStack.add(
  (next, context) => async (args) => {
    if (context.commandName === 'UpdateItemCommand') counterWrites += 1;
    return next(args);
  },
  { step: 'initialize', name: 'countCounterWrites' },
);
afterAll(() => closeDb(db));

const LIMIT = 50;
const second = Math.floor(Date.now() / 1000) + 3600;
const at = (s = second) => new Date(s * 1000 + 500);

const stored = async (clientId: string, s = second) =>
  (await getItem(db, { Key: keys.requestCounter(clientId, s), ConsistentRead: true }))?.count as number | undefined;

async function send(counter: RequestCounter, clientId: string, requests: number, limit = LIMIT, s = second): Promise<boolean[]> {
  const admitted: boolean[] = [];
  for (let i = 0; i < requests; i++) admitted.push(await counter.count(db, clientId, at(s), limit));
  return admitted;
}

describe('the requests-per-second budget across containers', () => {
  it('admits exactly the limit in a second through one container, with a counter write per block rather than per request', async () => {
    const { clientId } = await newClient();
    counterWrites = 0;
    const admitted = await send(new RequestCounter(), clientId, LIMIT + 10);
    expect(admitted.slice(0, LIMIT).every(Boolean)).toBe(true);
    expect(admitted.slice(LIMIT).some(Boolean)).toBe(false);
    expect(await stored(clientId)).toBe(LIMIT);
    // Blocks of 1, 2, 4, then blockCap (5 for 50) up to 47; 5 more no longer fit, so 1, then 2 (14
    // writes for the 50); the 51st finds neither 4 nor 1 free (2 failed writes) and the 9 after it
    // are refused without a call.
    expect(blockCap(LIMIT)).toBe(5);
    expect(counterWrites).toBe(16);
  });

  it('lets requests that arrive at once through one container wait for one reservation rather than each write their own', async () => {
    const { clientId } = await newClient();
    const counter = new RequestCounter();
    counterWrites = 0;
    const admitted = await Promise.all(Array.from({ length: 32 }, () => counter.count(db, clientId, at(), 1_000)));
    expect(admitted.every(Boolean)).toBe(true);
    // The first request's block of 1; the 31 that waited for it reserve one block big enough for them all.
    expect(counterWrites).toBe(2);
    expect(await stored(clientId)).toBe(32);
  });

  it('never admits more than the limit at once through one container, refusing the rest', async () => {
    const { clientId } = await newClient();
    const counter = new RequestCounter();
    const admitted = await Promise.all(Array.from({ length: LIMIT + 20 }, () => counter.count(db, clientId, at(), LIMIT)));
    expect(admitted.filter(Boolean)).toHaveLength(LIMIT);
    expect(await stored(clientId)).toBe(LIMIT);
  });

  it('never admits more than the limit between containers, and admits all of it once each has been refused', async () => {
    const { clientId } = await newClient();
    const containers = [new RequestCounter(), new RequestCounter(), new RequestCounter()];
    const admitted: boolean[] = [];
    for (let round = 0; round < 30; round++) {
      admitted.push(...(await Promise.all(containers.map((counter) => counter.count(db, clientId, at(), LIMIT)))));
    }
    // A container is refused only when it holds nothing and the counter is full: by then every
    // request reserved has been used.
    expect(admitted.filter(Boolean)).toHaveLength(LIMIT);
    expect(await stored(clientId)).toBe(LIMIT);
  });

  it('gives a request back to its container: the next request of that second is admitted without a write', async () => {
    const { clientId } = await newClient();
    const counter = new RequestCounter();
    expect(await send(counter, clientId, 3, 3)).toEqual([true, true, true]);
    counter.uncount(db, clientId, second);
    counterWrites = 0;
    expect(await send(counter, clientId, 2, 3)).toEqual([true, false]);
    expect(counterWrites).toBe(1);
    expect(await stored(clientId)).toBe(3);
  });

  it('starts every second with the whole budget, and counts a late request in its own second', async () => {
    const { clientId } = await newClient();
    const counter = new RequestCounter();
    expect(await send(counter, clientId, 4, 3)).toEqual([true, true, true, false]);
    expect(await send(counter, clientId, 4, 3, second + 1)).toEqual([true, true, true, false]);
    // Stamped in the second before, answered after the next began: it reserves from its own second's counter.
    expect(await send(counter, clientId, 1, 3)).toEqual([false]);
    const other = await newClient();
    await send(counter, other.clientId, 1, 3, second + 1);
    expect(await send(counter, other.clientId, 1, 3)).toEqual([true]);
    expect(await stored(other.clientId)).toBe(1);
    expect(await stored(other.clientId, second + 1)).toBe(1);
  });
});
