import { describe, expect, inject, it } from 'vitest';
import { putItem } from '../../lib/db/requests';
import { resolvePaymentToken } from '../../lib/payments/payment-token';
import { recordedEventsOf } from '../support/events';
import { call, newClient, testDb } from '../support/fixtures';
import { createPaymentVia, expireNow, simulate, storedItem } from '../support/payments';
import { advance, until } from '../support/sandbox-clock';

/**
 * What the payment page needs of a transaction (docs/api.md §5): `payment_url`, `return_url` and
 * `failure_code` on every answer and every event that holds one — also those a background function
 * records (the sweep's expiry, a scheduled outcome) — and an e-wallet's checkout on that same page.
 */

const RETURN_URL = 'https://shop.example.com/orders/return?from=sandbox';

/** `{base_url}/pay/` and a token of 64 base64url characters, on this server. */
const onThisServer = (url: string) => url.startsWith(`${inject('baseUrl')}/pay/`) && /\/pay\/[A-Za-z0-9_-]{64}$/.test(url);

const tokenOf = (transaction: { payment_url: string }) => transaction.payment_url.split('/pay/')[1]!;

const get = async (key: string, id: string) => (await call('GET', `/transaction/${id}`, { key })).body.data;

describe('the payment page of a transaction', () => {
  it('is payment_url, {base_url}/pay/{token}, whose token names that transaction of that client and no other', async () => {
    const { clientId, key } = await newClient();
    const first = await createPaymentVia(key);
    const second = await createPaymentVia(key);

    for (const txn of [first, second]) {
      expect(onThisServer(txn.payment_url), txn.payment_url).toBe(true);
      const found = await resolvePaymentToken(testDb(), tokenOf(txn));
      expect(found).toMatchObject({ clientId, transaction: { id: txn.id } });
    }
    expect(tokenOf(first)).not.toBe(tokenOf(second));
  });

  it.each(['gopay', 'ovo', 'dana', 'shopeepay'])("is an e-wallet's checkout_url (%s): the page itself, on every answer", async (channel) => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key, { payment_method: 'ewallet', payment_channel: channel, amount: 50_000 });

    expect(txn.payment_details).toEqual({ checkout_url: txn.payment_url });
    expect((await get(key, txn.id)).payment_details).toEqual({ checkout_url: txn.payment_url });
    const listed = (await call('GET', `/transactions?order_id=${txn.order_id}`, { key })).body.data;
    expect(listed[0].payment_details).toEqual({ checkout_url: txn.payment_url });
    expect((await simulate(key, txn.id, 'settle')).body.data.payment_details).toEqual({ checkout_url: txn.payment_url });
  });

  it('stays the same through every change of the transaction, and is on each of its events', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { return_url: RETURN_URL });
    const settled = (await simulate(key, txn.id, 'settle')).body.data;
    const refund = await call('POST', '/refund', { key, body: { transaction_id: txn.id } });
    expect(refund.status).toBe(201);

    const refunded = await get(key, txn.id);
    expect(refunded.status).toBe('refunded');
    for (const shown of [settled, refunded]) expect(shown).toMatchObject({ payment_url: txn.payment_url, return_url: RETURN_URL, failure_code: null });
    const events = await recordedEventsOf(clientId, txn.id);
    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.settled', 'refund.created', 'payment.refunded']);
    for (const event of events.filter((e) => e.type !== 'refund.created')) {
      expect(event.data.object, event.type).toMatchObject({ payment_url: txn.payment_url, return_url: RETURN_URL, failure_code: null });
    }
    // Nothing the page holds is a change: the events' previous_attributes never name it.
    for (const event of events) expect(Object.keys(event.data.previous_attributes ?? {})).not.toContain('payment_url');
  });
});

describe('payment_url, return_url and failure_code on every answer that holds a transaction', () => {
  it('are on the create, the read, the list, the cancel and the simulate answers alike', async () => {
    const { key } = await newClient();
    const created = await createPaymentVia(key, { return_url: RETURN_URL });
    const other = await createPaymentVia(key);
    const fields = { payment_url: created.payment_url, return_url: RETURN_URL, failure_code: null };

    expect(created).toMatchObject(fields);
    expect(await get(key, created.id)).toMatchObject(fields);
    const listed = (await call('GET', '/transactions', { key })).body.data;
    expect(listed.find((t: any) => t.id === created.id)).toMatchObject(fields);
    expect(listed.find((t: any) => t.id === other.id)).toMatchObject({ payment_url: other.payment_url, return_url: null, failure_code: null });
    const cancelled = await call('POST', `/transaction/${created.id}/cancel`, { key, body: { reason: 'Out of stock' } });
    expect(cancelled.body.data).toMatchObject({ ...fields, status: 'cancelled' });
    expect((await simulate(key, other.id, 'fail')).body.data).toMatchObject({ payment_url: other.payment_url, return_url: null, failure_code: 'simulated' });
  });
});

describe('failure_code', () => {
  it('is simulated after simulate fail, beside its sentence in failure_reason, and on payment.failed', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);

    const res = await simulate(key, txn.id, 'fail');

    expect(res.body.data).toMatchObject({ status: 'failed', failure_code: 'simulated', failure_reason: 'Payment failed (simulated)' });
    expect(await get(key, txn.id)).toMatchObject({ failure_code: 'simulated' });
    const [, failed] = await recordedEventsOf(clientId, txn.id);
    expect(failed).toMatchObject({ type: 'payment.failed', data: { object: { failure_code: 'simulated' }, previous_attributes: { failure_code: null } } });
  });

  it.each([
    ['settle', 'settled'],
    ['expire', 'expired'],
  ] as const)('stays null when simulate %ss it: only a failure has a code', async (outcome, status) => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    expect((await simulate(key, txn.id, outcome)).body.data).toMatchObject({ status, failure_code: null, failure_reason: null });
  });

  it('is simulated when a scheduled fail falls due on an advanced clock, in the event the advance records', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { sandbox: { outcome: 'fail', after_seconds: 60 } });

    expect((await advance(key, { seconds: 120 })).status).toBe(200);

    expect(await get(key, txn.id)).toMatchObject({ status: 'failed', failure_code: 'simulated', payment_url: txn.payment_url });
    const failed = (await recordedEventsOf(clientId, txn.id)).find((e) => e.type === 'payment.failed');
    expect(failed?.data.object).toMatchObject({ failure_code: 'simulated', payment_url: txn.payment_url, return_url: null });
  });

  it('is simulated when the sweep applies a scheduled fail, and the event it records holds the payment page', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { sandbox: { outcome: 'fail', after_seconds: 0 }, return_url: RETURN_URL });

    const events = await until(
      () => recordedEventsOf(clientId, txn.id),
      (recorded) => recorded.some((e) => e.type === 'payment.failed'),
    );

    const failed = events.find((e) => e.type === 'payment.failed');
    expect(failed?.request).toEqual({ id: null, idempotency_key: null });
    expect(failed?.data.object).toMatchObject({ status: 'failed', failure_code: 'simulated', payment_url: txn.payment_url, return_url: RETURN_URL });
  });

  it('stays null when the sweep stores an expiry, whose event holds the payment page: expired is a status, not a failure', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { return_url: RETURN_URL });
    await expireNow(clientId, txn.id);

    const events = await until(
      () => recordedEventsOf(clientId, txn.id),
      (recorded) => recorded.some((e) => e.type === 'payment.expired'),
    );

    const expired = events.find((e) => e.type === 'payment.expired');
    expect(expired?.data.object).toMatchObject({ status: 'expired', failure_code: null, payment_url: txn.payment_url, return_url: RETURN_URL });
  });
});

describe('a transaction stored before the payment page existed', () => {
  /** Its item as v1.2 wrote it: no token, no return_url, no failure_code; an e-wallet's checkout on the reserved `.invalid` domain. */
  async function storeAsBefore(clientId: string, id: string, changes: Record<string, unknown> = {}) {
    const { payment_token: _token, return_url: _return, failure_code: _code, ...before } = await storedItem(clientId, id);
    await putItem(testDb(), { Item: { ...before, ...changes } });
  }

  it('reads with payment_url and return_url null, and failure_code null while it is pending', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { return_url: RETURN_URL });
    await storeAsBefore(clientId, txn.id);

    expect(await get(key, txn.id)).toEqual({ ...txn, payment_url: null, return_url: null, failure_code: null });
  });

  it('reads with failure_code simulated once it failed: every failure before the page was a simulated one', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const failed = (await simulate(key, txn.id, 'fail')).body.data;
    await storeAsBefore(clientId, txn.id);

    expect(await get(key, txn.id)).toEqual({ ...failed, payment_url: null, return_url: null, failure_code: 'simulated' });
  });

  it('keeps its old e-wallet checkout_url, and still moves, its events holding the object as it reads', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { payment_method: 'ewallet', payment_channel: 'gopay', amount: 50_000 });
    const oldCheckout = `https://checkout.payment-sandbox.invalid/gopay/${txn.id}`;
    await storeAsBefore(clientId, txn.id, { payment_details: { checkout_url: oldCheckout } });

    const cancelled = await call('POST', `/transaction/${txn.id}/cancel`, { key });

    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', payment_details: { checkout_url: oldCheckout }, payment_url: null, failure_code: null });
    const last = (await recordedEventsOf(clientId, txn.id)).at(-1);
    expect(last?.data.object).toEqual(cancelled.body.data);
  });
});
