import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, paymentBody, simulate, uniqueOrderId } from '../support/payments';

const create = (key: string, idempotencyKey: string, body: Record<string, unknown>) =>
  call('POST', '/payment/create', { key, body, headers: { 'idempotency-key': idempotencyKey } });

describe('Idempotency-Key', () => {
  it('replays the first response, status and body, with Idempotent-Replayed: true, and creates one transaction', async () => {
    const { key } = await newClient();
    const body = paymentBody();
    const idem = randomUUID();
    const first = await create(key, idem, body);
    const second = await create(key, idem, body);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
    const listed = await call('GET', `/transactions?order_id=${body.order_id}`, { key });
    expect(listed.body.data).toHaveLength(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the same key with a different body', async () => {
    const { key } = await newClient();
    const idem = randomUUID();
    expect((await create(key, idem, paymentBody())).status).toBe(201);
    const res = await create(key, idem, paymentBody());
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('treats the same JSON with its keys in another order as the same request', async () => {
    const { key } = await newClient();
    const idem = randomUUID();
    const body = paymentBody();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await create(key, idem, body)).status).toBe(201);
    const res = await create(key, idem, reordered);
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
  });

  it('does not store a validation error: the key can then be used with a corrected body', async () => {
    const { key } = await newClient();
    const idem = randomUUID();
    const bad = await create(key, idem, paymentBody({ amount: 1 }));
    expect(bad.status).toBe(400);
    const good = await create(key, idem, paymentBody());
    expect(good.status).toBe(201);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('scopes keys to the client: two clients with one key each get their own transaction', async () => {
    const alice = await newClient();
    const bob = await newClient();
    const idem = randomUUID();
    const body = paymentBody();
    const a = await create(alice.key, idem, body);
    const b = await create(bob.key, idem, body);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.data.id).not.toBe(a.body.data.id);
  });

  it('refuses a key used for a create on a cancel with 409 IDEMPOTENCY_KEY_REUSED, and leaves the payment pending', async () => {
    const { key } = await newClient();
    const idem = randomUUID();
    const created = await create(key, idem, paymentBody());
    const cancel = await call('POST', `/transaction/${created.body.data.id}/cancel`, { key, headers: { 'idempotency-key': idem } });
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(cancel.headers.get('idempotent-replayed')).toBeNull();
    expect((await call('GET', `/transaction/${created.body.data.id}`, { key })).body.data.status).toBe('pending');
  });

  it('refuses a key used for one transaction on a cancel of another with 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const { key } = await newClient();
    const [one, other] = [await createPaymentVia(key), await createPaymentVia(key)];
    const idem = randomUUID();
    const cancel = (id: string) => call('POST', `/transaction/${id}/cancel`, { key, headers: { 'idempotency-key': idem } });
    expect((await cancel(one.id)).status).toBe(200);
    const res = await cancel(other.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await call('GET', `/transaction/${other.id}`, { key })).body.data.status).toBe('pending');
  });

  it("runs another client's request with the same key on another route as its own", async () => {
    const alice = await newClient();
    const bob = await newClient();
    const idem = randomUUID();
    expect((await create(alice.key, idem, paymentBody())).status).toBe(201);
    const txn = await createPaymentVia(bob.key);
    const cancel = await call('POST', `/transaction/${txn.id}/cancel`, { key: bob.key, headers: { 'idempotency-key': idem } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('cancelled');
    expect(cancel.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays a cancel instead of answering 409 the second time', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const idem = randomUUID();
    const send = () => call('POST', `/transaction/${txn.id}/cancel`, { key, body: { reason: 'dup' }, headers: { 'idempotency-key': idem } });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('never creates two payments from concurrent requests with one key', async () => {
    const { key } = await newClient();
    const idem = randomUUID();
    const body = paymentBody();
    const results = await Promise.all(Array.from({ length: 8 }, () => create(key, idem, body)));
    const fresh = results.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const r of results) {
      if (r.status === 201) expect(r.body.data.id).toBe(fresh[0]!.body.data.id);
      else expect(r.body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    }
    expect((await call('GET', `/transactions?order_id=${body.order_id}`, { key })).body.data).toHaveLength(1);
  });

  it('replays a settle: one ledger entry, the second answer is the first one', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const idem = randomUUID();
    const send = () => call('POST', `/transaction/${txn.id}/simulate`, { key, body: { outcome: 'settle' }, headers: { 'idempotency-key': idem } });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('settled');
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const ledger = await call('GET', `/settlements?transaction_id=${txn.id}`, { key });
    expect(ledger.body.data).toHaveLength(1);
  });

  it('replays a 409 refusal of a cancel, status and body, even after the payment has moved on', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    await simulate(key, txn.id, 'settle');
    const idem = randomUUID();
    const send = () => call('POST', `/transaction/${txn.id}/cancel`, { key, headers: { 'idempotency-key': idem } });
    const first = await send();
    expect(first.status).toBe(409);
    expect(first.body.error).toEqual({ code: 'INVALID_STATE', message: 'Cannot cancel a transaction whose status is settled' });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Refunded in full: a fresh cancel would now name `refunded`; the key still answers what it answered.
    expect((await call('POST', '/refund', { key, body: { transaction_id: txn.id } })).status).toBe(201);
    const again = await send();
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
  });

  it('replays a 409 refusal of a refund of a pending payment after it settled, and refunds nothing', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const idem = randomUUID();
    const send = () => call('POST', '/refund', { key, body: { transaction_id: txn.id }, headers: { 'idempotency-key': idem } });
    const first = await send();
    expect(first.status).toBe(409);
    expect(first.body.error.code).toBe('INVALID_STATE');
    await simulate(key, txn.id, 'settle');
    const again = await send();
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data).toMatchObject({ status: 'settled', refunded_amount: 0 });
  });

  it('replays a 422 AMOUNT_EXCEEDS_REFUNDABLE, status and body, after the payment was refunded in full', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    await simulate(key, txn.id, 'settle');
    const idem = randomUUID();
    const send = () => call('POST', '/refund', { key, body: { transaction_id: txn.id, amount: 200_000 }, headers: { 'idempotency-key': idem } });
    const first = await send();
    expect(first.status).toBe(422);
    expect(first.body.error).toEqual({ code: 'AMOUNT_EXCEEDS_REFUNDABLE', message: 'Refund amount 200000 exceeds the refundable amount 150000' });
    // Refunded in full: a fresh request would now be 409 INVALID_STATE.
    expect((await call('POST', '/refund', { key, body: { transaction_id: txn.id } })).status).toBe(201);
    const again = await send();
    expect(again.status).toBe(422);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
  });

  it('replays a 404 for an unknown order_id even once a payment with that order_id has settled', async () => {
    const { key } = await newClient();
    const orderId = uniqueOrderId();
    const idem = randomUUID();
    const send = () => call('POST', '/refund', { key, body: { order_id: orderId }, headers: { 'idempotency-key': idem } });
    const first = await send();
    expect(first.status).toBe(404);
    expect(first.body.error.code).toBe('NOT_FOUND');
    const txn = await createPaymentVia(key, { order_id: orderId });
    await simulate(key, txn.id, 'settle');
    const again = await send();
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await call('GET', `/transaction/${txn.id}`, { key })).body.data.refunded_amount).toBe(0);
  });

  it('replays a 404 for an unknown transaction id', async () => {
    const { key } = await newClient();
    const idem = randomUUID();
    const send = () => call('POST', '/transaction/txn_01ARZ3NDEKTSV4RRFFQ69G5FAV/cancel', { key, headers: { 'idempotency-key': idem } });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(404);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('does not store a validation error of a refund: the same key with a corrected body refunds', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    await simulate(key, txn.id, 'settle');
    const idem = randomUUID();
    const bad = await call('POST', '/refund', { key, body: { transaction_id: txn.id, amount: 0 }, headers: { 'idempotency-key': idem } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const good = await call('POST', '/refund', { key, body: { transaction_id: txn.id, amount: 1_000 }, headers: { 'idempotency-key': idem } });
    expect(good.status).toBe(201);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('treats a cancel without a body and one with {} as the same request', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const idem = randomUUID();
    const bare = await call('POST', `/transaction/${txn.id}/cancel`, { key, headers: { 'idempotency-key': idem } });
    const empty = await call('POST', `/transaction/${txn.id}/cancel`, { key, body: {}, headers: { 'idempotency-key': idem } });
    expect(bare.status).toBe(200);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('idempotent-replayed')).toBe('true');
    expect(empty.body).toEqual(bare.body);
  });
});
