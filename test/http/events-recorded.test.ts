import { randomUUID } from 'node:crypto';
import { decodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { recordedEvents, recordedEventsOf } from '../support/events';
import { call, newClient, type ApiResponse } from '../support/fixtures';
import { createPaymentVia, paymentBody, simulate } from '../support/payments';

// Every change records exactly its event (docs/api.md §10), in the same atomic write: what the
// table holds right after each answer, read straight from the client's partition.

const EVENT_ID = /^evt_[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

/** The transaction as GET /transaction/{id} shows it now. */
const current = async (key: string, id: string) => (await call('GET', `/transaction/${id}`, { key })).body.data;

/** The events a transaction has recorded, oldest first. */
const types = async (clientId: string, id: string) => (await recordedEventsOf(clientId, id)).map((e) => e.type);

/** The one event the last change recorded (the newest of the transaction's). */
async function lastEvent(clientId: string, id: string) {
  const events = await recordedEventsOf(clientId, id);
  return events[events.length - 1]!;
}

const requestOf = (res: ApiResponse, idempotencyKey: string | null = null) => ({ id: res.headers.get('x-request-id'), idempotency_key: idempotencyKey });

describe('the event of each change', () => {
  it('records payment.created with the new transaction, the request id and no previous_attributes', async () => {
    const { clientId, key } = await newClient();
    const res = await call('POST', '/payment/create', { key, body: paymentBody() });
    const txn = res.body.data;

    const events = await recordedEventsOf(clientId, txn.id);

    expect(events).toEqual([
      {
        id: expect.stringMatching(EVENT_ID),
        type: 'payment.created',
        api_version: 'v1',
        created_at: txn.created_at,
        data: { object: txn },
        request: requestOf(res),
      },
    ]);
    expect(events[0]!.data.object).toEqual(await current(key, txn.id));
    expect(decodeTime(events[0]!.id.slice(4))).toBeGreaterThanOrEqual(Date.parse(txn.created_at));
  });

  it('names the Idempotency-Key of the request that caused the change', async () => {
    const { clientId, key } = await newClient();
    const idempotencyKey = `create-${randomUUID()}`;
    const res = await call('POST', '/payment/create', { key, body: paymentBody(), headers: { 'Idempotency-Key': idempotencyKey } });

    expect((await lastEvent(clientId, res.body.data.id)).request).toEqual(requestOf(res, idempotencyKey));
  });

  it('records payment.settled with the settled transaction and the old status, settled_at and updated_at', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const res = await simulate(key, txn.id, 'settle');

    const event = await lastEvent(clientId, txn.id);

    expect(event).toEqual({
      id: expect.stringMatching(EVENT_ID),
      type: 'payment.settled',
      api_version: 'v1',
      created_at: res.body.data.settled_at,
      data: { object: res.body.data, previous_attributes: { status: 'pending', settled_at: null, updated_at: txn.updated_at } },
      request: requestOf(res),
    });
    expect(event.data.object).toEqual(await current(key, txn.id));
    expect(await types(clientId, txn.id)).toEqual(['payment.created', 'payment.settled']);
  });

  it('records payment.failed with the failure code and reason among the changed fields', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const res = await simulate(key, txn.id, 'fail');

    const event = await lastEvent(clientId, txn.id);

    expect(event.type).toBe('payment.failed');
    expect(event.created_at).toBe(res.body.data.failed_at);
    expect(event.data).toEqual({
      object: res.body.data,
      previous_attributes: { status: 'pending', failed_at: null, failure_code: null, failure_reason: null, updated_at: txn.updated_at },
    });
    expect(event.data.object).toEqual(await current(key, txn.id));
  });

  it('records payment.cancelled with the reason, and the Idempotency-Key of the cancel', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const idempotencyKey = `cancel-${randomUUID()}`;
    const res = await call('POST', `/transaction/${txn.id}/cancel`, {
      key,
      body: { reason: 'Customer changed their mind' },
      headers: { 'Idempotency-Key': idempotencyKey },
    });

    const event = await lastEvent(clientId, txn.id);

    expect(event).toMatchObject({ type: 'payment.cancelled', created_at: res.body.data.cancelled_at, request: requestOf(res, idempotencyKey) });
    expect(event.data).toEqual({
      object: res.body.data,
      previous_attributes: { status: 'pending', cancelled_at: null, cancellation_reason: null, updated_at: txn.updated_at },
    });
    expect(event.data.object).toEqual(await current(key, txn.id));
  });

  it('records payment.expired when the sandbox expires a payment', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const res = await simulate(key, txn.id, 'expire');

    const event = await lastEvent(clientId, txn.id);

    expect(event.type).toBe('payment.expired');
    expect(event.created_at).toBe(res.body.data.expired_at);
    expect(event.data).toEqual({
      object: res.body.data,
      previous_attributes: { status: 'pending', expired_at: null, updated_at: txn.updated_at },
    });
    expect(event.data.object).toEqual(await current(key, txn.id));
  });

  it('records refund.created for each refund, and payment.refunded with the refund that reaches the amount', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const settled = (await simulate(key, txn.id, 'settle')).body.data;

    const partial = await call('POST', '/refund', { key, body: { transaction_id: txn.id, amount: 50_000 } });
    const afterPartial = await current(key, txn.id);
    expect(await lastEvent(clientId, txn.id)).toEqual({
      id: expect.stringMatching(EVENT_ID),
      type: 'refund.created',
      api_version: 'v1',
      created_at: partial.body.data.created_at,
      data: { object: partial.body.data },
      request: requestOf(partial),
    });

    const rest = await call('POST', '/refund', { key, body: { transaction_id: txn.id } });
    const events = await recordedEventsOf(clientId, txn.id);

    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.settled', 'refund.created', 'refund.created', 'payment.refunded']);
    const [, , , refundCreated, refunded] = events;
    expect(refundCreated!.data).toEqual({ object: rest.body.data });
    expect(refunded!).toMatchObject({ created_at: rest.body.data.created_at, request: requestOf(rest) });
    expect(refunded!.data).toEqual({
      object: await current(key, txn.id),
      previous_attributes: { status: 'settled', refunded_amount: 50_000, updated_at: afterPartial.updated_at },
    });
    expect(refunded!.data.object).toMatchObject({ status: 'refunded', refunded_amount: settled.amount });
    // Both were recorded by the one write that made the refund: the same recording time, in order.
    expect(decodeTime(refunded!.id.slice(4))).toBe(decodeTime(refundCreated!.id.slice(4)));
  });
});

describe('what records nothing', () => {
  it.each([
    ['409 INVALID_STATE (cancel of a settled payment)', async (key: string, id: string) => call('POST', `/transaction/${id}/cancel`, { key }), 409],
    ['409 INVALID_STATE (settle of a settled payment)', (key: string, id: string) => simulate(key, id, 'settle'), 409],
    ['422 AMOUNT_EXCEEDS_REFUNDABLE', (key: string, id: string) => call('POST', '/refund', { key, body: { transaction_id: id, amount: 150_001 } }), 422],
    ['404 NOT_FOUND (refund by an unknown order_id)', (key: string) => call('POST', '/refund', { key, body: { order_id: 'NO-SUCH-ORDER' } }), 404],
    ['400 VALIDATION_ERROR (bad outcome)', (key: string, id: string) => call('POST', `/transaction/${id}/simulate`, { key, body: { outcome: 'win' } }), 400],
  ])('a refused request: %s', async (_name, send, status) => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    await simulate(key, txn.id, 'settle');
    const before = await recordedEvents(clientId);

    expect((await send(key, txn.id)).status).toBe(status);

    expect(await recordedEvents(clientId)).toEqual(before);
  });

  it('a create refused with 409 DUPLICATE_ORDER_ID', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);

    const res = await call('POST', '/payment/create', { key, body: paymentBody({ order_id: txn.order_id }) });

    expect(res.status).toBe(409);
    expect((await recordedEvents(clientId)).map((e) => e.type)).toEqual(['payment.created']);
  });

  it('an idempotent replay, of a success or of a refusal', async () => {
    const { clientId, key } = await newClient();
    const body = paymentBody();
    const headers = { 'Idempotency-Key': `replay-${randomUUID()}` };
    const first = await call('POST', '/payment/create', { key, body, headers });
    const cancelHeaders = { 'Idempotency-Key': `replay-${randomUUID()}` };
    await call('POST', `/transaction/${first.body.data.id}/cancel`, { key, headers: cancelHeaders });
    const refusalHeaders = { 'Idempotency-Key': `replay-${randomUUID()}` };
    expect((await simulate(key, first.body.data.id, 'settle')).status).toBe(409);
    await call('POST', `/transaction/${first.body.data.id}/simulate`, { key, body: { outcome: 'fail' }, headers: refusalHeaders });
    const before = await recordedEvents(clientId);

    const replays = [
      await call('POST', '/payment/create', { key, body, headers }),
      await call('POST', `/transaction/${first.body.data.id}/cancel`, { key, headers: cancelHeaders }),
      await call('POST', `/transaction/${first.body.data.id}/simulate`, { key, body: { outcome: 'fail' }, headers: refusalHeaders }),
    ];

    expect(replays.map((r) => r.headers.get('idempotent-replayed'))).toEqual(['true', 'true', 'true']);
    expect(await recordedEvents(clientId)).toEqual(before);
    expect(before.map((e) => e.type)).toEqual(['payment.created', 'payment.cancelled']);
  });
});

describe('events under races', () => {
  it('records exactly one transition event for 50 concurrent settles and cancels of one transaction', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? simulate(key, txn.id, 'settle') : call('POST', `/transaction/${txn.id}/cancel`, { key }))),
    );

    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 || r.status === 429)).toBe(true);
    const events = await recordedEventsOf(clientId, txn.id);
    expect(events.map((e) => e.type)).toEqual(['payment.created', `payment.${won[0]!.body.data.status}`]);
    expect(events[1]!.data.object).toEqual(await current(key, txn.id));
    expect(events[1]!.request.id).toBe(won[0]!.headers.get('x-request-id'));
  });

  it('records one refund.created per refund made by 50 concurrent partial refunds, and one payment.refunded', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    await simulate(key, txn.id, 'settle');

    // 50 refunds of 5 000 against 150 000: at most 30 fit, and those that fit reach the amount.
    const results = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/refund', { key, body: { transaction_id: txn.id, amount: 5_000 } })));

    const made = results.filter((r) => r.status === 201).map((r) => r.body.data);
    expect(results.every((r) => [201, 409, 422, 429].includes(r.status))).toBe(true);
    const refundEntries = (await call('GET', `/settlements?transaction_id=${txn.id}&type=refund&limit=100`, { key })).body.data;
    expect(refundEntries).toHaveLength(made.length);
    const events = await recordedEventsOf(clientId, txn.id);
    const refundEvents = events.filter((e) => e.type === 'refund.created');
    expect(refundEvents.map((e) => e.data.object).sort(byId)).toEqual([...made].sort(byId));
    const after = await current(key, txn.id);
    expect(after.refunded_amount).toBe(made.length * 5_000);
    expect(events.filter((e) => e.type === 'payment.refunded')).toHaveLength(after.status === 'refunded' ? 1 : 0);
  });
});

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
