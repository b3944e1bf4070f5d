import { describe, expect, inject, it } from 'vitest';
import { encodeCursor, filterFingerprint } from '../../lib/db/cursor';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, simulate } from '../support/payments';

async function createMany(key: string, count: number, overrides: (i: number) => Record<string, unknown> = () => ({})) {
  const created: any[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, j) => createPaymentVia(key, overrides(start + j)));
    created.push(...(await Promise.all(batch)));
  }
  return created;
}

async function pageThrough(key: string, query: string, onPage?: () => Promise<unknown>) {
  const seen: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await call('GET', `/transactions?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { key });
    expect(res.status).toBe(200);
    seen.push(...res.body.data);
    expect(res.body.pagination.next_cursor === null).toBe(!res.body.pagination.has_more);
    cursor = res.body.pagination.next_cursor;
    pages++;
    await onPage?.();
  } while (cursor);
  return { seen, pages };
}

describe('GET /transactions', () => {
  it('visits each of 250 transactions exactly once with limit=7, newest first, while more are being created', async () => {
    const { key } = await newClient();
    const originals = await createMany(key, 250);
    const extra: any[] = [];
    const { seen, pages } = await pageThrough(key, 'limit=7', async () => {
      extra.push(await createPaymentVia(key));
    });
    const ids = seen.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    const originalIds = new Set(originals.map((t) => t.id));
    const extraIds = new Set(extra.map((t) => t.id));
    expect(ids.filter((id) => originalIds.has(id))).toHaveLength(250);
    expect(ids.every((id) => originalIds.has(id) || extraIds.has(id))).toBe(true);
    expect(pages).toBeGreaterThanOrEqual(36);
    expect([...ids].sort().reverse()).toEqual(ids);
  }, 240_000); // about 16 s alone on 2 idle cores: ample for a machine twice as slow and busy

  it('fills pages with matches even when the status filter discards most items', async () => {
    const { key } = await newClient();
    const created = await createMany(key, 40);
    const settled = created.filter((_, i) => i % 8 === 0);
    for (const t of settled) await simulate(key, t.id, 'settle');
    const first = await call('GET', '/transactions?status=settled&limit=3', { key });
    expect(first.body.data).toHaveLength(3);
    expect(first.body.data.every((t: any) => t.status === 'settled')).toBe(true);
    const { seen } = await pageThrough(key, 'status=settled&limit=2');
    expect(seen.map((t) => t.id).sort()).toEqual(settled.map((t) => t.id).sort());
  }, 60_000);

  it('filters by several comma-separated statuses, method, channel and order_id', async () => {
    const { key } = await newClient();
    const [a, b, c, d] = await Promise.all([
      createPaymentVia(key, { payment_method: 'ewallet', payment_channel: 'gopay', amount: 50_000 }),
      createPaymentVia(key, { payment_method: 'ewallet', payment_channel: 'ovo', amount: 50_000 }),
      createPaymentVia(key),
      createPaymentVia(key),
    ]);
    await simulate(key, b.id, 'fail');
    await call('POST', `/transaction/${c.id}/cancel`, { key });
    const ids = async (q: string) => (await call('GET', `/transactions?${q}`, { key })).body.data.map((t: any) => t.id).sort();
    expect(await ids('status=failed,cancelled')).toEqual([b.id, c.id].sort());
    expect(await ids('status=pending')).toEqual([a.id, d.id].sort());
    expect(await ids('payment_method=ewallet')).toEqual([a.id, b.id].sort());
    expect(await ids('payment_channel=ovo')).toEqual([b.id]);
    expect(await ids(`order_id=${d.order_id}`)).toEqual([d.id]);
    expect(await ids(`order_id=${d.order_id}&status=settled`)).toEqual([]);
    expect(await ids('payment_method=ewallet&status=pending')).toEqual([a.id]);
  });

  it('refuses a cursor reused with different filters', async () => {
    const { key } = await newClient();
    await createMany(key, 3);
    const first = await call('GET', '/transactions?limit=1', { key });
    const cursor = encodeURIComponent(first.body.pagination.next_cursor);
    expect((await call('GET', `/transactions?limit=2&cursor=${cursor}`, { key })).status).toBe(200);
    const res = await call('GET', `/transactions?limit=1&status=pending&cursor=${cursor}`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: 'cursor', message: 'is not a valid cursor for this request' }]);
  });

  it('refuses a corrupted cursor', async () => {
    const { key } = await newClient();
    await createMany(key, 2);
    const cursor: string = (await call('GET', '/transactions?limit=1', { key })).body.pagination.next_cursor;
    const flipped = cursor.slice(0, 5) + (cursor[5] === 'A' ? 'B' : 'A') + cursor.slice(6);
    const res = await call('GET', `/transactions?cursor=${encodeURIComponent(flipped)}`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('hand-made cursors', () => {
  /** A cursor made exactly as the API makes them (lib/db/cursor.ts) for a list without filters, signed with `secret`. */
  const handMade = (secret: string, clientId: string, afterId: string) =>
    encodeCursor(Buffer.from(secret), clientId, filterFingerprint({ kind: 'transaction' }), afterId);

  it('refuses one signed with the key that used to be in the source with 400 VALIDATION_ERROR on cursor, revealing nothing', async () => {
    const { key, clientId } = await newClient();
    await createMany(key, 3);
    const [newest, ...older] = (await call('GET', '/transactions', { key })).body.data;

    const forged = handMade('payment-sandbox/cursor/v1', clientId, newest.id);
    const res = await call('GET', `/transactions?cursor=${encodeURIComponent(forged)}`, { key });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Request validation failed',
        details: [{ field: 'cursor', message: 'is not a valid cursor for this request' }],
      },
    });

    // Made the same way with this sandbox's own secret, it is the very cursor the API issues: only the key differs.
    const genuine = handMade(inject('cursorSecret'), clientId, newest.id);
    expect((await call('GET', '/transactions?limit=1', { key })).body.pagination.next_cursor).toBe(genuine);
    const next = await call('GET', `/transactions?cursor=${encodeURIComponent(genuine)}`, { key });
    expect(next.body.data.map((t: any) => t.id)).toEqual(older.map((t: any) => t.id));
  });
});

describe('tenant isolation', () => {
  it('hides every trace of one client from another on get, list, cancel, simulate and cursors', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const [a1] = await createMany(alice.key, 3);
    await createPaymentVia(bob.key);

    for (const res of [
      await call('GET', `/transaction/${a1.id}`, { key: bob.key }),
      await call('POST', `/transaction/${a1.id}/cancel`, { key: bob.key }),
      await simulate(bob.key, a1.id, 'settle'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await call('GET', `/transaction/${a1.id}`, { key: alice.key })).body.data.status).toBe('pending');

    const bobList = await call('GET', '/transactions?limit=100', { key: bob.key });
    expect(bobList.body.data).toHaveLength(1);
    expect((await call('GET', `/transactions?order_id=${a1.order_id}`, { key: bob.key })).body.data).toEqual([]);

    const aliceCursor = (await call('GET', '/transactions?limit=1', { key: alice.key })).body.pagination.next_cursor;
    const stolen = await call('GET', `/transactions?limit=1&cursor=${encodeURIComponent(aliceCursor)}`, { key: bob.key });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.details).toEqual([{ field: 'cursor', message: 'is not a valid cursor for this request' }]);
    expect(JSON.stringify(stolen.body)).not.toContain(alice.clientId);
  });

  it('lets two clients use the same order_id', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const orderId = `SHARED-${Date.now()}`;
    await createPaymentVia(alice.key, { order_id: orderId });
    const bobs = await createPaymentVia(bob.key, { order_id: orderId });
    expect(bobs.order_id).toBe(orderId);
  });
});
