import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { clientPartition, keys } from '../../lib/db/keys';
import { transactWrite, type IdempotencyClaim } from '../../lib/db/transact';
import { IdempotencyKeyInUseError, IdempotencyKeyReusedError } from '../../lib/http/errors';
import { ConcurrentWriteError, NotFoundError, ValidationError } from '../../lib/errors';
import { InvalidStateError } from '../../lib/payments/errors';
import { IDEMPOTENCY_TTL_SECONDS, runIdempotently, type IdempotentRequest } from '../../lib/http/idempotency';
import { dbFailing, faultyDb, sdkError } from '../support/faults';
import { testDb } from '../support/fixtures';

/** A clock the test moves by hand. */
function movableClock(start = Date.now()) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

let serial = 0;
function request(overrides: Partial<IdempotentRequest> = {}): IdempotentRequest {
  serial += 1;
  return {
    clientId: `cli_idem${Date.now()}${serial}`,
    routeId: 'createPayment',
    key: `key-${serial}`,
    request: { params: {}, body: { amount: 100 } },
    successStatus: 201,
    token: `req-${serial}-a`,
    inProgressMs: 10_000,
    ...overrides,
  };
}

/**
 * A use case with a real effect: it writes a marker item and completes the claim in the same
 * TransactWriteItems, as the payment use cases do.
 */
function writeMarker(input: IdempotentRequest, marker: string, data: unknown = { marker }) {
  return async (claim: IdempotencyClaim) => {
    const db = testDb();
    await transactWrite(db, [{ Put: { Item: { pk: clientPartition(input.clientId), sk: `TEST#${marker}` } } }], claim.complete(data));
    return { statusCode: 201, body: { success: true, data } };
  };
}

/**
 * Starts a request with the key and holds it inside its use case (claim taken, nothing written)
 * until `release()`; resolves once it is held.
 */
async function startHeld(clock: ReturnType<typeof movableClock>, input: IdempotentRequest, marker: string) {
  let release!: () => void;
  let started!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const running = new Promise<void>((r) => (started = r));
  const result = runIdempotently(testDb(), clock, input, async (claim) => {
    started();
    await gate;
    return writeMarker(input, marker)(claim);
  });
  await running;
  return { result, release };
}

async function markerExists(clientId: string, marker: string): Promise<boolean> {
  const db = testDb();
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: { pk: clientPartition(clientId), sk: `TEST#${marker}` } }));
  return Item !== undefined;
}

describe('runIdempotently', () => {
  it('answers IDEMPOTENCY_KEY_IN_USE while the first request with the key is still running, then replays it', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request();
    const { result: first, release } = await startHeld(clock, input, 'first');
    await expect(runIdempotently(db, clock, { ...input, token: 'req-b' }, writeMarker(input, 'second'))).rejects.toBeInstanceOf(IdempotencyKeyInUseError);
    release();
    expect(await first).toEqual({ result: { statusCode: 201, body: { success: true, data: { marker: 'first' } } }, replayed: false });
    const again = await runIdempotently(db, clock, { ...input, token: 'req-c' }, writeMarker(input, 'third'));
    expect(again).toEqual({ result: { statusCode: 201, body: { success: true, data: { marker: 'first' } } }, replayed: true });
    expect(await markerExists(input.clientId, 'second')).toBe(false);
    expect(await markerExists(input.clientId, 'third')).toBe(false);
  });

  it('refuses a different request with IDEMPOTENCY_KEY_REUSED even while the first is still running', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request();
    const { result: first, release } = await startHeld(clock, input, 'first');
    const other = { ...input, token: 'req-b', request: { params: {}, body: { amount: 200 } } };
    await expect(runIdempotently(db, clock, other, writeMarker(input, 'other'))).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    release();
    expect((await first).replayed).toBe(false);
  });

  it('refuses the key with IDEMPOTENCY_KEY_REUSED for another request, the same one with keys reordered is a replay', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request({ request: { params: { id: 'txn_1' }, body: { a: 1, b: { c: 2, d: 3 } } } });
    await runIdempotently(db, clock, input, writeMarker(input, 'first'));
    await expect(
      runIdempotently(
        db,
        clock,
        { ...input, token: 'req-b', request: { params: { id: 'txn_2' }, body: { a: 1, b: { c: 2, d: 3 } } } },
        writeMarker(input, 'other'),
      ),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    const reordered = { ...input, token: 'req-c', request: { body: { b: { d: 3, c: 2 }, a: 1 }, params: { id: 'txn_1' } } };
    expect((await runIdempotently(db, clock, reordered, writeMarker(input, 'again'))).replayed).toBe(true);
    expect(await markerExists(input.clientId, 'other')).toBe(false);
  });

  it('keeps records in the client partition with a TTL 24 hours ahead, and never the key itself', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request({ key: 'secret-looking-key' });
    await runIdempotently(db, clock, input, writeMarker(input, 'm'));
    const { Items } = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': clientPartition(input.clientId), ':prefix': keys.idempotencyPrefix },
      }),
    );
    expect(Items).toHaveLength(1);
    expect(Items![0]!.ttl).toBe(Math.floor(clock.now().getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS);
    expect(Items![0]!.status).toBe('completed');
    expect(JSON.stringify(Items)).not.toContain('secret-looking-key');
  });

  it('gives the key back when the request fails, so a retry runs afresh', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request();
    await expect(runIdempotently(db, clock, input, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const retry = await runIdempotently(db, clock, { ...input, token: 'req-b' }, writeMarker(input, 'retry'));
    expect(retry.replayed).toBe(false);
    expect(await markerExists(input.clientId, 'retry')).toBe(true);
  });

  it('lets a retry take over a claim abandoned past its time, and then refuses the late first write whole', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request({ inProgressMs: 5_000 });
    const { result: slow, release } = await startHeld(clock, input, 'slow');
    clock.advance(5_001);
    const retry = await runIdempotently(db, clock, { ...input, token: 'req-retry' }, writeMarker(input, 'retry'));
    expect(retry.replayed).toBe(false);
    release();
    await expect(slow).rejects.toBeInstanceOf(IdempotencyKeyInUseError);
    // Exactly one effect: the late request's marker was in the transaction its lost claim cancelled.
    expect(await markerExists(input.clientId, 'slow')).toBe(false);
    expect(await markerExists(input.clientId, 'retry')).toBe(true);
  });

  it('runs afresh once the record is past its 24 h TTL, even before DynamoDB deletes it', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request();
    await runIdempotently(db, clock, input, writeMarker(input, 'day-1'));
    clock.advance((IDEMPOTENCY_TTL_SECONDS + 1) * 1000);
    const later = await runIdempotently(db, clock, { ...input, token: 'req-b' }, writeMarker(input, 'day-2'));
    expect(later.replayed).toBe(false);
    expect(await markerExists(input.clientId, 'day-2')).toBe(true);
  });

  it('fails loudly, and stores nothing, when a use case answers without completing its claim', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request();
    await expect(runIdempotently(db, clock, input, async () => ({ statusCode: 201, body: { success: true, data: 1 } }))).rejects.toThrow(
      'answered without storing its response',
    );
    const retry = await runIdempotently(db, clock, { ...input, token: 'req-b' }, writeMarker(input, 'fixed'));
    expect(retry.replayed).toBe(false);
  });
});

describe('runIdempotently with the key used elsewhere', () => {
  it('refuses the same key on another route with IDEMPOTENCY_KEY_REUSED, and runs nothing', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request();
    await runIdempotently(db, clock, input, writeMarker(input, 'create'));
    const cancel = { ...input, routeId: 'cancelTransaction', token: 'req-b', successStatus: 200 };
    await expect(runIdempotently(db, clock, cancel, writeMarker(cancel, 'cancel'))).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await markerExists(input.clientId, 'cancel')).toBe(false);
  });

  it("runs another client's request with the same key and route as its own", async () => {
    const db = testDb();
    const clock = movableClock();
    const alice = request();
    const bob = { ...alice, clientId: `${alice.clientId}-bob`, token: 'req-bob' };
    await runIdempotently(db, clock, alice, writeMarker(alice, 'alice'));
    expect((await runIdempotently(db, clock, bob, writeMarker(bob, 'bob'))).replayed).toBe(false);
    expect(await markerExists(bob.clientId, 'bob')).toBe(true);
  });
});

describe('runIdempotently with a refusal', () => {
  it('stores a 409 refusal and replays it, status and body, instead of running the request again', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request();
    const refusal = new InvalidStateError('settled', 'cancel');
    await expect(runIdempotently(db, clock, input, async () => Promise.reject(refusal))).rejects.toBe(refusal);
    const again = await runIdempotently(db, clock, { ...input, token: 'req-b' }, writeMarker(input, 'later'));
    expect(again).toEqual({
      result: { statusCode: 409, body: { success: false, error: { code: 'INVALID_STATE', message: 'Cannot cancel a transaction whose status is settled' } } },
      replayed: true,
    });
    expect(await markerExists(input.clientId, 'later')).toBe(false);
  });

  it('stores a 404 refusal, and a different request with its key is still IDEMPOTENCY_KEY_REUSED', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request();
    await expect(runIdempotently(db, clock, input, async () => Promise.reject(new NotFoundError('Transaction not found')))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const other = { ...input, token: 'req-b', request: { params: {}, body: { amount: 200 } } };
    await expect(runIdempotently(db, clock, other, writeMarker(other, 'other'))).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect((await runIdempotently(db, clock, { ...input, token: 'req-c' }, writeMarker(input, 'same'))).result.statusCode).toBe(404);
  });

  it.each([
    ['a validation error (400)', () => new ValidationError([{ field: 'amount', message: 'must be at least 1' }])],
    ['a colliding write (429)', () => new ConcurrentWriteError()],
  ])('does not store %s: a retry with the key runs afresh', async (_name, error) => {
    const db = testDb();
    const clock = movableClock();
    const input = request();
    await expect(runIdempotently(db, clock, input, async () => Promise.reject(error()))).rejects.toBeDefined();
    const retry = await runIdempotently(db, clock, { ...input, token: 'req-b' }, writeMarker(input, 'retry'));
    expect(retry.replayed).toBe(false);
    expect(await markerExists(input.clientId, 'retry')).toBe(true);
  });

  it('answers IDEMPOTENCY_KEY_IN_USE for a refusal whose claim was taken over, and keeps the answer of the request that took it', async () => {
    const db = testDb();
    const clock = movableClock();
    const input = request({ inProgressMs: 5_000 });
    let release!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const running = new Promise<void>((r) => (started = r));
    const slow = runIdempotently(db, clock, input, async () => {
      started();
      await gate;
      throw new InvalidStateError('settled', 'cancel');
    });
    await running;
    clock.advance(5_001);
    const retry = await runIdempotently(db, clock, { ...input, token: 'req-retry' }, writeMarker(input, 'retry'));
    expect(retry.replayed).toBe(false);
    release();
    await expect(slow).rejects.toBeInstanceOf(IdempotencyKeyInUseError);
    const replay = await runIdempotently(db, clock, { ...input, token: 'req-c' }, writeMarker(input, 'third'));
    expect(replay).toEqual({ result: retry.result, replayed: true });
  });
});

describe('runIdempotently when DynamoDB misbehaves', () => {
  it("keeps its claim when the claim's response is lost and the SDK sends it again", async () => {
    let lost = false;
    const db = faultyDb(async (command, send) => {
      const out = await send();
      if (command === 'PutItemCommand' && !lost) {
        lost = true;
        throw sdkError('TimeoutError');
      }
      return out;
    });
    const input = request();
    const result = await runIdempotently(db, movableClock(), input, writeMarker(input, 'once'));
    expect(lost).toBe(true);
    expect(result.replayed).toBe(false);
    expect(await markerExists(input.clientId, 'once')).toBe(true);
  });

  it("answers IDEMPOTENCY_KEY_IN_USE when the claim collides with the first request's completing write", async () => {
    const db = dbFailing('PutItemCommand', sdkError('TransactionConflictException'));
    const input = request();
    await expect(runIdempotently(db, movableClock(), input, writeMarker(input, 'never'))).rejects.toBeInstanceOf(IdempotencyKeyInUseError);
    expect(await markerExists(input.clientId, 'never')).toBe(false);
  });

  it("answers the request's own error when giving the key back fails, and the key frees itself later", async () => {
    const db = dbFailing('DeleteItemCommand', sdkError('InternalServerError'));
    const clock = movableClock();
    const input = request({ inProgressMs: 5_000 });
    await expect(runIdempotently(db, clock, input, async () => Promise.reject(new ConcurrentWriteError()))).rejects.toBeInstanceOf(ConcurrentWriteError);
    await expect(runIdempotently(testDb(), clock, { ...input, token: 'req-b' }, writeMarker(input, 'early'))).rejects.toBeInstanceOf(IdempotencyKeyInUseError);
    clock.advance(5_001);
    expect((await runIdempotently(testDb(), clock, { ...input, token: 'req-c' }, writeMarker(input, 'later'))).replayed).toBe(false);
  });

  it('answers the failure (a 500), not a refusal it could not store, and gives the key back for a retry', async () => {
    const db = dbFailing('UpdateItemCommand', sdkError('InternalServerError'));
    const clock = movableClock();
    const input = request();
    await expect(runIdempotently(db, clock, input, async () => Promise.reject(new InvalidStateError('settled', 'cancel')))).rejects.toMatchObject({
      name: 'InternalServerError',
    });
    const retry = await runIdempotently(testDb(), clock, { ...input, token: 'req-b' }, writeMarker(input, 'retry'));
    expect(retry.replayed).toBe(false);
    expect(await markerExists(input.clientId, 'retry')).toBe(true);
  });
});
