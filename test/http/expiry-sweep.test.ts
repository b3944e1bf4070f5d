import { describe, expect, it } from 'vitest';
import { LOCAL_SWEEP_INTERVAL_MS } from '../../infra/local/sandbox';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia, expireNow, storedItem } from '../support/payments';

/**
 * Under `npm start` (here: the suite's local server, which runs the sweep every LOCAL_SWEEP_INTERVAL_MS
 * as `npm start` does), a payment whose expires_at passes is stored expired, with its payment.expired
 * event, by the sweep (docs/api.md §10). The contract's "within 2 s" is that interval and one pass:
 * the interval is checked; how long this machine takes to see the pass is not (a busy machine is
 * slower), so the test waits for it as long as its timeout lets it.
 */

describe('expiry under the local sandbox', () => {
  it('stores a payment expired by the sweep that runs every second, shown by GET /transaction, with its event listed by GET /events', async () => {
    expect(LOCAL_SWEEP_INTERVAL_MS).toBeLessThanOrEqual(1_000);
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const expiresAt = await expireNow(clientId, txn.id);

    let stored = await storedItem(clientId, txn.id);
    let listed: any[] = [];
    while (stored.status !== 'expired' || listed.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await storedItem(clientId, txn.id);
      listed = (await call('GET', `/events?type=payment.expired&transaction_id=${txn.id}`, { key })).body.data;
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
