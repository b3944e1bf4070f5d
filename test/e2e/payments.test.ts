import { afterAll, describe, expect, it } from 'vitest';
import { api, baseUrl, cleanUp, createPayment, paymentBody, runId, track } from './client';

afterAll(cleanUp);

describe('e2e: payments', () => {
  it('creates a payment, reads it back, finds it by order_id and cancels it', async () => {
    const txn = await createPayment('lifecycle');
    expect(txn).toMatchObject({
      id: expect.stringMatching(/^txn_/),
      status: 'pending',
      amount: 150_000,
      fee: 4_000,
      net_amount: 146_000,
      refunded_amount: 0,
      metadata: { e2e_run: runId },
      payment_details: { va_number: expect.stringMatching(/^\d+$/) },
      return_url: null,
      failure_code: null,
    });
    // Its payment page is served by the stage under test: the function knows the stage's own {base_url}.
    expect(txn.payment_url.startsWith(`${baseUrl}/pay/`), txn.payment_url).toBe(true);
    expect(txn.payment_url.slice(`${baseUrl}/pay/`.length)).toMatch(/^[A-Za-z0-9_-]{64}$/);

    const read = await api('GET', `/transaction/${txn.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(txn);

    const listed = await api('GET', `/transactions?order_id=${encodeURIComponent(txn.order_id)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((t: any) => t.id)).toEqual([txn.id]);
    expect(listed.body.pagination).toMatchObject({ has_more: false, next_cursor: null });

    const cancelled = await api('POST', `/transaction/${txn.id}/cancel`, { body: { reason: 'e2e: customer changed mind' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      id: txn.id,
      status: 'cancelled',
      cancellation_reason: 'e2e: customer changed mind',
      cancelled_at: expect.any(String),
    });

    const again = await api('POST', `/transaction/${txn.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('INVALID_STATE');
  });

  it('replays a retried create with the same Idempotency-Key, and refuses that key with another body', async () => {
    const body = paymentBody('idempotent');
    const headers = { 'idempotency-key': `e2e-${runId}-create` };
    const first = await api('POST', '/payment/create', { body, headers });
    expect(first.status).toBe(201);
    track(first.body.data.id);

    const replay = await api('POST', '/payment/create', { body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);

    const other = await api('POST', '/payment/create', { body: { ...body, amount: 160_000 }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');

    const listed = await api('GET', `/transactions?order_id=${encodeURIComponent(String(body.order_id))}`);
    expect(listed.body.data).toHaveLength(1);
  });

  it('refuses a second payment with the same order_id with 409 DUPLICATE_ORDER_ID', async () => {
    const txn = await createPayment('duplicate');
    const res = await api('POST', '/payment/create', { body: paymentBody('duplicate', { order_id: txn.order_id }) });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('DUPLICATE_ORDER_ID');
  });

  it('answers 404 NOT_FOUND for a transaction id that does not exist', async () => {
    const res = await api('GET', '/transaction/txn_01JZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('rejects an invalid payment with 400 VALIDATION_ERROR naming each bad field', async () => {
    const res = await api('POST', '/payment/create', {
      body: paymentBody('invalid', { amount: 5, customer: { name: 'E2E Test', email: 'not-an-email' } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: any) => d.field).sort()).toEqual(['amount', 'customer.email']);
  });
});
