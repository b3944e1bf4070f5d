import { beforeAll, describe, expect, it } from 'vitest';
import { call, newClient, type ApiResponse } from '../support/fixtures';
import { createPaymentVia, paymentBody, simulate } from '../support/payments';

/**
 * JSON.parse keeps a `"__proto__"` key as an ordinary property, but plain-object code treats it as
 * the prototype and drops it. Wherever a client sends one, the answer is a 400 naming it, never a
 * request that succeeds without it (or a 500).
 */

const PROTO_RULE = 'key must not be __proto__';

let key: string;
let pendingId: string;
let settledId: string;

beforeAll(async () => {
  ({ key } = await newClient());
  pendingId = (await createPaymentVia(key)).id;
  settledId = (await createPaymentVia(key)).id;
  await simulate(key, settledId, 'settle');
});

/** Sends a body as raw JSON text, so `__proto__` reaches the server as written. */
const postRaw = (path: string, rawBody: string): Promise<ApiResponse> => call('POST', path, { key, rawBody, headers: { 'content-type': 'application/json' } });

/** A valid JSON body with `"__proto__": value` inserted at the `{` that starts `at`. */
function withProto(body: Record<string, unknown>, at: string, value: string): string {
  const text = JSON.stringify(body);
  const index = text.indexOf(`${at}{`) + at.length + 1;
  return `${text.slice(0, index)}"__proto__":${value},${text.slice(index)}`;
}

function expectRefused(res: ApiResponse, field: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message: expect.any(String), details: [{ field, message: PROTO_RULE }] } });
}

describe('a __proto__ key in a body is refused, naming where it is', () => {
  it('at the top of a payment', async () => {
    expectRefused(await postRaw('/payment/create', withProto(paymentBody(), '', '{"amount":1}')), '__proto__');
  });

  it('in the customer', async () => {
    expectRefused(await postRaw('/payment/create', withProto(paymentBody(), '"customer":', '"x"')), 'customer.__proto__');
  });

  it('in metadata, where it used to vanish and the payment was created without it', async () => {
    const body = withProto(paymentBody({ metadata: { cart: 'C-1' } }), '"metadata":', '{"deep":[1,2,3]}');
    expectRefused(await postRaw('/payment/create', body), 'metadata.__proto__');
  });

  it('nested below an unknown field', async () => {
    const body = JSON.stringify(paymentBody()).replace(/}$/, ',"extra":[{"__proto__":1}]}');
    const res = await postRaw('/payment/create', body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'extra', message: 'is not a recognized field' },
      { field: 'extra.0.__proto__', message: PROTO_RULE },
    ]);
  });

  it('in a cancel, a simulate and a refund, which then change nothing', async () => {
    expectRefused(await postRaw(`/transaction/${pendingId}/cancel`, '{"__proto__":{"reason":"r"}}'), '__proto__');
    expectRefused(await postRaw(`/transaction/${pendingId}/simulate`, '{"outcome":"settle","__proto__":{}}'), '__proto__');
    expectRefused(await postRaw('/refund', `{"transaction_id":"${settledId}","__proto__":{"amount":1}}`), '__proto__');
    expect((await call('GET', `/transaction/${pendingId}`, { key })).body.data.status).toBe('pending');
    expect((await call('GET', `/transaction/${settledId}`, { key })).body.data.refunded_amount).toBe(0);
  });

  it('refuses a body nested thousands of levels deep with 400, not a crash', async () => {
    const depth = 7_000;
    const body = JSON.stringify(paymentBody()).replace(/}$/, `,"extra":${'['.repeat(depth)}{"__proto__":1}${']'.repeat(depth)}}`);
    const res = await postRaw('/payment/create', body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ field: `extra.${'0.'.repeat(depth)}__proto__`, message: PROTO_RULE });
  });
});

describe('a __proto__ query parameter', () => {
  it('is refused like any unknown parameter, not dropped', async () => {
    const res = await call('GET', '/transactions?__proto__=x&limit=5', { key });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ field: '__proto__', message: 'is not a recognized query parameter' }]);
  });
});
