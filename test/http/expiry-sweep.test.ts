import { describe, expect, it } from 'vitest';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, expireNow, storedItem } from '../support/payments';

/**
 * Under `npm start` (here: the suite's local server, which runs the sweep every second as
 * `npm start` does), a payment whose expires_at passes is stored expired, with its
 * payment.expired event, within 2 s (docs/api.md §10).
 */

/** How soon the local sandbox promises to store an expiry. */
const LOCAL_EXPIRY_WITHIN_MS = 2_000;

describe('expiry under the local sandbox', () => {
  it('stores a payment expired within 2 s of its expires_at, shown by GET /transaction, with its event listed by GET /events', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const expiresAt = await expireNow(clientId, txn.id);

    let stored: Record<string, unknown> = {};
    let listed: any[] = [];
    while (Date.now() <= Date.parse(expiresAt) + LOCAL_EXPIRY_WITHIN_MS) {
      stored = await storedItem(clientId, txn.id);
      listed = (await call('GET', `/events?type=payment.expired&transaction_id=${txn.id}`, { key })).body.data;
      if (stored.status === 'expired' && listed.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    expect(stored).toMatchObject({ status: 'expired', expired_at: expiresAt, updated_at: expiresAt });
    expect(stored.due_pk).toBeUndefined();
    const shown = (await call('GET', `/transaction/${txn.id}`, { key })).body.data;
    expect(shown).toMatchObject({ status: 'expired', expired_at: expiresAt, updated_at: expiresAt });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ type: 'payment.expired', created_at: expiresAt, request: { id: null, idempotency_key: null } });
    expect(listed[0].data.object).toEqual(shown);
    expect((await call('GET', `/event/${listed[0].id}`, { key })).body.data).toEqual(listed[0]);
  });
});
