import { describe, expect, it } from 'vitest';
import { call, newClient, type ApiResponse } from '../support/fixtures';
import { createPaymentVia, paymentBody, simulate } from '../support/payments';

/**
 * Free text (docs/api.md §1, "Text"): names, descriptions, reasons, metadata values and webhook
 * endpoint descriptions refuse lone surrogates and control characters with a 400 naming the field;
 * descriptions and reasons may hold tab and line feed. Through HTTP, as a client sends them.
 */

const A_TRANSACTION_ID = 'txn_01M80CCH60Q4X8V3K9T2B7N5RD';

/** Each free-text field, and how to send a request with `value` in it. */
const fields: { field: string; kind: 'line' | 'prose'; send: (key: string, value: string) => Promise<ApiResponse> }[] = [
  {
    field: 'customer.name',
    kind: 'line',
    send: (key, name) => call('POST', '/payment/create', { key, body: paymentBody({ customer: { name, email: 'budi@example.com' } }) }),
  },
  { field: 'metadata.note', kind: 'line', send: (key, note) => call('POST', '/payment/create', { key, body: paymentBody({ metadata: { note } }) }) },
  { field: 'description', kind: 'prose', send: (key, description) => call('POST', '/payment/create', { key, body: paymentBody({ description }) }) },
  { field: 'reason', kind: 'prose', send: (key, reason) => call('POST', `/transaction/${A_TRANSACTION_ID}/cancel`, { key, body: { reason } }) },
  { field: 'reason', kind: 'prose', send: (key, reason) => call('POST', '/refund', { key, body: { transaction_id: A_TRANSACTION_ID, reason } }) },
  {
    field: 'description',
    kind: 'prose',
    send: (key, description) => call('POST', '/webhook/endpoints', { key, body: { url: 'http://127.0.0.1:4242/hooks', description } }),
  },
];

const refused = (field: string, message: string) => ({
  success: false,
  error: { code: 'VALIDATION_ERROR', message: 'Request validation failed', details: [{ field, message }] },
});

const controlMessage = (kind: 'line' | 'prose', position: number, code: string) =>
  `must not contain control characters${kind === 'prose' ? ' other than tab and line feed' : ''}: character ${position} is ${code}`;

describe('free text fields', () => {
  it.each(fields.map((f) => [`${f.field} (${f.kind})`, f] as const))('%s refuses NUL, escapes, DEL and C1 controls naming the character', async (_, f) => {
    const { key } = await newClient();
    const cases: [string, number, string][] = [
      ['Bu\u0000di', 3, 'U+0000'],
      ['\u001b[31mred', 1, 'U+001B'],
      ['abc\u007f', 4, 'U+007F'],
      ['next\u0085line', 5, 'U+0085'],
      ['CR\r', 3, 'U+000D'],
      ['🎫 row\u0007', 6, 'U+0007'], // positions count characters: the ticket emoji is one
    ];
    for (const [value, position, code] of cases) {
      const res = await f.send(key, value);
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body).toEqual(refused(f.field, controlMessage(f.kind, position, code)));
    }
  });

  it.each(fields.map((f) => [`${f.field} (${f.kind})`, f] as const))('%s refuses a lone surrogate', async (_, f) => {
    const { key } = await newClient();
    for (const [value, position, code] of [
      ['ab\ud800', 3, 'U+D800'],
      ['\udc00x', 1, 'U+DC00'],
      ['\ude00\ud83d', 1, 'U+DE00'],
    ] as const) {
      const res = await f.send(key, value);
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body).toEqual(refused(f.field, `must be valid Unicode: character ${position} is a lone surrogate (${code})`));
    }
  });

  it('refuses tab and line feed in a name and a metadata value, which are one line', async () => {
    const { key } = await newClient();
    const name = await fields[0]!.send(key, 'Budi\tSantoso');
    expect(name.body).toEqual(refused('customer.name', controlMessage('line', 5, 'U+0009')));
    const note = await fields[1]!.send(key, 'line one\nline two');
    expect(note.body).toEqual(refused('metadata.note', controlMessage('line', 9, 'U+000A')));
  });

  it('keeps tab and line feed in descriptions and reasons, exactly as sent', async () => {
    const { key } = await newClient();
    const description = 'Two tickets:\n\tRow 7, seats 12–13\n\t🎫 VIP';
    const payment = await createPaymentVia(key, { description, customer: { name: 'Ñusa Dwi 🎉 李', email: 'budi@example.com' } });
    expect(payment.description).toBe(description);
    expect(payment.customer.name).toBe('Ñusa Dwi 🎉 李');

    const reason = 'Customer asked:\n"please cancel"';
    const cancelled = await call('POST', `/transaction/${payment.id}/cancel`, { key, body: { reason } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.cancellation_reason).toBe(reason);

    const settled = await createPaymentVia(key);
    await simulate(key, settled.id, 'settle');
    const refund = await call('POST', '/refund', { key, body: { transaction_id: settled.id, reason: 'Damaged\n\tbox' } });
    expect(refund.status).toBe(201);
    expect(refund.body.data.reason).toBe('Damaged\n\tbox');

    const endpoint = await call('POST', '/webhook/endpoints', { key, body: { url: 'http://127.0.0.1:4242/hooks', description: 'Orders\nteam' } });
    expect(endpoint.status).toBe(201);
    expect(endpoint.body.data.description).toBe('Orders\nteam');
  });

  it('writes nothing for a refused request: the order_id stays free and the transaction pending', async () => {
    const { key } = await newClient();
    const body = paymentBody({ description: 'bad\u0000' });
    expect((await call('POST', '/payment/create', { key, body })).status).toBe(400);
    expect((await call('POST', '/payment/create', { key, body: { ...body, description: 'good' } })).status).toBe(201);

    const payment = await createPaymentVia(key);
    expect((await call('POST', `/transaction/${payment.id}/cancel`, { key, body: { reason: '\u001b' } })).status).toBe(400);
    expect((await call('GET', `/transaction/${payment.id}`, { key })).body.data.status).toBe('pending');
  });

  it('names every bad text field of one request at once', async () => {
    const { key } = await newClient();
    const res = await call('POST', '/payment/create', {
      key,
      body: paymentBody({ customer: { name: '\u0000', email: 'budi@example.com' }, description: '\ud800', metadata: { a: '\u0001', b: 'ok' } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['customer.name', 'description', 'metadata.a']);
  });
});
