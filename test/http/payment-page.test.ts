import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { recordedEventsOf } from '../support/events';
import { createClient, createKey } from '../../lib/auth/key-repository';
import { newPaymentToken, parsePaymentToken } from '../../lib/payments/payment-token';
import { call, newClient, testDb } from '../support/fixtures';
import { assertDocumentedResponse } from '../support/openapi';
import { createPaymentVia, storedItem } from '../support/payments';
import { advance } from '../support/sandbox-clock';
import { startReceiver, verified } from '../support/webhook-receiver';

/**
 * The payment page through the local server (docs/api.md §16): its headers as served, its 404s,
 * what it shows and never shows, each action's transition and event, the card form's checks, the
 * redirect to the shop and the receipt, and the client's per-second limit.
 */

const RETURN_URL = 'http://127.0.0.1:4999/shop/return?cart=42&lang=id';

interface PageResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly html: string;
}

const pathOf = (url: string) => url.slice(inject('baseUrl').length);

/** Fetches a page without following redirects, and checks the answer against openapi.json. */
async function fetchPage(url: string, init: RequestInit = {}): Promise<PageResponse> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const html = await response.text();
  assertDocumentedResponse({ method: init.method ?? 'GET', path: pathOf(url), status: response.status, headers: response.headers, body: html });
  return { status: response.status, headers: response.headers, html };
}

/** Posts the page's form, as a browser does. */
const submit = (url: string, fields: Record<string, string>) =>
  fetchPage(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

const tokenOf = (url: string) => url.split('/pay/')[1]!;

const transactionOf = async (key: string, id: string) => (await call('GET', `/transaction/${id}`, { key })).body.data;

const card = (number: string, overrides: Record<string, string> = {}) => ({
  action: 'card',
  card_number: number,
  card_expiry: '12/39',
  card_cvc: '123',
  card_name: 'Budi Santoso',
  ...overrides,
});

describe('the payment page as served', () => {
  it('carries a strict policy, no referrer, no store, noindex and no framing', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key, { return_url: RETURN_URL });

    const { status, headers, html } = await fetchPage(txn.payment_url);

    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).toContain("form-action 'self' http://127.0.0.1:4999;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-robots-tag')).toBe('noindex');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(html).toContain('Sandbox');
  });

  it('opens with a query string a shop or a mail tool added, and ignores it', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const { status, html } = await fetchPage(`${txn.payment_url}?utm_source=mail&lang=id`);
    expect(status).toBe(200);
    expect(html).toContain(txn.order_id);
  });

  it('lets forms post only to itself when the transaction has no return_url', async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key);
    const { headers } = await fetchPage(txn.payment_url);
    expect(headers.get('content-security-policy')).toContain("form-action 'self';");
  });

  it('is a 404 page for an unknown, malformed, tampered, other-client or reset token', async () => {
    const { key } = await newClient();
    const other = await newClient();
    const txn = await createPaymentVia(key);
    const gone = await createPaymentVia(other.key);
    expect((await call('POST', '/sandbox/reset', { key: other.key, body: {} })).status).toBe(200);
    const token = tokenOf(txn.payment_url);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const base = `${inject('baseUrl')}/pay/`;
    // Another client's live transaction, named under this client's id (with fresh random bits).
    const theirs = await createPaymentVia(other.key);
    const borrowed = newPaymentToken(parsePaymentToken(token)!.clientId, theirs.id);

    for (const url of [`${base}${'A'.repeat(64)}`, `${base}not-a-token`, `${base}${tampered}`, `${base}${borrowed}`, gone.payment_url]) {
      const { status, headers, html } = await fetchPage(url);
      expect(status, url).toBe(404);
      expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(html).toContain('Page not found');
      expect(html).not.toContain(txn.id);
    }
    const posted = await submit(`${base}${tampered}`, { action: 'pay' });
    expect(posted.status).toBe(404);
    expect((await transactionOf(key, txn.id)).status).toBe('pending');
  });

  it('is the same 404 page, with its headers, for a path under /pay/ that holds no token or more than one segment', async () => {
    const base = inject('baseUrl');
    for (const url of [`${base}/pay`, `${base}/pay/`, `${base}/pay/a/b`, `${base}/pay//`]) {
      const { status, headers, html } = await fetchPage(url);
      expect(status, url).toBe(404);
      expect(headers.get('content-type'), url).toBe('text/html; charset=utf-8');
      expect(headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
      expect(headers.get('referrer-policy'), url).toBe('no-referrer');
      expect(headers.get('x-robots-tag'), url).toBe('noindex');
      expect(headers.get('cache-control'), url).toBe('no-store');
      expect(html, url).toContain('<h1>Page not found</h1>');
      expect(html, url).toContain('No such page');
    }
    // Only a browser's GET gets a page: anything else, and any other path, is the API's JSON.
    const posted = await fetch(`${base}/pay/`, { method: 'POST' });
    expect(posted.status).toBe(404);
    expect(posted.headers.get('content-type')).toMatch(/^application\/json/);
    const elsewhere = await fetch(`${base}/payments/`);
    expect(elsewhere.status).toBe(404);
    expect(((await elsewhere.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it("shows the merchant, order, amount, channel, status and time left, never the customer's e-mail, phone or metadata", async () => {
    const client = await createClient(testDb(), 'Toko "Budi" & <Sons>');
    const { key } = await createKey(testDb(), { clientId: client.id });
    const txn = await createPaymentVia(key, {
      customer: { name: 'Budi', email: 'budi.secret@example.com', phone: '+628123456789' },
      metadata: { internal_note: 'do-not-show-this' },
      amount: 150_000,
    });
    const { html } = await fetchPage(txn.payment_url);
    expect(html).toContain('Pay Toko &quot;Budi&quot; &amp; &lt;Sons&gt;');
    expect(html).toContain(txn.order_id);
    expect(html).toContain('IDR 150,000');
    expect(html).toContain('BCA Virtual Account');
    expect(html).toContain(txn.payment_details.va_number);
    expect(html).toContain('Waiting for payment');
    expect(html).toMatch(/Time left<\/dt><dd>23 h 59 min/);
    for (const secret of ['budi.secret@example.com', '628123456789', 'do-not-show-this', 'internal_note', client.id]) {
      expect(html).not.toContain(secret);
    }
  });

  it("counts time left on the client's sandbox clock", async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key, { expiry_minutes: 120 });
    expect((await advance(key, { seconds: 3600 })).status).toBe(200);
    const { html } = await fetchPage(txn.payment_url);
    expect(html).toMatch(/Time left<\/dt><dd>(59 min|1 h 0 min)/);
  });
});

describe("the page's actions", () => {
  it('Pay settles through the same transition as simulate, with an event that names the payment page, then sends the browser to the shop with its own query kept', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { return_url: RETURN_URL });

    const { status, headers } = await submit(txn.payment_url, { action: 'pay' });

    expect(status).toBe(303);
    expect(headers.get('location')).toBe(`${RETURN_URL}&transaction_id=${txn.id}&order_id=${encodeURIComponent(txn.order_id)}&status=settled`);
    expect(headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:4999;");
    const after = await transactionOf(key, txn.id);
    expect(after).toMatchObject({ status: 'settled', failure_code: null });
    const events = await recordedEventsOf(clientId, txn.id);
    expect(events.map((e) => e.type)).toEqual(['payment.created', 'payment.settled']);
    expect(events[1]!.request).toEqual({ id: expect.any(String), idempotency_key: null, source: 'payment_page' });
    expect(events[0]!.request).not.toHaveProperty('source');
    const ledger = (await call('GET', `/settlements?transaction_id=${txn.id}`, { key })).body.data;
    expect(ledger).toHaveLength(1);

    // Opened again, the page sends the browser back to the shop at once.
    const again = await fetchPage(txn.payment_url);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('status=settled');
  });

  it("sends the page's payment.settled to the client's webhook endpoint as usual, signed, naming the payment page", async () => {
    const { key } = await newClient();
    const hooks = await startReceiver();
    try {
      const endpoint = await call('POST', '/webhook/endpoints', { key, body: { url: hooks.url, enabled_events: ['payment.settled'] } });
      expect(endpoint.status).toBe(201);
      const txn = await createPaymentVia(key, { payment_method: 'card', payment_channel: 'credit_card', amount: 100_000 });

      expect((await submit(txn.payment_url, card('4111 1111 1111 1111'))).status).toBe(303);

      const [delivery] = await hooks.waitFor(1);
      const event = verified(endpoint.body.data.secret, delivery!) as {
        type: string;
        data: { object: { id: string; payment_details: unknown } };
        request: unknown;
      };
      expect(event.type).toBe('payment.settled');
      expect(event.data.object).toMatchObject({ id: txn.id, payment_details: { card: { brand: 'visa', last4: '1111', exp_month: 12, exp_year: 2039 } } });
      expect(event.request).toMatchObject({ source: 'payment_page', idempotency_key: null });
      expect(delivery!.body).not.toContain('4111111111111111');
    } finally {
      await hooks.close();
    }
  });

  it('Fail fails with failure_code simulated; without a return_url the browser comes back to a receipt with no action', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { payment_method: 'retail', payment_channel: 'alfamart', amount: 50_000 });

    const { status, headers } = await submit(txn.payment_url, { action: 'fail' });

    expect(status).toBe(303);
    expect(headers.get('location')).toBe(tokenOf(txn.payment_url));
    expect(await transactionOf(key, txn.id)).toMatchObject({ status: 'failed', failure_code: 'simulated', failure_reason: 'Payment failed (simulated)' });
    const receipt = await fetchPage(new URL(headers.get('location')!, txn.payment_url).href);
    expect(receipt.status).toBe(200);
    expect(receipt.html).toContain('Receipt');
    expect(receipt.html).toContain('Failed');
    expect(receipt.html).not.toContain('<form');
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created', 'payment.failed']);
  });

  it('a cancelled transaction shows no action, and an action on it changes nothing and shows the winner', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { payment_method: 'ewallet', payment_channel: 'gopay', amount: 50_000 });
    expect((await call('POST', `/transaction/${txn.id}/cancel`, { key, body: {} })).status).toBe(200);

    const { html } = await fetchPage(txn.payment_url);
    expect(html).toContain('Cancelled');
    expect(html).not.toContain('<form');
    const posted = await submit(txn.payment_url, { action: 'pay' });
    expect(posted.status).toBe(303);
    expect((await transactionOf(key, txn.id)).status).toBe('cancelled');
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created', 'payment.cancelled']);
  });

  it.each([
    ['4111 1111 1111 1111', 'settled', null, 'visa', '1111'],
    ['5555555555554444', 'settled', null, 'mastercard', '4444'],
    ['4242424242424242', 'settled', null, 'visa', '4242'],
    ['4000 0000 0000 0002', 'failed', 'card_declined', 'visa', '0002'],
    ['4000000000009995', 'failed', 'insufficient_funds', 'visa', '9995'],
  ])('test card %s → %s (%s), keeping brand, last4 and expiry only', async (number, status, code, brand, last4) => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { payment_method: 'card', payment_channel: 'credit_card', amount: 100_000, return_url: RETURN_URL });

    const posted = await submit(txn.payment_url, card(number));

    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toContain(`status=${status}`);
    const after = await transactionOf(key, txn.id);
    expect(after).toMatchObject({ status, failure_code: code, payment_details: { card: { brand, last4, exp_month: 12, exp_year: 2039 } } });
    const item = JSON.stringify(await storedItem(clientId, txn.id));
    expect(item).not.toContain(number.replace(/ /g, ''));
  });

  it('4000 0000 0000 3220 asks for 3-D Secure first: Complete settles, and Complete is refused before a challenge', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { payment_method: 'card', payment_channel: 'credit_card', amount: 100_000 });

    const early = await submit(txn.payment_url, { action: '3ds-complete' });
    expect(early.status).toBe(400);
    expect(early.html).toContain('no 3-D Secure challenge');
    expect((await transactionOf(key, txn.id)).status).toBe('pending');

    const posted = await submit(txn.payment_url, card('4000000000003220'));
    expect(posted.status).toBe(303);
    expect(await transactionOf(key, txn.id)).toMatchObject({ status: 'pending', payment_details: {} });
    const challenge = await fetchPage(txn.payment_url);
    expect(challenge.html).toContain('3-D Secure');
    expect(challenge.html).toContain('value="3ds-complete"');

    const done = await submit(txn.payment_url, { action: '3ds-complete' });
    expect(done.status).toBe(303);
    expect(await transactionOf(key, txn.id)).toMatchObject({ status: 'settled', payment_details: { card: { brand: 'visa', last4: '3220' } } });
    expect(await storedItem(clientId, txn.id)).not.toHaveProperty('card_challenge');
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created', 'payment.settled']);
  });

  it("3-D Secure's Fail fails with authentication_failed", async () => {
    const { key } = await newClient();
    const txn = await createPaymentVia(key, { payment_method: 'card', payment_channel: 'credit_card', amount: 100_000 });
    await submit(txn.payment_url, card('4000 0000 0000 3220'));
    const done = await submit(txn.payment_url, { action: '3ds-fail' });
    expect(done.status).toBe(303);
    expect(await transactionOf(key, txn.id)).toMatchObject({ status: 'failed', failure_code: 'authentication_failed' });
  });

  it.each([
    ['a Luhn-invalid number', card('4111 1111 1111 1112'), 'card_number', 'not valid'],
    ['an expiry in the past', card('4111111111111111', { card_expiry: '01/20' }), 'card_expiry', 'expired'],
    ['an expiry that is no MM/YY', card('4111111111111111', { card_expiry: '13/30' }), 'card_expiry', 'MM/YY'],
    ['a missing CVC', card('4111111111111111', { card_cvc: '' }), 'card_cvc', 'security code'],
    ['a missing name', card('4111111111111111', { card_name: ' ' }), 'card_name', 'name on the card'],
  ])('%s is an inline error on its field, and changes nothing', async (_what, fields, field, words) => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key, { payment_method: 'card', payment_channel: 'credit_card', amount: 100_000 });
    const before = await storedItem(clientId, txn.id);

    const { status, html } = await submit(txn.payment_url, fields);

    expect(status).toBe(400);
    expect(html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true" aria-describedby="${field}-error"`));
    expect(html).toMatch(new RegExp(`<p id="${field}-error" class="error">[^<]*${words}`, 'i'));
    expect(html).not.toContain(fields.card_number.replace(/ /g, ''));
    expect(await storedItem(clientId, txn.id)).toEqual(before);
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created']);
  });

  it('answers malformed input with an error page, never a 500, and changes nothing', async () => {
    const { clientId, key } = await newClient();
    const txn = await createPaymentVia(key);
    const cardTxn = await createPaymentVia(key, { payment_method: 'card', payment_channel: 'credit_card', amount: 100_000 });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: [string, RequestInit, number][] = [
      ['an unknown action', { headers: form, body: 'action=steal' }, 400],
      ['no action', { headers: form, body: 'card_number=1' }, 400],
      ['an unknown field', { headers: form, body: 'action=pay&amount=1' }, 400],
      ['a field sent twice', { headers: form, body: 'action=pay&action=fail' }, 400],
      ['JSON', { headers: { 'content-type': 'application/json' }, body: '{"action":"pay"}' }, 415],
      ['a body over 16 KiB', { headers: form, body: `action=pay&card_name=${'x'.repeat(17_000)}` }, 413],
      ['a card action on a VA payment', { headers: form, body: 'action=card&card_number=4111111111111111' }, 400],
    ];
    for (const [what, init, expected] of cases) {
      const { status, headers, html } = await fetchPage(txn.payment_url, { method: 'POST', ...init });
      expect(status, what).toBe(expected);
      expect(headers.get('content-type'), what).toBe('text/html; charset=utf-8');
      expect(html, what).toContain('request id');
    }
    const pay = await fetchPage(cardTxn.payment_url, { method: 'POST', headers: form, body: 'action=pay' });
    expect(pay.status).toBe(400);
    expect((await transactionOf(key, txn.id)).status).toBe('pending');
    expect((await transactionOf(key, cardTxn.id)).status).toBe('pending');
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created']);
  });
});

describe('random input to the payment page', () => {
  const field = fc.oneof(fc.constantFrom('action', 'card_number', 'card_expiry', 'card_cvc', 'card_name'), fc.string({ maxLength: 12 }));
  const value = fc.oneof(
    fc.constantFrom('pay', 'fail', 'card', '3ds-complete', '3ds-fail', '4111 1111 1111 1112', '13/99', '00/00', ''),
    fc.string({ maxLength: 40 }),
    fc.stringMatching(/^[0-9 ]{0,25}$/),
  );
  const form = fc.array(fc.tuple(field, value), { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString());
  const contentType = fc.constantFrom(
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=utf-8',
    'text/plain',
    'application/json',
    '',
  );

  it('never answers a 5xx, always an HTML page or a redirect, for random forms and random tokens', async () => {
    const { key } = await newClient();
    const pages = [
      (await createPaymentVia(key, { payment_method: 'card', payment_channel: 'credit_card', amount: 100_000 })).payment_url,
      (await createPaymentVia(key)).payment_url,
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pages), form, contentType, async (url, body, type) => {
        const { status, headers } = await fetchPage(url, { method: 'POST', headers: type ? { 'content-type': type } : {}, body });
        expect([303, 400, 413, 415, 429], `${type} ${body}`).toContain(status);
        expect(headers.get('content-type')).toMatch(/^text\/(html|plain); charset=utf-8$/);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      // "." and ".." are no token: a URL's dot segments are removed before the request is sent (by
      // fetch as by a browser), so `/pay/.` asks for `/pay/`, which no token reaches.
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 80 }).filter((token) => token !== '.' && token !== '..'),
          fc.stringMatching(/^[A-Za-z0-9_-]{64}$/),
        ),
        async (token) => {
          const { status } = await fetchPage(`${inject('baseUrl')}/pay/${encodeURIComponent(token)}`);
          expect([404, 400]).toContain(status);
        },
      ),
      { numRuns: 60 },
    );
  });
});
