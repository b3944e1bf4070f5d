import { describe, expect, inject, it } from 'vitest';
import { call, newClient, type ApiResponse } from '../support/fixtures';
import { paymentBody } from '../support/payments';

/** POST /payment/create: every field rule of docs/api.md §5 and the request checks of §1–§2, through HTTP. */

interface FieldError {
  readonly field: string;
  readonly message: string;
}

const TXN_ID = /^txn_[0-9A-HJKMNP-TV-Z]{26}$/;
const ISO_UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The payment page on this server: `{base_url}/pay/` and a token of 64 base64url characters. */
const PAYMENT_URL = new RegExp(`^${inject('baseUrl').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/pay/[A-Za-z0-9_-]{64}$`);
const MAX_BODY_BYTES = 16 * 1024;

const ORDER_ID_RULE = 'must be 1–64 characters of A-Z a-z 0-9 _ . : -';
const PHONE_RULE = 'must be 8–15 digits, optionally after +';
const METADATA_VALUE_RULE = 'must be a string (at most 500 characters), number, boolean or null';

const customer = { name: 'Budi', email: 'budi@example.com', phone: '+628123456789' };

/** Creates a payment as a brand-new client, so no test depends on another's data. */
async function createAsNewClient(body: unknown): Promise<ApiResponse> {
  const { key } = await newClient();
  return call('POST', '/payment/create', { key, body });
}

/** Sends a raw body as a brand-new client holding every scope. */
async function sendRaw(rawBody: string | undefined, contentType?: string): Promise<ApiResponse> {
  const { key } = await newClient();
  return call('POST', '/payment/create', { key, rawBody, headers: contentType ? { 'content-type': contentType } : {} });
}

/** The default body without one top-level field. */
function paymentBodyWithout(field: string): Record<string, unknown> {
  const { [field]: _omitted, ...rest } = paymentBody();
  return rest;
}

/** The default body with some customer fields replaced. */
const withCustomer = (overrides: Record<string, unknown>) => paymentBody({ customer: { ...customer, ...overrides } });

function expectValidationError(res: ApiResponse, details: readonly FieldError[]): void {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message: expect.any(String), details } });
}

function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ success: false, error: { code, message: expect.any(String) } });
}

const fieldsOf = (res: ApiResponse): string[] => [...new Set((res.body.error.details as FieldError[]).map((d) => d.field))].sort();

/** An address of exactly `length` characters, with RFC-sized parts (64-char local part, labels under 63). */
function emailOfLength(length: number): string {
  const local = 'a'.repeat(64);
  const tld = '.com';
  const labels = Array.from({ length: length - local.length - 1 - tld.length }, (_, i) => (i % 50 === 49 ? '.' : 'b'));
  return `${local}@${labels.join('')}${tld}`;
}

const keys = (count: number, value: unknown = 'v') => Object.fromEntries(Array.from({ length: count }, (_, i) => [`key_${i}`, value]));

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

// Every test makes its own client, so they run five at a time: each waits on the server, not the CPU.
describe.concurrent('POST /payment/create — required fields', () => {
  it.each([
    { field: 'order_id', body: paymentBodyWithout('order_id') },
    { field: 'amount', body: paymentBodyWithout('amount') },
    { field: 'payment_method', body: paymentBodyWithout('payment_method') },
    { field: 'payment_channel', body: paymentBodyWithout('payment_channel') },
    { field: 'customer', body: paymentBodyWithout('customer') },
    { field: 'customer.name', body: paymentBody({ customer: { email: 'budi@example.com' } }) },
    { field: 'customer.email', body: paymentBody({ customer: { name: 'Budi' } }) },
  ])('answers 400 VALIDATION_ERROR with "is required" when $field is missing', async ({ field, body }) => {
    const res = await createAsNewClient(body);
    expectValidationError(res, [{ field, message: 'is required' }]);
  });

  it('accepts a body with only the required fields and no customer phone', async () => {
    const body = paymentBody({ customer: { name: 'Budi', email: 'budi@example.com' } });
    const res = await createAsNewClient(body);
    expect(res.status).toBe(201);
    expect(res.body.data.customer).toEqual({ name: 'Budi', email: 'budi@example.com' });
  });
});

describe.concurrent('POST /payment/create — order_id', () => {
  it.each([
    { case: '1 character', orderId: 'x' },
    { case: '64 characters', orderId: 'o'.repeat(64) },
    { case: 'every allowed kind of character', orderId: 'AZ-az_09.:X' },
  ])('accepts an order_id of $case', async ({ orderId }) => {
    const res = await createAsNewClient(paymentBody({ order_id: orderId }));
    expect(res.status).toBe(201);
    expect(res.body.data.order_id).toBe(orderId);
  });

  it.each([
    { case: '65 characters', orderId: 'o'.repeat(65), message: ORDER_ID_RULE },
    { case: 'an empty string', orderId: '', message: ORDER_ID_RULE },
    { case: 'a space', orderId: 'ORDER 1001', message: ORDER_ID_RULE },
    { case: 'a slash', orderId: 'ORDER/1001', message: ORDER_ID_RULE },
    { case: 'a non-ASCII letter', orderId: 'ORDÉR-1001', message: ORDER_ID_RULE },
    { case: 'a number instead of a string', orderId: 1001, message: 'must be a string' },
  ])('rejects an order_id with $case', async ({ orderId, message }) => {
    const res = await createAsNewClient(paymentBody({ order_id: orderId }));
    expectValidationError(res, [{ field: 'order_id', message }]);
  });
});

describe.concurrent('POST /payment/create — amount', () => {
  it.each([
    { case: 'the bca_va minimum', method: 'bank_transfer', channel: 'bca_va', amount: 10_000 },
    { case: 'the bca_va maximum', method: 'bank_transfer', channel: 'bca_va', amount: 100_000_000 },
    { case: 'the qris minimum', method: 'qris', channel: 'qris', amount: 1_000 },
    { case: 'the qris maximum', method: 'qris', channel: 'qris', amount: 10_000_000 },
  ])('accepts $case ($amount)', async ({ method, channel, amount }) => {
    const res = await createAsNewClient(paymentBody({ payment_method: method, payment_channel: channel, amount }));
    expect(res.status).toBe(201);
    expect(res.body.data.amount).toBe(amount);
  });

  it.each([
    { case: 'a fraction', channel: 'bca_va', amount: 1.5, message: 'must be an integer' },
    { case: 'a numeric string', channel: 'bca_va', amount: '150000', message: 'must be an integer' },
    { case: 'one below the bca_va minimum', channel: 'bca_va', amount: 9_999, message: 'must be from 10000 to 100000000 for bca_va' },
    { case: 'one above the bca_va maximum', channel: 'bca_va', amount: 100_000_001, message: 'must be from 10000 to 100000000 for bca_va' },
    { case: 'negative', channel: 'bca_va', amount: -150_000, message: 'must be from 10000 to 100000000 for bca_va' },
    { case: 'zero', channel: 'bca_va', amount: 0, message: 'must be from 10000 to 100000000 for bca_va' },
    { case: 'one below the qris minimum', channel: 'qris', amount: 999, message: 'must be from 1000 to 10000000 for qris' },
  ])('rejects an amount that is $case', async ({ channel, amount, message }) => {
    const method = channel === 'qris' ? 'qris' : 'bank_transfer';
    const res = await createAsNewClient(paymentBody({ payment_method: method, payment_channel: channel, amount }));
    expectValidationError(res, [{ field: 'amount', message }]);
  });
});

describe.concurrent('POST /payment/create — payment_method and payment_channel', () => {
  it('rejects an unknown payment_method', async () => {
    const res = await createAsNewClient(paymentBody({ payment_method: 'crypto' }));
    expectValidationError(res, [{ field: 'payment_method', message: 'must be one of bank_transfer, ewallet, qris, card, retail' }]);
  });

  it.each([
    {
      case: 'bank_transfer with gopay',
      method: 'bank_transfer',
      channel: 'gopay',
      message: 'must be a channel of bank_transfer: bca_va, bni_va, bri_va, mandiri_va, permata_va',
    },
    {
      case: 'ewallet with bca_va',
      method: 'ewallet',
      channel: 'bca_va',
      message: 'must be a channel of ewallet: gopay, ovo, dana, shopeepay',
    },
    {
      case: 'bank_transfer with xyz_va',
      method: 'bank_transfer',
      channel: 'xyz_va',
      message: 'must be a channel of bank_transfer: bca_va, bni_va, bri_va, mandiri_va, permata_va',
    },
  ])('rejects $case on field payment_channel', async ({ method, channel, message }) => {
    const res = await createAsNewClient(paymentBody({ payment_method: method, payment_channel: channel }));
    expectValidationError(res, [{ field: 'payment_channel', message }]);
  });
});

describe.concurrent('POST /payment/create — customer', () => {
  it.each([
    { case: 'a string', value: 'Budi' },
    { case: 'an array', value: [customer] },
    { case: 'null', value: null },
  ])('rejects a customer that is $case', async ({ value }) => {
    const res = await createAsNewClient(paymentBody({ customer: value }));
    expectValidationError(res, [{ field: 'customer', message: 'must be an object' }]);
  });

  it.each([
    { case: '1 character', name: 'B' },
    { case: '100 characters', name: 'n'.repeat(100) },
  ])('accepts a customer.name of $case', async ({ name }) => {
    const res = await createAsNewClient(withCustomer({ name }));
    expect(res.status).toBe(201);
    expect(res.body.data.customer.name).toBe(name);
  });

  it.each([
    { case: 'empty', name: '', message: 'must not be empty' },
    { case: '101 characters', name: 'n'.repeat(101), message: 'must be at most 100 characters' },
    { case: 'not a string', name: 42, message: 'must be a string' },
  ])('rejects a customer.name that is $case', async ({ name, message }) => {
    const res = await createAsNewClient(withCustomer({ name }));
    expectValidationError(res, [{ field: 'customer.name', message }]);
  });

  it('accepts a customer.email of exactly 254 characters', async () => {
    const email = emailOfLength(254);
    const res = await createAsNewClient(withCustomer({ email }));
    expect(res.status).toBe(201);
    expect(res.body.data.customer.email).toBe(email);
  });

  it.each([
    { case: 'without a domain', email: 'budi@', message: 'must be an e-mail address' },
    { case: 'without an @', email: 'budi.example.com', message: 'must be an e-mail address' },
    { case: '255 characters long', email: emailOfLength(255), message: 'must be at most 254 characters' },
  ])('rejects a customer.email $case', async ({ email, message }) => {
    const res = await createAsNewClient(withCustomer({ email }));
    expectValidationError(res, [{ field: 'customer.email', message }]);
  });

  it.each([
    { case: 'international format', phone: '+628123456789' },
    { case: 'national format', phone: '08123456789' },
    { case: '8 digits', phone: '12345678' },
    { case: '15 digits after +', phone: '+123456789012345' },
  ])('accepts a customer.phone in $case ($phone)', async ({ phone }) => {
    const res = await createAsNewClient(withCustomer({ phone }));
    expect(res.status).toBe(201);
    expect(res.body.data.customer.phone).toBe(phone);
  });

  it.each([
    { case: 'only 5 digits', phone: '12345' },
    { case: 'a dash', phone: '+62-812' },
    { case: 'spaces', phone: '+62 812 3456 789' },
    { case: '16 digits', phone: '1234567890123456' },
  ])('rejects a customer.phone with $case ($phone)', async ({ phone }) => {
    const res = await createAsNewClient(withCustomer({ phone }));
    expectValidationError(res, [{ field: 'customer.phone', message: PHONE_RULE }]);
  });
});

describe.concurrent('POST /payment/create — unknown fields', () => {
  it('rejects an unknown top-level field, naming it', async () => {
    const res = await createAsNewClient(paymentBody({ foo: 'bar' }));
    expectValidationError(res, [{ field: 'foo', message: 'is not a recognized field' }]);
  });

  it('rejects an unknown field inside customer, naming it with its path', async () => {
    const res = await createAsNewClient(withCustomer({ age: 30 }));
    expectValidationError(res, [{ field: 'customer.age', message: 'is not a recognized field' }]);
  });

  it('does not let a misspelt field pass silently: names both the typo and the missing field', async () => {
    const res = await createAsNewClient({ ...paymentBodyWithout('amount'), Amount: 150_000 });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'Amount', message: 'is not a recognized field' },
        { field: 'amount', message: 'is required' },
      ]),
    );
    expect(res.body.error.details).toHaveLength(2);
  });
});

describe.concurrent('POST /payment/create — currency', () => {
  it('accepts the channel currency IDR', async () => {
    const res = await createAsNewClient(paymentBody({ currency: 'IDR' }));
    expect(res.status).toBe(201);
    expect(res.body.data.currency).toBe('IDR');
  });

  it('rejects a currency other than the channel currency', async () => {
    const res = await createAsNewClient(paymentBody({ currency: 'USD' }));
    expectValidationError(res, [{ field: 'currency', message: 'must be IDR for bca_va' }]);
  });
});

describe.concurrent('POST /payment/create — description', () => {
  it.each([
    { case: '255 characters', description: 'd'.repeat(255) },
    { case: 'null', description: null },
  ])('accepts a description of $case', async ({ description }) => {
    const res = await createAsNewClient(paymentBody({ description }));
    expect(res.status).toBe(201);
    expect(res.body.data.description).toBe(description);
  });

  it('rejects a description of 256 characters', async () => {
    const res = await createAsNewClient(paymentBody({ description: 'd'.repeat(256) }));
    expectValidationError(res, [{ field: 'description', message: 'must be at most 255 characters' }]);
  });
});

describe.concurrent('POST /payment/create — metadata', () => {
  it.each([
    { case: '20 keys', metadata: keys(20) },
    { case: 'a key of 40 characters', metadata: { ['k'.repeat(40)]: 'v' } },
    { case: 'a string value of 500 characters', metadata: { note: 'v'.repeat(500) } },
    { case: 'values of every allowed type', metadata: { s: 'x', n: 1.5, b: true, z: null } },
  ])('accepts metadata with $case and returns it unchanged', async ({ metadata }) => {
    const res = await createAsNewClient(paymentBody({ metadata }));
    expect(res.status).toBe(201);
    expect(res.body.data.metadata).toEqual(metadata);
  });

  it.each([
    { case: '21 keys', metadata: keys(21), details: [{ field: 'metadata', message: 'must have at most 20 keys' }] },
    {
      case: 'a string value of 501 characters',
      metadata: { note: 'v'.repeat(501) },
      details: [{ field: 'metadata.note', message: 'must be at most 500 characters' }],
    },
    {
      case: 'a nested object value',
      metadata: { nested: { a: 1 } },
      details: [{ field: 'metadata.nested', message: METADATA_VALUE_RULE }],
    },
    { case: 'an array value', metadata: { tags: ['a'] }, details: [{ field: 'metadata.tags', message: METADATA_VALUE_RULE }] },
    { case: 'a string instead of an object', metadata: 'note', details: [{ field: 'metadata', message: 'must be an object' }] },
    { case: 'an array instead of an object', metadata: ['note'], details: [{ field: 'metadata', message: 'must be an object' }] },
  ])('rejects metadata with $case', async ({ metadata, details }) => {
    const res = await createAsNewClient(paymentBody({ metadata }));
    expectValidationError(res, details);
  });

  it('rejects a metadata key of 41 characters, naming the key', async () => {
    const key = 'k'.repeat(41);
    const res = await createAsNewClient(paymentBody({ metadata: { [key]: 'v' } }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(res)).toEqual([`metadata.${key}`]);
  });
});

describe.concurrent('POST /payment/create — expiry_minutes', () => {
  it.each([1, 10_080])('accepts expiry_minutes %i and sets expires_at that many minutes after created_at', async (expiry) => {
    const res = await createAsNewClient(paymentBody({ expiry_minutes: expiry }));
    expect(res.status).toBe(201);
    expect(minutesBetween(res.body.data.created_at, res.body.data.expires_at)).toBe(expiry);
  });

  it.each([
    { case: 'zero', value: 0, message: 'must be from 1 to 10080' },
    { case: 'above 10080', value: 10_081, message: 'must be from 1 to 10080' },
    { case: 'a fraction', value: 1.5, message: 'must be an integer' },
    { case: 'a numeric string', value: '60', message: 'must be an integer' },
  ])('rejects expiry_minutes that is $case ($value)', async ({ value, message }) => {
    const res = await createAsNewClient(paymentBody({ expiry_minutes: value }));
    expectValidationError(res, [{ field: 'expiry_minutes', message }]);
  });
});

describe.concurrent('POST /payment/create — return_url', () => {
  const RETURN_URL_SCHEME = 'must use https, or http on localhost, 127.0.0.1, [::1]';
  const longUrl = (length: number) => {
    const start = 'https://shop.example.com/return?pad=';
    return start + 'x'.repeat(length - start.length);
  };

  it.each([
    { case: 'https on any host, with a port, a query and a fragment', url: 'https://shop.example.com:8443/orders/ORDER-1/return?lang=id#done' },
    { case: 'https on an IP address', url: 'https://203.0.113.7/return' },
    { case: 'https on localhost', url: 'https://localhost/return' },
    { case: 'http on localhost with a port', url: 'http://localhost:3000/return?from=sandbox' },
    { case: 'http on 127.0.0.1', url: 'http://127.0.0.1/return' },
    { case: 'http on [::1]', url: 'http://[::1]:8080/return' },
    { case: 'exactly 2048 characters', url: longUrl(2048) },
  ])('accepts a return_url that is $case, and shows it as given', async ({ url }) => {
    const res = await createAsNewClient(paymentBody({ return_url: url }));
    expect(res.status).toBe(201);
    expect(res.body.data.return_url).toBe(url);
  });

  it('shows return_url null when it was not given, or given as null', async () => {
    expect((await createAsNewClient(paymentBody())).body.data.return_url).toBeNull();
    expect((await createAsNewClient(paymentBody({ return_url: null }))).body.data.return_url).toBeNull();
  });

  it.each([
    { case: 'http on a host that is not loopback', url: 'http://shop.example.com/return', message: RETURN_URL_SCHEME },
    { case: 'http on a private address', url: 'http://10.0.0.8/return', message: RETURN_URL_SCHEME },
    { case: 'http on another loopback address than 127.0.0.1', url: 'http://127.0.0.2/return', message: RETURN_URL_SCHEME },
    { case: 'http on a name that only starts with localhost', url: 'http://localhost.example.com/return', message: RETURN_URL_SCHEME },
    { case: 'ftp:', url: 'ftp://shop.example.com/return', message: RETURN_URL_SCHEME },
    { case: 'javascript:', url: 'javascript:alert(document.cookie)', message: RETURN_URL_SCHEME },
    { case: 'data:', url: 'data:text/html,<p>paid</p>', message: RETURN_URL_SCHEME },
    { case: 'a user and password', url: 'https://user:secret@shop.example.com/return', message: 'must not contain a user name or password' },
    { case: 'a user alone', url: 'https://user@shop.example.com/return', message: 'must not contain a user name or password' },
    { case: 'relative', url: '/orders/ORDER-1/return', message: 'must be an absolute URL such as https://shop.example.com/orders/return' },
    { case: 'without its slashes', url: 'https:shop.example.com/return', message: 'must be an absolute URL such as https://shop.example.com/orders/return' },
    { case: 'empty', url: '', message: 'must be an absolute URL such as https://shop.example.com/orders/return' },
    { case: '2049 characters', url: longUrl(2049), message: 'must be at most 2048 characters' },
    { case: 'with a space', url: 'https://shop.example.com/my return', message: 'must not contain spaces or control characters' },
    { case: 'with a line feed', url: 'https://shop.example.com/\nreturn', message: 'must not contain spaces or control characters' },
    {
      case: 'with a letter outside ASCII',
      url: 'https://shop.example.com/kembali/é',
      message: 'must be written in ASCII: percent-encode any other character (and punycode a host name)',
    },
    { case: 'not a string', url: 42, message: 'must be a string' },
  ])('refuses a return_url that is $case with 400 VALIDATION_ERROR naming return_url', async ({ url, message }) => {
    const res = await createAsNewClient(paymentBody({ return_url: url }));
    expectValidationError(res, [{ field: 'return_url', message }]);
  });
});

describe.concurrent('POST /payment/create — several bad fields at once', () => {
  it('names every bad field in details', async () => {
    const res = await createAsNewClient({
      order_id: 'ORDER 1001',
      amount: 1.5,
      payment_method: 'bank_transfer',
      payment_channel: 'bca_va',
      customer: { name: '', email: 'budi@', age: 30 },
      description: 'd'.repeat(256),
      expiry_minutes: 0,
      foo: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(res)).toEqual(['amount', 'customer.age', 'customer.email', 'customer.name', 'description', 'expiry_minutes', 'foo', 'order_id']);
  });

  // docs/api.md §2: `details` names each bad field. The channel rules (amount range, method/channel pair,
  // currency) span several fields, so they are the ones at risk of going unreported next to another error.
  it.each([
    { case: 'amount too low, customer a string', overrides: { amount: 9_999, customer: 'Budi' }, fields: ['amount', 'customer'] },
    { case: 'currency USD, expiry_minutes 1.5', overrides: { currency: 'USD', expiry_minutes: 1.5 }, fields: ['currency', 'expiry_minutes'] },
    {
      case: 'channel gopay, no customer.email',
      overrides: { payment_channel: 'gopay', customer: { name: 'Budi' } },
      fields: ['customer.email', 'payment_channel'],
    },
  ])('names both fields for $case', async ({ overrides, fields }) => {
    const res = await createAsNewClient(paymentBody(overrides));
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(fields);
  });
});

describe.concurrent('POST /payment/create — request checks before validation', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded'])('answers 415 UNSUPPORTED_MEDIA_TYPE for a JSON body sent as %s', async (contentType) => {
    const res = await sendRaw(JSON.stringify(paymentBody()), contentType);
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it.each(['application/json; charset=utf-8', 'Application/JSON'])('accepts Content-Type %s', async (contentType) => {
    const res = await sendRaw(JSON.stringify(paymentBody()), contentType);
    expect(res.status).toBe(201);
  });

  // Trailing whitespace is valid JSON: padding changes only the size (the body is ASCII, so chars = bytes).
  it('accepts a body of exactly 16 KiB', async () => {
    const json = JSON.stringify(paymentBody());
    const res = await sendRaw(json.padEnd(MAX_BODY_BYTES, ' '), 'application/json');
    expect(res.status).toBe(201);
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a body one byte over 16 KiB', async () => {
    const json = JSON.stringify(paymentBody());
    const res = await sendRaw(json.padEnd(MAX_BODY_BYTES + 1, ' '), 'application/json');
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each([
    { case: 'malformed JSON', body: '{"order_id": "ORDER-1001",' },
    { case: 'a JSON array', body: JSON.stringify([paymentBody()]) },
    { case: 'a JSON string', body: '"ORDER-1001"' },
    { case: 'a JSON number', body: '42' },
    { case: 'JSON null', body: 'null' },
  ])('answers 400 INVALID_JSON for $case', async ({ body }) => {
    const res = await sendRaw(body, 'application/json');
    expectError(res, 400, 'INVALID_JSON');
  });

  it('answers 400 INVALID_JSON when there is no body at all', async () => {
    const res = await sendRaw(undefined);
    expectError(res, 400, 'INVALID_JSON');
  });

  it('authenticates first: no key and a malformed body is 401', async () => {
    const res = await call('POST', '/payment/create', { rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid or missing API key' } });
  });

  it('checks the scope before the body: a key without transactions:write and a malformed body is 403', async () => {
    const { key } = await newClient(['transactions:read', 'channels:read']);
    const res = await call('POST', '/payment/create', { key, rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: { code: 'FORBIDDEN', message: 'Insufficient permissions for this operation' } });
  });

  it('checks the media type before the fields: wrong media type and invalid fields is 415', async () => {
    const res = await sendRaw(JSON.stringify({ order_id: '', amount: 'lots', foo: 1 }), 'text/plain');
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('checks the media type before the size: an oversized text/plain body is 415', async () => {
    const res = await sendRaw('x'.repeat(MAX_BODY_BYTES + 1), 'text/plain');
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('checks the size before the syntax: an oversized malformed body is 413', async () => {
    const res = await sendRaw(`{${'x'.repeat(MAX_BODY_BYTES)}`, 'application/json');
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe.concurrent('POST /payment/create — the created transaction', () => {
  it('answers 201 with every field of the transaction object', async () => {
    const body = paymentBody();
    const before = Date.now();
    const res = await createAsNewClient(body);
    const after = Date.now();

    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body.success).toBe(true);
    const txn = res.body.data;
    expect(txn).toEqual({
      id: expect.stringMatching(TXN_ID),
      order_id: body.order_id,
      status: 'pending',
      amount: 150_000,
      currency: 'IDR',
      payment_method: 'bank_transfer',
      payment_channel: 'bca_va',
      customer,
      description: null,
      metadata: {},
      fee: 4_000,
      net_amount: 146_000,
      refunded_amount: 0,
      payment_details: { va_number: expect.stringMatching(/^[0-9]+$/) },
      payment_url: expect.stringMatching(PAYMENT_URL),
      return_url: null,
      expires_at: expect.stringMatching(ISO_UTC_MILLIS),
      created_at: expect.stringMatching(ISO_UTC_MILLIS),
      updated_at: txn.created_at,
      settled_at: null,
      cancelled_at: null,
      expired_at: null,
      failed_at: null,
      cancellation_reason: null,
      failure_code: null,
      failure_reason: null,
    });
    expect(Date.parse(txn.created_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(txn.created_at)).toBeLessThanOrEqual(after);
    expect(minutesBetween(txn.created_at, txn.expires_at)).toBe(1_440);
  });

  it.each([
    { method: 'bank_transfer', channel: 'bca_va', expiry: 1_440, details: { va_number: expect.stringMatching(/^[0-9]+$/) } },
    { method: 'qris', channel: 'qris', expiry: 15, details: { qr_string: expect.stringMatching(/./) } },
    { method: 'retail', channel: 'alfamart', expiry: 1_440, details: { payment_code: expect.stringMatching(/./) } },
    { method: 'ewallet', channel: 'gopay', expiry: 15, details: { checkout_url: expect.stringMatching(PAYMENT_URL) } },
    { method: 'card', channel: 'credit_card', expiry: 60, details: {} },
  ])('gives $method ($channel) its payment_details and an expiry of $expiry minutes', async ({ method, channel, expiry, details }) => {
    const res = await createAsNewClient(paymentBody({ payment_method: method, payment_channel: channel }));
    expect(res.status).toBe(201);
    expect(res.body.data.payment_details).toEqual(details);
    // An e-wallet's checkout is the payment page itself.
    if (method === 'ewallet') expect(res.body.data.payment_details.checkout_url).toBe(res.body.data.payment_url);
    expect(minutesBetween(res.body.data.created_at, res.body.data.expires_at)).toBe(expiry);
  });

  it.each([
    { method: 'bank_transfer', channel: 'bca_va', amount: 150_000, fee: 4_000 },
    { method: 'card', channel: 'credit_card', amount: 10_000, fee: 2_290 },
    { method: 'ewallet', channel: 'gopay', amount: 100_000, fee: 2_000 },
    { method: 'qris', channel: 'qris', amount: 5_500, fee: 39 },
    { method: 'retail', channel: 'alfamart', amount: 10_000, fee: 5_000 },
  ])('charges a $channel payment of $amount a fee of $fee (half-up) and nets the rest', async ({ method, channel, amount, fee }) => {
    const res = await createAsNewClient(paymentBody({ payment_method: method, payment_channel: channel, amount }));
    expect(res.status).toBe(201);
    expect(res.body.data.fee).toBe(fee);
    expect(res.body.data.net_amount).toBe(amount - fee);
  });
});
