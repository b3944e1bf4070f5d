import { describe, expect, inject, it } from 'vitest';
import { encodeCursor, filterFingerprint } from '../../lib/db/cursor';
import { newId } from '../../lib/ids';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, simulate } from '../support/payments';

describe('GET /settlements', () => {
  it('records a payment entry on settle and a negative refund entry per refund, newest first', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key, { payment_method: 'card', payment_channel: 'credit_card', amount: 10_000 });
    await simulate(key, txn.id, 'settle');
    const refund = (await call('POST', '/refund', { key, body: { transaction_id: txn.id, amount: 3_000 } })).body.data;
    const res = await call('GET', '/settlements', { key });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ limit: 20, has_more: false, next_cursor: null });
    const [refundEntry, paymentEntry] = res.body.data;
    expect(paymentEntry).toEqual({
      id: expect.stringMatching(/^stl_/),
      type: 'payment',
      transaction_id: txn.id,
      refund_id: null,
      order_id: txn.order_id,
      payment_method: 'card',
      payment_channel: 'credit_card',
      currency: 'IDR',
      gross_amount: 10_000,
      fee: 2_290,
      net_amount: 7_710,
      settled_at: expect.any(String),
    });
    expect(refundEntry).toEqual({
      ...paymentEntry,
      id: expect.stringMatching(/^stl_/),
      type: 'refund',
      refund_id: refund.id,
      gross_amount: -3_000,
      fee: 0,
      net_amount: -3_000,
      settled_at: refund.created_at,
    });
    const balance = res.body.data.reduce((sum: number, e: any) => sum + e.net_amount, 0);
    expect(balance).toBe(4_710);
  });

  it('filters by type, transaction_id and settled_at range, and pages with a cursor bound to the client', async () => {
    const alice = await newClient();
    const a = await createPaymentVia(alice.key);
    const b = await createPaymentVia(alice.key);
    await simulate(alice.key, a.id, 'settle');
    const bSettled = (await simulate(alice.key, b.id, 'settle')).body.data;
    await call('POST', '/refund', { key: alice.key, body: { transaction_id: a.id, amount: 1_000 } });
    const get = async (q: string) => (await call('GET', `/settlements?${q}`, { key: alice.key })).body;

    expect((await get('type=payment')).data.map((e: any) => e.transaction_id).sort()).toEqual([a.id, b.id].sort());
    expect((await get('type=refund')).data.map((e: any) => e.transaction_id)).toEqual([a.id]);
    expect((await get(`transaction_id=${b.id}`)).data).toHaveLength(1);
    expect((await get(`from=${bSettled.settled_at}`)).data.map((e: any) => e.type)).toEqual(['refund', 'payment']);
    expect((await get(`to=${bSettled.settled_at}`)).data.map((e: any) => e.transaction_id)).toEqual([a.id]);

    const first = await get('limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.pagination.has_more).toBe(true);
    const second = await get(`limit=2&cursor=${encodeURIComponent(first.pagination.next_cursor)}`);
    expect(second.data).toHaveLength(1);
    expect(second.pagination).toEqual({ limit: 2, has_more: false, next_cursor: null });

    const bob = await newClient();
    const stolen = await call('GET', `/settlements?cursor=${encodeURIComponent(first.pagination.next_cursor)}`, { key: bob.key });
    expect(stolen.status).toBe(400);
    expect((await call('GET', '/settlements', { key: bob.key })).body.data).toEqual([]);
  });

  it('refuses a cursor signed with the key that used to be in the source, and takes the same one signed with its own secret', async () => {
    const { key, clientId } = await newClient();
    const handMade = (secret: string) => encodeCursor(Buffer.from(secret), clientId, filterFingerprint({ kind: 'settlement' }), newId('settlement'));

    const forged = await call('GET', `/settlements?cursor=${encodeURIComponent(handMade('payment-sandbox/cursor/v1'))}`, { key });
    expect(forged.status).toBe(400);
    expect(forged.body.error.details).toEqual([{ field: 'cursor', message: 'is not a valid cursor for this request' }]);
    const genuine = await call('GET', `/settlements?cursor=${encodeURIComponent(handMade(inject('cursorSecret')))}`, { key });
    expect(genuine.status).toBe(200);
  });

  it.each([
    ['type=chargeback', 'type'],
    ['from=yesterday', 'from'],
    ['from=2026-11-22T01:00:00Z&to=2026-11-22T00:00:00Z', 'to'],
    ['transaction_id=abc', 'transaction_id'],
    ['transaction_id=txn_01arz3ndektsv4rrffq69g5fav', 'transaction_id'],
    ['transaction_id=txn_81ARZ3NDEKTSV4RRFFQ69G5FAV', 'transaction_id'],
    ['limit=0', 'limit'],
    ['status=settled', 'status'],
  ])('rejects %s with 400 naming %s', async (query, field) => {
    const { key } = await newClient();
    const res = await call('GET', `/settlements?${query}`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: any) => d.field)).toEqual([field]);
  });

  it('needs settlements:read', async () => {
    const { key } = await newClient(['transactions:read']);
    expect((await call('GET', '/settlements', { key })).status).toBe(403);
  });
});
