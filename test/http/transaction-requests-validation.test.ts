import { describe, expect, it } from 'vitest';
import { call, newClient, type ApiResponse } from '../support/fixtures';
import { createPaymentVia } from '../support/payments';

/** Request validation of the transaction routes (docs/api.md §2, §5, §8): queries, path ids, bodies, headers. */

interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** A syntactically valid ULID (the spec's own example); no client has a transaction with it. */
const ULID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

const STATUS_RULE = 'must be one or more of pending, settled, failed, expired, cancelled, refunded, separated by commas';
const LIMIT_RULE = 'must be an integer from 1 to 100';
const TIMESTAMP_RULE = 'must be an ISO 8601 timestamp such as 2026-11-22T01:02:03.456Z';
const TRANSACTION_ID_RULE = 'must be a transaction id (txn_ followed by a ULID)';

function expectValidationError(res: ApiResponse, details: readonly FieldError[]): void {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message: expect.any(String), details } });
}

/** Lists transactions as a brand-new client with the given query parameters. */
async function listAsNewClient(query: Record<string, string>): Promise<ApiResponse> {
  const { key } = await newClient();
  return call('GET', `/transactions?${new URLSearchParams(query)}`, { key });
}

/** A brand-new client's key and one pending transaction of theirs. */
async function pendingTransaction(): Promise<{ key: string; id: string }> {
  const { key } = await newClient();
  const txn = await createPaymentVia(key);
  return { key, id: txn.id };
}

describe('GET /transactions — query validation', () => {
  it('rejects an unknown query parameter, naming it', async () => {
    const res = await listAsNewClient({ stauts: 'pending' });
    expectValidationError(res, [{ field: 'stauts', message: 'is not a recognized query parameter' }]);
  });

  it.each(['bogus', 'pending,bogus'])('rejects status=%s on field status', async (status) => {
    const res = await listAsNewClient({ status });
    expectValidationError(res, [{ field: 'status', message: STATUS_RULE }]);
  });

  it('accepts several comma-separated statuses', async () => {
    const res = await listAsNewClient({ status: 'pending,settled' });
    expect(res.status).toBe(200);
  });

  it.each(['0', '101', 'abc', '5.5', '-1'])('rejects limit=%s with "must be an integer from 1 to 100"', async (limit) => {
    const res = await listAsNewClient({ limit });
    expectValidationError(res, [{ field: 'limit', message: LIMIT_RULE }]);
  });

  it.each([1, 100])('accepts limit=%i and echoes it in pagination', async (limit) => {
    const res = await listAsNewClient({ limit: String(limit) });
    expect(res.status).toBe(200);
    expect(res.body.pagination.limit).toBe(limit);
  });

  it('uses a default limit of 20', async () => {
    const res = await listAsNewClient({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [], pagination: { limit: 20, has_more: false, next_cursor: null } });
  });

  it('rejects an unknown payment_method', async () => {
    const res = await listAsNewClient({ payment_method: 'crypto' });
    expectValidationError(res, [{ field: 'payment_method', message: 'must be one of bank_transfer, ewallet, qris, card, retail' }]);
  });

  it('rejects an unknown payment_channel', async () => {
    const res = await listAsNewClient({ payment_channel: 'xyz_va' });
    expectValidationError(res, [{ field: 'payment_channel', message: 'must be a payment channel of the catalog' }]);
  });

  it.each([
    { field: 'created_from', value: 'yesterday' },
    { field: 'created_from', value: '1700000000' },
    { field: 'created_to', value: '2026-11-22T25:00:00.000Z' },
  ])('rejects $field=$value, which is not a timestamp', async ({ field, value }) => {
    const res = await listAsNewClient({ [field]: value });
    expectValidationError(res, [{ field, message: TIMESTAMP_RULE }]);
  });

  it('accepts timestamps with an offset', async () => {
    const res = await listAsNewClient({ created_from: '2026-11-22T08:00:00+07:00', created_to: '2026-11-23T01:00:00.000Z' });
    expect(res.status).toBe(200);
  });

  it.each([
    { case: 'equal to', from: '2026-11-22T01:02:03.456Z', to: '2026-11-22T01:02:03.456Z' },
    { case: 'earlier than', from: '2026-11-22T01:02:03.456Z', to: '2026-11-21T01:02:03.456Z' },
    { case: 'the same instant in another zone as', from: '2026-11-22T01:00:00.000Z', to: '2026-11-22T08:00:00+07:00' },
  ])('rejects a created_to $case created_from on field created_to', async ({ from, to }) => {
    const res = await listAsNewClient({ created_from: from, created_to: to });
    expectValidationError(res, [{ field: 'created_to', message: 'must be later than created_from' }]);
  });

  it.each([
    { case: 'garbage', cursor: 'garbage' },
    { case: 'three dot-separated parts', cursor: 'a.b.c' },
    // A well-formed position ({"v":1,"after":"txn_…"}) with a made-up signature.
    { case: 'a forged signature', cursor: `${Buffer.from(JSON.stringify({ v: 1, after: `txn_${ULID}` })).toString('base64url')}.forged` },
  ])('rejects a cursor that is $case with "is not a valid cursor for this request"', async ({ cursor }) => {
    const res = await listAsNewClient({ cursor });
    expectValidationError(res, [{ field: 'cursor', message: 'is not a valid cursor for this request' }]);
  });

  it('names every bad query parameter at once', async () => {
    const res = await listAsNewClient({ limit: '0', status: 'bogus', foo: '1' });
    expect(res.status).toBe(400);
    const fields = (res.body.error.details as FieldError[]).map((d) => d.field).sort();
    expect(fields).toEqual(['foo', 'limit', 'status']);
  });
});

describe('GET /transaction/{id} — path id', () => {
  it.each([
    { case: 'a short id', id: 'txn_123' },
    { case: 'no prefix and no ULID', id: 'abc' },
    { case: 'a ULID without its prefix', id: ULID },
    { case: 'a refund id', id: `rfd_${ULID}` },
    { case: 'characters outside Crockford base32', id: `txn_${'U'.repeat(26)}` },
    { case: 'a ULID one character too long', id: `txn_${ULID}0` },
    { case: 'a lower-case ULID', id: `txn_${ULID.toLowerCase()}` },
    { case: 'an upper-case prefix', id: `TXN_${ULID}` },
    { case: 'a ULID beyond its 48-bit time (first character 8)', id: `txn_8${ULID.slice(1)}` },
    { case: 'the largest out-of-range ULID', id: `txn_${'Z'.repeat(26)}` },
  ])('rejects $case ($id) with 400 VALIDATION_ERROR on field id', async ({ id }) => {
    const { key } = await newClient();
    const res = await call('GET', `/transaction/${id}`, { key });
    expectValidationError(res, [{ field: 'id', message: TRANSACTION_ID_RULE }]);
  });

  it('answers 404 NOT_FOUND for a well-formed id that does not exist', async () => {
    const { key } = await newClient();
    const res = await call('GET', `/transaction/txn_${ULID}`, { key });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });
});

describe('POST /transaction/{id}/cancel — body', () => {
  it('accepts a request without a body and cancels the pending transaction', async () => {
    const { key, id } = await pendingTransaction();
    const res = await call('POST', `/transaction/${id}/cancel`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'cancelled', cancellation_reason: null });
  });

  it('accepts a reason of 255 characters and records it', async () => {
    const { key, id } = await pendingTransaction();
    const reason = 'r'.repeat(255);
    const res = await call('POST', `/transaction/${id}/cancel`, { key, body: { reason } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancellation_reason: reason });
  });

  it('rejects a reason of 256 characters', async () => {
    const { key, id } = await pendingTransaction();
    const res = await call('POST', `/transaction/${id}/cancel`, { key, body: { reason: 'r'.repeat(256) } });
    expectValidationError(res, [{ field: 'reason', message: 'must be at most 255 characters' }]);
  });

  it('rejects an unknown field, naming it', async () => {
    const { key, id } = await pendingTransaction();
    const res = await call('POST', `/transaction/${id}/cancel`, { key, body: { foo: 1 } });
    expectValidationError(res, [{ field: 'foo', message: 'is not a recognized field' }]);
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body sent as text/plain', async () => {
    const { key, id } = await pendingTransaction();
    const res = await call('POST', `/transaction/${id}/cancel`, {
      key,
      rawBody: JSON.stringify({ reason: 'changed my mind' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('leaves the transaction pending when the cancel request is rejected', async () => {
    const { key, id } = await pendingTransaction();
    await call('POST', `/transaction/${id}/cancel`, { key, body: { reason: 'r'.repeat(256) } });
    const res = await call('GET', `/transaction/${id}`, { key });
    expect(res.body.data.status).toBe('pending');
  });
});

describe('POST /transaction/{id}/simulate — body and headers', () => {
  it('rejects a body without outcome: "is required"', async () => {
    const { key, id } = await pendingTransaction();
    const res = await call('POST', `/transaction/${id}/simulate`, { key, body: {} });
    expectValidationError(res, [{ field: 'outcome', message: 'is required' }]);
  });

  it('rejects an outcome that is not settle, fail or expire', async () => {
    const { key, id } = await pendingTransaction();
    const res = await call('POST', `/transaction/${id}/simulate`, { key, body: { outcome: 'refund' } });
    expectValidationError(res, [{ field: 'outcome', message: 'must be one of settle, fail, expire' }]);
  });

  it('answers 400 INVALID_JSON when there is no body at all', async () => {
    const { key, id } = await pendingTransaction();
    const res = await call('POST', `/transaction/${id}/simulate`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_JSON');
  });

  it('rejects an Idempotency-Key longer than 255 characters on field Idempotency-Key', async () => {
    const { key, id } = await pendingTransaction();
    const res = await call('POST', `/transaction/${id}/simulate`, {
      key,
      body: { outcome: 'settle' },
      headers: { 'idempotency-key': 'k'.repeat(256) },
    });
    expectValidationError(res, [{ field: 'Idempotency-Key', message: 'must be 1–255 printable ASCII characters' }]);
  });

  it('accepts an Idempotency-Key of exactly 255 characters', async () => {
    const { key, id } = await pendingTransaction();
    const res = await call('POST', `/transaction/${id}/simulate`, {
      key,
      body: { outcome: 'settle' },
      headers: { 'idempotency-key': 'k'.repeat(255) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('settled');
  });
});
