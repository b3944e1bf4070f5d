import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientPartition, keys } from '../../lib/db/keys';
import { IdempotencyKeyInUseError } from '../../lib/http/errors';
import { IDEMPOTENCY_TTL_SECONDS, runIdempotently } from '../../lib/http/idempotency';
import { testDb } from '../support/fixtures';

const context = { getRemainingTimeInMillis: () => 10_000, functionName: 'test', awsRequestId: 'r' } as unknown as Context;

describe('runIdempotently', () => {
  it('answers IDEMPOTENCY_KEY_IN_USE while the first request with the key is still running', async () => {
    const db = testDb();
    let release!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const running = new Promise<void>((r) => (started = r));
    const input = { clientId: `cli_inflight${Date.now()}`, routeId: 'createPayment', key: 'k-1', request: { params: {}, body: { a: 1 } } };
    const first = runIdempotently(db, context, input, async () => {
      // Powertools has claimed the key before it calls us.
      started();
      await gate;
      return { statusCode: 201, body: { success: true, data: 1 } };
    });
    await running;
    await expect(runIdempotently(db, context, input, async () => ({ statusCode: 201, body: {} }))).rejects.toBeInstanceOf(
      IdempotencyKeyInUseError,
    );
    release();
    expect(await first).toEqual({ statusCode: 201, headers: {}, body: { success: true, data: 1 }, replayed: undefined });
    expect((await runIdempotently(db, context, input, async () => ({ statusCode: 500, body: {} }))).replayed).toBe(true);
  });

  it('keeps records in the client partition with a TTL 24 hours ahead', async () => {
    const db = testDb();
    const clientId = `cli_ttl${Date.now()}`;
    const before = Math.floor(Date.now() / 1000);
    await runIdempotently(db, context, { clientId, routeId: 'createPayment', key: 'k-2', request: { params: {}, body: {} } }, async () => ({
      statusCode: 201,
      body: {},
    }));
    const { Items } = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': clientPartition(clientId), ':prefix': keys.idempotencyPrefix('createPayment') },
      }),
    );
    expect(Items).toHaveLength(1);
    expect(Items![0]!.ttl).toBeGreaterThanOrEqual(before + IDEMPOTENCY_TTL_SECONDS);
    expect(Items![0]!.ttl).toBeLessThanOrEqual(before + IDEMPOTENCY_TTL_SECONDS + 5);
    expect(JSON.stringify(Items)).not.toContain('k-2');
  });

  it('deletes the record when the request fails, so a retry runs again', async () => {
    const db = testDb();
    const input = { clientId: `cli_fail${Date.now()}`, routeId: 'createPayment', key: 'k-3', request: { params: {}, body: {} } };
    await expect(runIdempotently(db, context, input, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const retry = await runIdempotently(db, context, input, async () => ({ statusCode: 201, body: { ok: true } }));
    expect(retry).toMatchObject({ statusCode: 201, body: { ok: true } });
    expect(retry.replayed).toBeUndefined();
  });
});
