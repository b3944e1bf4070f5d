import { describe, expect, it } from 'vitest';
import type { Db } from '../../lib/db/db';
import { idBytes, idOfBytes, newId } from '../../lib/ids';
import { newPaymentToken, parsePaymentToken, PAYMENT_TOKEN_LENGTH, resolvePaymentToken } from '../../lib/payments/payment-token';

/** The payment page's token (lib/payments/payment-token.ts): its format, without a table. */

const clientId = newId('client');
const transactionId = newId('transaction');
const token = newPaymentToken(clientId, transactionId);

/** A Db that fails the test if anything asks the table: a malformed token must cost no read. */
const noTable = new Proxy({} as Db, {
  get: () => {
    throw new Error('the table was asked');
  },
});

describe('a payment token', () => {
  it('is 64 characters of base64url: the two ids and 128 random bits, 48 bytes', () => {
    expect(PAYMENT_TOKEN_LENGTH).toBe(64);
    expect(token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(48);
  });

  it('names the client and the transaction it was made for', () => {
    expect(parsePaymentToken(token)).toEqual({ clientId, transactionId });
  });

  it('differs for every token made, even for the same transaction: its last 16 bytes are random', () => {
    const tokens = Array.from({ length: 100 }, () => newPaymentToken(clientId, transactionId));
    expect(new Set(tokens).size).toBe(100);
    expect(new Set(tokens.map((t) => t.slice(0, 42)))).toEqual(new Set([token.slice(0, 42)]));
    expect(new Set(tokens.map((t) => Buffer.from(t, 'base64url').subarray(32).toString('hex'))).size).toBe(100);
  });

  it('refuses to be made for ids that are not a client id and a transaction id', () => {
    expect(() => newPaymentToken(transactionId, transactionId)).toThrow(/cli_/);
    expect(() => newPaymentToken(clientId, 'txn_not-a-ulid')).toThrow(/txn_/);
  });
});

describe('parsing a payment token', () => {
  it.each([
    ['empty', ''],
    ['truncated by one character', token.slice(0, -1)],
    ['overlong by one character', `${token}A`],
    ['twice as long', token + token],
    ['in standard base64 (+ and /)', `${token.slice(0, 62)}+/`],
    ['with base64 padding', `${token.slice(0, 63)}=`],
    ['with a dot', `${token.slice(0, 63)}.`],
    ['percent-encoded', `${token.slice(0, 61)}%2F`],
    ['with a space', `${token.slice(0, 63)} `],
    ['with a non-ASCII letter', `${token.slice(0, 63)}é`],
    ['a transaction id', transactionId],
  ])('finds nothing in a token that is %s', (_what, value) => {
    expect(parsePaymentToken(value)).toBeUndefined();
  });

  it.each([
    ['truncated', token.slice(0, -1)],
    ['overlong', `${token}A`],
    ['not base64url', `${token.slice(0, 63)}+`],
    ['empty', ''],
  ])('resolves a %s token to nothing without reading the table', async (_what, value) => {
    await expect(resolvePaymentToken(noTable, value)).resolves.toBeUndefined();
  });

  it("reads any 64 base64url characters as some client and transaction: whether it is theirs is the table's to say", () => {
    expect(parsePaymentToken('_'.repeat(64))).toEqual({ clientId: `cli_7${'Z'.repeat(25)}`, transactionId: `txn_7${'Z'.repeat(25)}` });
  });
});

describe('an id in binary', () => {
  it('is the 16 bytes of its ULID, and reads back as the same id', () => {
    for (const kind of ['client', 'transaction'] as const) {
      const id = newId(kind);
      expect(idBytes(kind, id)).toHaveLength(16);
      expect(idOfBytes(kind, idBytes(kind, id))).toBe(id);
    }
    expect(idBytes('transaction', 'txn_00000000000000000000000001').toString('hex')).toBe(`${'0'.repeat(31)}1`);
    expect(idOfBytes('client', Buffer.alloc(16, 0xff))).toBe(`cli_7${'Z'.repeat(25)}`);
  });
});
