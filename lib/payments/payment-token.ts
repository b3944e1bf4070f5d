import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';
import { idBytes, idOfBytes } from '../ids';
import type { StoredTransaction } from './items';
import { findTransaction } from './transaction-repository';

/**
 * The payment page's token (docs/api.md §5, `payment_url`; decision 0246): the page's only
 * credential, naming exactly one transaction. Its 48 bytes, written as 64 characters of base64url:
 *
 *   client id's ULID (16 bytes) · transaction id's ULID (16 bytes) · 128 random bits (16 bytes)
 *
 * The ids make it resolvable with one GetItem of the transaction's own item, and the transaction
 * item stores the whole token (`payment_token`, lib/payments/items.ts): a token is the page's only
 * when it is the one its transaction holds, compared in constant time. A create costs no item and
 * no call more; a reset, which removes the transaction, removes its token with it.
 */

/** How many random bytes a token carries: 128 bits. */
const SECRET_BYTES = 16;
const TOKEN_BYTES = 16 + 16 + SECRET_BYTES;
/** The characters of a token: base64url of its bytes, without padding (48 bytes are exactly 64 characters). */
export const PAYMENT_TOKEN_LENGTH = (TOKEN_BYTES / 3) * 4;
const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${PAYMENT_TOKEN_LENGTH}}$`);

/** What a well-formed token names: a client and one of its transactions. */
export interface PaymentTokenTarget {
  readonly clientId: string;
  readonly transactionId: string;
}

/** A new token for a transaction of a client, with fresh random bits. */
export function newPaymentToken(clientId: string, transactionId: string): string {
  return Buffer.concat([idBytes('client', clientId), idBytes('transaction', transactionId), randomBytes(SECRET_BYTES)]).toString('base64url');
}

/**
 * The client and transaction a token names, or undefined when it is not a token at all (wrong
 * length, a character outside base64url). Says nothing of whether it is the transaction's: only
 * resolvePaymentToken knows that.
 */
export function parsePaymentToken(token: string): PaymentTokenTarget | undefined {
  if (!TOKEN.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  return { clientId: idOfBytes('client', bytes.subarray(0, 16)), transactionId: idOfBytes('transaction', bytes.subarray(16, 32)) };
}

/** Whether `presented` is `held`, in time that does not depend on where they differ. */
function sameToken(held: string, presented: string): boolean {
  const a = Buffer.from(held);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The transaction a payment page's token names, with its client: one strongly consistent GetItem
 * of the transaction's item, and only when that transaction holds exactly this token. Undefined for
 * anything else — a malformed token (no read at all), an unknown one, another client's transaction
 * under this client's id, a right id with a wrong secret, a transaction removed by a reset or made
 * before the page existed (it holds no token) — so the page answers every one of them alike (404).
 * The transaction is as stored: the page shows it on its client's clock (viewTransaction).
 */
export async function resolvePaymentToken(db: Db, token: string): Promise<StoredTransaction | undefined> {
  const target = parsePaymentToken(token);
  if (!target) return undefined;
  const stored = await findTransaction(db, target.clientId, target.transactionId);
  if (stored?.paymentToken === undefined || !sameToken(stored.paymentToken, token)) return undefined;
  return stored;
}
