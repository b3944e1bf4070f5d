import { describe, expect, it } from 'vitest';
import { TAIL_SETTLE_MS } from '../../lib/events/event-recorder';
import { idTime } from '../../lib/ids';
import { recordedEvents } from '../support/events';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, simulate } from '../support/payments';

// GET /events and GET /event/{id} through the local server (docs/api.md §10).

/** A client with a small history: two payments, one settled and refunded in full, one cancelled. */
async function clientWithHistory() {
  const client = await newClient();
  const { key } = client;
  const paid = await createPaymentVia(key);
  const cancelled = await createPaymentVia(key);
  await simulate(key, paid.id, 'settle');
  await call('POST', `/transaction/${cancelled.id}/cancel`, { key });
  const refund = (await call('POST', '/refund', { key, body: { transaction_id: paid.id } })).body.data;
  return { ...client, paid, cancelled, refund };
}

const list = (key: string, query = '') => call('GET', `/events${query ? `?${query}` : ''}`, { key });
const typesOf = (res: { body: any }) => res.body.data.map((e: any) => e.type);

/** Every page of a list, following next_cursor with the same query. */
async function allPages(key: string, query: string) {
  const seen: any[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const res = await list(key, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...res.body.data);
    if (!res.body.pagination.has_more) break;
    cursor = res.body.pagination.next_cursor;
  }
  return seen;
}

describe('GET /events', () => {
  it('lists every event of the client newest first, as recorded, right after the changes', async () => {
    const { clientId, key } = await clientWithHistory();

    const res = await list(key);

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([...(await recordedEvents(clientId))].reverse());
    expect(typesOf(res)).toEqual(['payment.refunded', 'refund.created', 'payment.cancelled', 'payment.settled', 'payment.created', 'payment.created']);
    expect(res.body.pagination).toEqual({ limit: 20, has_more: false, next_cursor: null });
  });

  it('filters by one type or several', async () => {
    const { key } = await clientWithHistory();

    expect(typesOf(await list(key, 'type=payment.created'))).toEqual(['payment.created', 'payment.created']);
    expect(typesOf(await list(key, 'type=refund.created,payment.settled'))).toEqual(['refund.created', 'payment.settled']);
    expect(typesOf(await list(key, 'type=payment.expired'))).toEqual([]);
  });

  it("filters by transaction_id, the refund's event included", async () => {
    const { key, paid, cancelled, refund } = await clientWithHistory();

    const ofPaid = await list(key, `transaction_id=${paid.id}`);
    const ofCancelled = await list(key, `transaction_id=${cancelled.id}`);

    expect(typesOf(ofPaid)).toEqual(['payment.refunded', 'refund.created', 'payment.settled', 'payment.created']);
    expect(ofPaid.body.data[1].data.object).toEqual(refund);
    expect(typesOf(ofCancelled)).toEqual(['payment.cancelled', 'payment.created']);
  });

  it('filters by created_from (inclusive) and created_to (exclusive)', async () => {
    const { key } = await clientWithHistory();
    const all = (await list(key)).body.data;
    const [newest, , middle, , , oldest] = all;

    const from = await list(key, `created_from=${middle.created_at}`);
    const to = await list(key, `created_to=${middle.created_at}`);
    const window = await list(key, `created_from=${oldest.created_at}&created_to=${newest.created_at}`);

    const atOrAfter = all.filter((e: any) => e.created_at >= middle.created_at);
    expect(from.body.data).toEqual(atOrAfter);
    expect(to.body.data).toEqual(all.filter((e: any) => e.created_at < middle.created_at));
    expect(window.body.data).toEqual(all.filter((e: any) => e.created_at >= oldest.created_at && e.created_at < newest.created_at));
  });

  it('lists oldest first with order=asc, once the events have settled, with a cursor to come back with', async () => {
    const { key } = await clientWithHistory();
    const newestFirst = (await list(key)).body.data;

    const res = await eventually(async () => {
      const page = await list(key, 'order=asc');
      return page.body.data.length === newestFirst.length ? page : undefined;
    });

    expect(res.body.data).toEqual([...newestFirst].reverse());
    expect(res.body.pagination).toEqual({ limit: 20, has_more: false, next_cursor: expect.any(String) });
    const again = await list(key, `order=asc&cursor=${encodeURIComponent(res.body.pagination.next_cursor)}`);
    expect(again.body).toEqual({ success: true, data: [], pagination: { limit: 20, has_more: false, next_cursor: expect.any(String) } });
  });

  it('does not list an event in an ascending page until it has settled, and then lists it once', async () => {
    const { key } = await newClient();
    const first = await list(key, 'order=asc');
    const txn = await createPaymentVia(key);

    const right = await list(key, `order=asc&cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`);
    const answeredBy = Date.now();
    const later = await eventually(async () => {
      const page = await list(key, `order=asc&cursor=${encodeURIComponent(first.body.pagination.next_cursor)}`);
      return page.body.data.length > 0 ? page : undefined;
    });
    const after = await list(key, `order=asc&cursor=${encodeURIComponent(later.body.pagination.next_cursor)}`);

    // Asked at once, the page leaves the event out; on a machine too busy to ask within TAIL_SETTLE_MS
    // it may already hold it, but never an event recorded less than TAIL_SETTLE_MS before it answered.
    for (const event of right.body.data) expect(idTime(event.id).getTime()).toBeLessThanOrEqual(answeredBy - TAIL_SETTLE_MS);
    expect(later.body.data.map((e: any) => [e.type, e.data.object.id])).toEqual([['payment.created', txn.id]]);
    expect(after.body.data).toEqual([]);
  });

  it.each(['desc', 'asc'])('visits every event exactly once following next_cursor with limit=2 (order=%s)', async (order) => {
    const { key } = await clientWithHistory();
    const expected = (await list(key)).body.data;
    // An ascending page lists an event once it has settled (2 s after its change at most).
    if (order === 'asc') await eventually(async () => ((await list(key, 'order=asc')).body.data.length === expected.length ? true : undefined));

    const seen = await allPages(key, `order=${order}&limit=2`);

    expect(seen).toEqual(order === 'desc' ? expected : [...expected].reverse());
  });

  it.each([
    ['type=payment.paid', 'type'],
    [`transaction_id=txn_123`, 'transaction_id'],
    ['order=newest', 'order'],
    ['created_from=yesterday', 'created_from'],
    ['created_from=2026-11-22T01:00:00Z&created_to=2026-11-22T00:00:00Z', 'created_to'],
    ['limit=0', 'limit'],
    ['status=settled', 'status'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('refuses %s with 400 VALIDATION_ERROR naming %s', async (query, field) => {
    const { key } = await newClient();

    const res = await list(key, query);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: any) => d.field)).toContain(field);
  });

  it('refuses a cursor used with other filters or the other order with 400', async () => {
    const { key } = await clientWithHistory();
    const cursor = encodeURIComponent((await list(key, 'limit=1')).body.pagination.next_cursor);

    for (const query of [`limit=1&type=payment.created&cursor=${cursor}`, `limit=1&order=asc&cursor=${cursor}`]) {
      const res = await list(key, query);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'cursor', message: 'is not a valid cursor for this request' }]);
    }
  });
});

describe('GET /event/{id}', () => {
  it('answers the event exactly as listed', async () => {
    const { key } = await clientWithHistory();
    const listed = (await list(key)).body.data;

    for (const event of listed) {
      const res = await call('GET', `/event/${event.id}`, { key });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(event);
    }
  });

  it('answers 404 NOT_FOUND for an unknown id and 400 for a malformed one', async () => {
    const { key } = await newClient();

    const unknown = await call('GET', '/event/evt_01M80CWEM1X2Y3Z4A5B6C7D8E9', { key });
    const malformed = await call('GET', '/event/txn_01M80CWEM1X2Y3Z4A5B6C7D8E9', { key });

    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'NOT_FOUND', message: 'Event not found' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details).toEqual([{ field: 'id', message: 'must be an event id (evt_ followed by a ULID)' }]);
  });
});

describe('events and other clients', () => {
  it("never shows one client's events to another: 404 by id, absent from every list, its cursor a 400", async () => {
    const owner = await clientWithHistory();
    const other = await clientWithHistory();
    const ownerEvents = (await list(owner.key)).body.data;
    const ownerCursor = (await list(owner.key, 'limit=1')).body.pagination.next_cursor;

    for (const event of ownerEvents) {
      expect((await call('GET', `/event/${event.id}`, { key: other.key })).status).toBe(404);
    }
    const ownerIds = new Set(ownerEvents.map((e: any) => e.id));
    const othersView = [...(await list(other.key, 'limit=100')).body.data, ...(await list(other.key, `transaction_id=${owner.paid.id}`)).body.data];
    expect(othersView.filter((e: any) => ownerIds.has(e.id))).toEqual([]);
    expect((await list(other.key, `transaction_id=${owner.paid.id}`)).body.data).toEqual([]);
    const foreignCursor = await list(other.key, `limit=1&cursor=${encodeURIComponent(ownerCursor)}`);
    expect(foreignCursor.status).toBe(400);
    expect(foreignCursor.body.error.details).toEqual([{ field: 'cursor', message: 'is not a valid cursor for this request' }]);
  });

  it('refuses a key without events:read with 403 FORBIDDEN on both routes', async () => {
    const owner = await clientWithHistory();
    const { key } = await newClient(['transactions:read', 'transactions:write', 'settlements:read']);
    const someEvent = (await list(owner.key, 'limit=1')).body.data[0];

    for (const path of ['/events', `/event/${someEvent.id}`]) {
      const res = await call('GET', path, { key });
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: 'Insufficient permissions for this operation' });
    }
  });
});

/**
 * Asks until `attempt` gives an answer (an ascending page lags TAIL_SETTLE_MS behind): for at most
 * ten times that, which a busy machine's slow requests still fit in; how soon is not what is tested.
 */
async function eventually<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10 * TAIL_SETTLE_MS;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error('no answer in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
