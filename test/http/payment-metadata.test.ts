import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import committed from '../../openapi.json' with { type: 'json' };
import { call, newClient, type ApiResponse } from '../support/fixtures';
import { schemaErrors } from '../support/openapi';
import { paymentBody } from '../support/payments';

/**
 * The metadata rule of POST /payment/create (docs/api.md §5), through HTTP on DynamoDB Local:
 * up to 20 keys of 1–40 characters of A-Z a-z 0-9 _ . : -, not __proto__, constructor or
 * prototype; flat values; numbers 0 or of magnitude 1e-130 … 2^53 − 1. Whatever is accepted is
 * stored and read back as sent; whatever is refused is a 400 naming the entry, never a 500.
 */

interface FieldError {
  readonly field: string;
  readonly message: string;
}

const KEY_RULE = 'key must be 1–40 characters of A-Z a-z 0-9 _ . : -';
const RESERVED_KEY_RULE = 'key must not be __proto__, constructor or prototype';
const NUMBER_RULE = 'must be 0 or have a magnitude from 1e-130 to 9007199254740991 (2^53 − 1)';
const VALUE_RULE = 'must be a string (at most 500 characters), number, boolean or null';

/** The rule restated independently of the code: what the API must accept. */
const specKey = (key: string) => /^[A-Za-z0-9_.:-]{1,40}$/.test(key) && !['__proto__', 'constructor', 'prototype'].includes(key);
function specValue(value: unknown): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'string') return value.length <= 500;
  if (typeof value !== 'number') return false;
  const magnitude = Math.abs(value);
  return magnitude <= 2 ** 53 - 1 && (value === 0 || magnitude >= 1e-130);
}
const specAccepts = (metadata: Record<string, unknown>) =>
  Object.keys(metadata).length <= 20 && Object.entries(metadata).every(([key, value]) => specKey(key) && specValue(value));

/** The request body schema of metadata as openapi.json publishes it. */
const documentedMetadata = (committed as any).paths['/payment/create'].post.requestBody.content['application/json'].schema.properties.metadata;

let key: string;

beforeAll(async () => {
  ({ key } = await newClient());
});

/** Sends metadata as raw JSON text, so keys like `__proto__` and numbers like 1e400 reach the server as written. */
const createWithRawMetadata = (rawMetadata: string): Promise<ApiResponse> => {
  const body = JSON.stringify(paymentBody({ metadata: {} })).replace('"metadata":{}', () => `"metadata":${rawMetadata}`);
  return call('POST', '/payment/create', { key, rawBody: body, headers: { 'content-type': 'application/json' } });
};

/** Creates with the metadata and reads the transaction back; returns both answers. */
async function createAndRead(metadata: unknown): Promise<{ created: ApiResponse; read?: ApiResponse }> {
  const created = await createWithRawMetadata(JSON.stringify(metadata));
  if (created.status !== 201) return { created };
  return { created, read: await call('GET', `/transaction/${created.body.data.id}`, { key }) };
}

function expectRefused(res: ApiResponse, details: readonly FieldError[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual({ success: false, error: { code: 'VALIDATION_ERROR', message: expect.any(String), details } });
}

describe('POST /payment/create — metadata numbers', () => {
  it.each([
    { case: 'the largest safe integer', value: 9_007_199_254_740_991 },
    { case: 'the most negative safe integer', value: -9_007_199_254_740_991 },
    { case: "DynamoDB's smallest magnitude", value: 1e-130 },
    { case: "minus DynamoDB's smallest magnitude", value: -1e-130 },
    { case: 'zero', value: 0 },
    { case: 'a decimal with 17 significant digits', value: 123_456_789.123_456_79 },
    { case: 'a tenth', value: 0.1 },
    { case: 'a small exponent', value: 1e-7 },
  ])('stores $case ($value) and reads it back exactly', async ({ value }) => {
    const { created, read } = await createAndRead({ n: value });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.metadata).toEqual({ n: value });
    expect(read?.status).toBe(200);
    expect(read?.body.data.metadata).toEqual({ n: value });
  });

  it.each([
    { case: '1e16 (above 2^53 − 1)', raw: '1e16' },
    { case: '-1e17', raw: '-1e17' },
    { case: '2^53', raw: '9007199254740992' },
    { case: '1e-200 (below DynamoDB\u2019s range)', raw: '1e-200' },
    { case: 'the smallest double, 5e-324', raw: '5e-324' },
    { case: 'just under 1e-130', raw: '9.99e-131' },
    { case: '1e400 (Infinity once parsed)', raw: '1e400' },
  ])('refuses $case with 400 naming the entry', async ({ raw }) => {
    expectRefused(await createWithRawMetadata(`{"n":${raw}}`), [{ field: 'metadata.n', message: NUMBER_RULE }]);
  });
});

describe('POST /payment/create — metadata keys', () => {
  it('accepts keys of every allowed character and returns them unchanged', async () => {
    const metadata = { 'cart.id:v2-A_9': 'x', ['k'.repeat(40)]: 1, toString: true, hasOwnProperty: null };
    const { created, read } = await createAndRead(metadata);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(read?.body.data.metadata).toEqual(metadata);
  });

  it.each(['constructor', 'prototype'])('refuses the key %s, which names object machinery rather than data', async (name) => {
    expectRefused(await createWithRawMetadata(`{"${name}":"x"}`), [{ field: `metadata.${name}`, message: RESERVED_KEY_RULE }]);
  });

  it('refuses a __proto__ key instead of dropping it and creating the payment', async () => {
    expectRefused(await createWithRawMetadata('{"__proto__":{"deep":[1,2,3]}}'), [{ field: 'metadata.__proto__', message: 'key must not be __proto__' }]);
  });

  it.each([
    { case: 'a space', name: 'cart id' },
    { case: 'a #', name: 'a#b' },
    { case: 'a non-ASCII letter', name: 'prénom' },
    { case: '41 characters', name: 'k'.repeat(41) },
    { case: 'nothing', name: '' },
  ])('refuses a key with $case, naming it', async ({ name }) => {
    expectRefused(await createWithRawMetadata(JSON.stringify({ [name]: 'x' })), [{ field: `metadata.${name}`, message: KEY_RULE }]);
  });

  it('names every bad entry at once', async () => {
    const res = await createWithRawMetadata('{"ok":1,"constructor":1,"big":1e16,"a b":true,"nested":{"a":1}}');
    expectRefused(res, [
      { field: 'metadata.constructor', message: RESERVED_KEY_RULE },
      { field: 'metadata.big', message: NUMBER_RULE },
      { field: 'metadata.a b', message: KEY_RULE },
      { field: 'metadata.nested', message: VALUE_RULE },
    ]);
  });
});

describe('POST /payment/create — any metadata', () => {
  const anyKey = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9_.:-]{1,40}$/),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', '', 'a b', 'a#b', 'k'.repeat(41)),
    fc.string({ maxLength: 45 }),
  );
  const anyValue = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('v'.repeat(500), 'v'.repeat(501)),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: -(2 ** 53) - 2, max: 2 ** 53 + 2 }),
    fc.constantFrom(1e16, -1e17, 1e-200, 1e-130, -1e-130, 9.99e-131, 2 ** 53 - 1, 2 ** 53, 0, -0),
    fc.boolean(),
    fc.constant(null),
    fc.constant({ a: 1 }),
    fc.constant([1]),
  );
  const anyMetadata = fc.dictionary(anyKey, anyValue, { maxKeys: 22, noNullPrototype: true });

  it('round-trips through create and GET unchanged when the rule accepts it, else answers 400 naming each bad entry', async () => {
    await fc.assert(
      fc.asyncProperty(anyMetadata, async (metadata) => {
        const sent = JSON.parse(JSON.stringify(metadata)) as Record<string, unknown>;
        const { created, read } = await createAndRead(metadata);
        if (specAccepts(sent)) {
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          expect(created.body.data.metadata).toEqual(sent);
          expect(read?.body.data.metadata).toEqual(sent);
          return;
        }
        expect(created.status, JSON.stringify(created.body)).toBe(400);
        expect(created.body.error.code).toBe('VALIDATION_ERROR');
        const fields = (created.body.error.details as FieldError[]).map((d) => d.field);
        const badFields = Object.entries(sent)
          .filter(([k, v]) => !specKey(k) || !specValue(v))
          .map(([k]) => `metadata.${k}`);
        // Every bad entry is named; the key count ('metadata') may wait until the keys are valid.
        expect(fields).toEqual(expect.arrayContaining(badFields));
        expect(badFields.length > 0 ? [...badFields, 'metadata'] : ['metadata']).toEqual(expect.arrayContaining(fields));
      }),
      { numRuns: 100 },
    );
  });

  it('openapi.json states the same rule: its metadata schema accepts exactly what the API accepts', () => {
    fc.assert(
      fc.property(anyMetadata, (metadata) => {
        const sent = JSON.parse(JSON.stringify(metadata)) as Record<string, unknown>;
        expect(schemaErrors(documentedMetadata, sent) === null, JSON.stringify(sent)).toBe(specAccepts(sent));
      }),
      { numRuns: 2_000 },
    );
  });
});
