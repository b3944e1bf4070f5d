import { describe, expect, it } from 'vitest';
import { putItem } from '../../lib/db/requests';
import { idBytes } from '../../lib/ids';
import { transactionEntity } from '../../lib/payments/items';
import { parsePaymentToken, resolvePaymentToken } from '../../lib/payments/payment-token';
import { faultyDb } from '../support/faults';
import { call, newClient, testDb } from '../support/fixtures';
import { createPaymentVia, simulate, storedItem } from '../support/payments';

/**
 * The payment page's token on DynamoDB Local (lib/payments/payment-token.ts): the page resolves
 * it with one GetItem, and anything but the very token its transaction holds resolves to nothing,
 * so the page answers 404 for all of it alike.
 */

/** The token of a transaction's payment page: the last segment of its `payment_url`. */
const tokenOf = (transaction: { payment_url: string }) => transaction.payment_url.split('/pay/')[1]!;

/** A token of 48 bytes written as base64url: a client id, a transaction id and 16 bytes that should be the secret. */
const forged = (clientId: string, transactionId: string, secret: Buffer) =>
  Buffer.concat([idBytes('client', clientId), idBytes('transaction', transactionId), secret]).toString('base64url');

/** The 16 bytes of a token that only its transaction knows. */
const secretOf = (token: string) => Buffer.from(token, 'base64url').subarray(32);

describe('resolving a payment page token', () => {
  it('finds the transaction and its client from the token of its payment_url, with one GetItem of the transaction', async () => {
    const { clientId, key } = await newClient();
    const created = await createPaymentVia(key);
    const commands: string[] = [];
    const db = faultyDb(async (command, send) => {
      commands.push(command);
      return send();
    });

    const found = await resolvePaymentToken(db, tokenOf(created));

    expect(found?.clientId).toBe(clientId);
    expect(found?.transaction).toEqual(created);
    expect(commands).toEqual(['GetItemCommand']);
  });

  it("finds the transaction's current state, not the one it had when the token was made", async () => {
    const { key } = await newClient();
    const created = await createPaymentVia(key);
    await simulate(key, created.id, 'settle');

    expect((await resolvePaymentToken(testDb(), tokenOf(created)))?.transaction.status).toBe('settled');
  });

  it('finds nothing for the right client and transaction with a wrong secret', async () => {
    const { clientId, key } = await newClient();
    const created = await createPaymentVia(key);
    const secret = secretOf(tokenOf(created));
    const wrong = Buffer.from(secret);
    wrong[15] = wrong[15]! ^ 1;

    expect(await resolvePaymentToken(testDb(), forged(clientId, created.id, wrong))).toBeUndefined();
    expect(await resolvePaymentToken(testDb(), forged(clientId, created.id, Buffer.alloc(16)))).toBeUndefined();
  });

  it("finds nothing for one transaction's id with another transaction's secret, of the same client", async () => {
    const { clientId, key } = await newClient();
    const [first, second] = [await createPaymentVia(key), await createPaymentVia(key)];

    expect(await resolvePaymentToken(testDb(), forged(clientId, first.id, secretOf(tokenOf(second))))).toBeUndefined();
  });

  it("finds nothing for another client's transaction under this client's id, even with that transaction's own secret", async () => {
    const mine = await newClient();
    const theirs = await newClient();
    const their = await createPaymentVia(theirs.key);

    expect(await resolvePaymentToken(testDb(), forged(mine.clientId, their.id, secretOf(tokenOf(their))))).toBeUndefined();
    // …while their own token is theirs alone.
    expect((await resolvePaymentToken(testDb(), tokenOf(their)))?.clientId).toBe(theirs.clientId);
  });

  it("finds nothing for this client's transaction under another client's id", async () => {
    const mine = await newClient();
    const other = await newClient();
    const created = await createPaymentVia(mine.key);

    expect(await resolvePaymentToken(testDb(), forged(other.clientId, created.id, secretOf(tokenOf(created))))).toBeUndefined();
  });

  it('finds nothing for a token with one character changed, in case or otherwise', async () => {
    const { key } = await newClient();
    const token = tokenOf(await createPaymentVia(key));
    const flipCase = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
    const at = [...token].findLastIndex((c) => flipCase(c) !== c);

    for (const changed of [token.slice(0, at) + flipCase(token[at]!) + token.slice(at + 1), `${token.slice(0, 63)}${token[63] === 'A' ? 'B' : 'A'}`]) {
      expect(parsePaymentToken(changed)).toBeDefined();
      expect(await resolvePaymentToken(testDb(), changed)).toBeUndefined();
    }
  });

  it('finds nothing for a truncated, an overlong or a non-base64url token', async () => {
    const { key } = await newClient();
    const token = tokenOf(await createPaymentVia(key));

    for (const bad of [token.slice(0, -1), `${token}A`, `${token.slice(0, 63)}+`, `${token.slice(0, 63)}=`, encodeURIComponent(`${token.slice(0, 63)}/`)]) {
      expect(await resolvePaymentToken(testDb(), bad), bad).toBeUndefined();
    }
  });

  it('finds nothing once a reset has removed the transaction: its token dies with it', async () => {
    const { key } = await newClient();
    const token = tokenOf(await createPaymentVia(key));
    expect(await resolvePaymentToken(testDb(), token)).toBeDefined();

    expect((await call('POST', '/sandbox/reset', { key })).status).toBe(200);

    expect(await resolvePaymentToken(testDb(), token)).toBeUndefined();
  });

  it('finds nothing for a transaction made before the payment page existed: it holds no token', async () => {
    const { clientId, key } = await newClient();
    const created = await createPaymentVia(key);
    const token = tokenOf(created);
    const { payment_token: _none, ...legacy } = await storedItem(clientId, created.id);
    await putItem(testDb(), { Item: legacy });

    expect(await resolvePaymentToken(testDb(), token)).toBeUndefined();
    expect(transactionEntity.fromItem(legacy).transaction.payment_url).toBeNull();
  });
});
