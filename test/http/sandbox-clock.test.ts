import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lib/db/keys';
import { idTime } from '../../lib/ids';
import { call, newClient, testDb } from '../support/fixtures';
import { createPaymentVia, storedItem } from '../support/payments';
import { advance, clockOf } from '../support/sandbox-clock';
import { startReceiver, verified } from '../support/webhook-receiver';

/** The per-client clock (docs/api.md §12) through the local server. */

const HOUR = 3_600;

/**
 * Runs `read` between two readings of this machine's clock, which the server shares: a time it
 * answers `offsetMs` ahead of real time lies between them, however long the request took.
 */
async function bracketed<T>(read: () => Promise<T>, offsetMs = 0) {
  const before = Date.now() + offsetMs;
  const value = await read();
  const after = Date.now() + offsetMs;
  return { value, within: (iso: string) => before <= Date.parse(iso) && Date.parse(iso) <= after, before, after };
}

const clientItem = async (clientId: string) =>
  (await testDb().doc.send(new GetCommand({ TableName: testDb().tableName, Key: keys.client(clientId), ConsistentRead: true }))).Item!;

describe('GET /sandbox/clock', () => {
  it('shows real time and offset 0 for a client that never advanced', async () => {
    const { key } = await newClient();
    const { value: clock, within } = await bracketed(() => clockOf(key));
    expect(clock.offset_seconds).toBe(0);
    expect(within(clock.now), clock.now).toBe(true);
  });

  it('refuses a key without sandbox:simulate with 403, for the read and for an advance', async () => {
    const { key } = await newClient(['transactions:write', 'transactions:read']);
    for (const res of [await call('GET', '/sandbox/clock', { key }), await advance(key, { seconds: 60 })]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: 'Insufficient permissions for this operation' });
    }
  });
});

describe('POST /sandbox/clock/advance', () => {
  it('moves the clock ahead and answers it; GET shows the offset, and new payments are dated on it', async () => {
    const { key } = await newClient();
    const moved = await bracketed(() => advance(key, { seconds: HOUR }), HOUR * 1000);
    const res = moved.value;
    expect(res.status).toBe(200);
    expect(res.body.data.offset_seconds).toBe(HOUR);
    expect(moved.within(res.body.data.now), res.body.data.now).toBe(true);

    const clock = await clockOf(key);
    expect(clock.offset_seconds).toBe(HOUR);
    const created = await bracketed(() => createPaymentVia(key), HOUR * 1000);
    const txn = created.value;
    expect(created.within(txn.created_at), txn.created_at).toBe(true);
    // Its id is dated on the same clock, so id order and created_at filters agree.
    expect(idTime(txn.id).toISOString()).toBe(txn.created_at);
    expect(Date.parse(txn.expires_at) - Date.parse(txn.created_at)).toBe(1_440 * 60_000);
  });

  it('moves to a `to` instant and answers it: the clock reads `to` plus the time the advance took', async () => {
    const { key } = await newClient();
    const to = new Date(Date.now() + 2 * HOUR * 1000).toISOString();
    // The offset (in milliseconds) is `to` less the advance's own reading of real time, which lies between these two.
    const { value: res, before, after } = await bracketed(() => advance(key, { to }));
    expect(res.status).toBe(200);
    const offset = Math.round(res.body.data.offset_seconds * 1000);
    expect(offset).toBeGreaterThanOrEqual(Date.parse(to) - after);
    expect(offset).toBeLessThanOrEqual(Date.parse(to) - before);
    expect(Date.parse(res.body.data.now)).toBeGreaterThanOrEqual(Date.parse(to));
    expect(Date.parse(res.body.data.now)).toBeLessThanOrEqual(after + offset);
  });

  it("filters transactions and events by created_from on the client's clock", async () => {
    const { key } = await newClient();
    const before = await createPaymentVia(key);
    const moved = (await advance(key, { seconds: 2 * HOUR })).body.data;
    const after = await createPaymentVia(key);
    const from = new Date(Date.parse(moved.now) - HOUR * 1000).toISOString();

    const listed = await call('GET', `/transactions?created_from=${from}`, { key });
    expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual([after.id]);
    const older = await call('GET', `/transactions?created_to=${from}`, { key });
    expect(older.body.data.map((t: { id: string }) => t.id)).toEqual([before.id]);
    const events = await call('GET', `/events?type=payment.created&created_from=${from}`, { key });
    expect(events.body.data.map((e: any) => e.data.object.id)).toEqual([after.id]);
  });

  it.each([
    ['a `to` before the client’s now', () => ({ to: new Date(Date.now() - HOUR * 1000).toISOString() }), 'to'],
    ['a `to` equal to a now already passed', () => ({ to: new Date().toISOString() }), 'to'],
  ])('refuses %s with 400 VALIDATION_ERROR saying the clock never goes backwards', async (_, body, field) => {
    const { key } = await newClient();
    const res = await advance(key, body());
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ field, message: expect.stringContaining('never goes backwards') }]);
    expect((await clockOf(key)).offset_seconds).toBe(0);
  });

  it('refuses a `to` behind a clock already advanced, though it is ahead of real time', async () => {
    const { key } = await newClient();
    await advance(key, { seconds: 2 * HOUR });
    const res = await advance(key, { to: new Date(Date.now() + HOUR * 1000).toISOString() });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('to');
    expect((await clockOf(key)).offset_seconds).toBe(2 * HOUR);
  });

  it.each([
    [{}, 'seconds'],
    [{ seconds: 60, to: '2999-01-01T00:00:00.000Z' }, 'to'],
    [{ seconds: 0 }, 'seconds'],
    [{ seconds: 31_536_001 }, 'seconds'],
    [{ seconds: 1.5 }, 'seconds'],
    [{ seconds: '60' }, 'seconds'],
    [{ to: 'tomorrow' }, 'to'],
    [{ minutes: 5, seconds: 60 }, 'minutes'],
  ])('refuses %j with 400 VALIDATION_ERROR naming %s, and moves nothing', async (body, field) => {
    const { key } = await newClient();
    const res = await advance(key, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await clockOf(key)).offset_seconds).toBe(0);
  });

  it('expires pending bank transfers passed by a 25 h advance, dated expires_at, with events and webhooks; another client stays as it was', async () => {
    const receiver = await startReceiver();
    try {
      const mine = await newClient();
      const other = await newClient();
      const endpoint = await call('POST', '/webhook/endpoints', { key: mine.key, body: { url: receiver.url, enabled_events: ['payment.expired'] } });
      expect(endpoint.status).toBe(201);
      const body = { payment_method: 'bank_transfer', payment_channel: 'bca_va' };
      const payments = [await createPaymentVia(mine.key, body), await createPaymentVia(mine.key, body)];
      const others = [await createPaymentVia(other.key, body), await createPaymentVia(other.key, body)];

      const res = await advance(mine.key, { seconds: 25 * HOUR });

      expect(res.status).toBe(200);
      expect(res.body.data.offset_seconds).toBe(25 * HOUR);
      for (const txn of payments) {
        // Applied before the answer: the table says so already, not only the read.
        expect(await storedItem(mine.clientId, txn.id)).toMatchObject({ status: 'expired', expired_at: txn.expires_at, updated_at: txn.expires_at });
        const shown = (await call('GET', `/transaction/${txn.id}`, { key: mine.key })).body.data;
        expect(shown).toMatchObject({ status: 'expired', expired_at: txn.expires_at });
        const events = (await call('GET', `/events?type=payment.expired&transaction_id=${txn.id}`, { key: mine.key })).body.data;
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ type: 'payment.expired', created_at: txn.expires_at, data: { object: shown } });
      }
      const delivered = await receiver.waitFor(2, { timeoutMs: 20_000 });
      const objects = delivered.map((request) => (verified(endpoint.body.data.secret, request) as any).data.object);
      expect(objects.map((o: { id: string }) => o.id).sort()).toEqual(payments.map((t) => t.id).sort());
      expect(objects.every((o: { status: string }) => o.status === 'expired')).toBe(true);

      for (const txn of others) {
        expect((await storedItem(other.clientId, txn.id)).status).toBe('pending');
        expect((await call('GET', `/transaction/${txn.id}`, { key: other.key })).body.data.status).toBe('pending');
      }
      expect((await clockOf(other.key)).offset_seconds).toBe(0);
      expect((await call('GET', '/events?type=payment.expired', { key: other.key })).body.data).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('applies items due at different times in due order, each dated its own due time', async () => {
    const { key } = await newClient();
    const settle = await createPaymentVia(key, { expiry_minutes: 120, sandbox: { outcome: 'settle', after_seconds: 10 } });
    const fail = await createPaymentVia(key, { expiry_minutes: 120, sandbox: { outcome: 'fail', after_seconds: 1_800 } });
    const expire = await createPaymentVia(key, { expiry_minutes: 60 });

    expect((await advance(key, { seconds: 2 * HOUR })).status).toBe(200);

    const newestFirst = (await call('GET', '/events?type=payment.settled,payment.failed,payment.expired', { key })).body.data;
    const inRecordingOrder = [...newestFirst].reverse();
    expect(inRecordingOrder.map((e: any) => [e.type, e.data.object.id, e.created_at])).toEqual([
      ['payment.settled', settle.id, new Date(Date.parse(settle.created_at) + 10_000).toISOString()],
      ['payment.failed', fail.id, new Date(Date.parse(fail.created_at) + 1_800_000).toISOString()],
      ['payment.expired', expire.id, expire.expires_at],
    ]);
  });
});

describe('POST /sandbox/reset', () => {
  it("sets the client's clock back to real time", async () => {
    const { clientId, key } = await newClient();
    await advance(key, { seconds: 5 * HOUR });

    expect((await call('POST', '/sandbox/reset', { key })).status).toBe(200);

    const { value: clock, within } = await bracketed(() => clockOf(key));
    expect(clock.offset_seconds).toBe(0);
    expect(within(clock.now), clock.now).toBe(true);
    const item = await clientItem(clientId);
    expect(item.clock_offset_ms).toBeUndefined();
    expect(item.due_pk).toBeUndefined();
    const created = await bracketed(() => createPaymentVia(key));
    expect(created.within(created.value.created_at), created.value.created_at).toBe(true);
  });
});
