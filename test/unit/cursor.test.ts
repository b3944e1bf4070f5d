import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, filterFingerprint } from '../../lib/db/cursor';
import { ValidationError } from '../../lib/errors';
import { apiErrorOf } from '../../lib/http/errors';
import { isId, newId } from '../../lib/ids';

// Two sandboxes, each with its own secret, as two stacks (or two machines) have.
const ours = randomBytes(32);
const theirs = randomBytes(32);
/** The key every cursor was signed with before each sandbox had its own: it was in the source. */
const formerPublicKey = Buffer.from('payment-sandbox/cursor/v1');

const clientId = newId('client');
const fingerprint = filterFingerprint({ kind: 'transaction', status: ['pending'] });
const afterId = newId('transaction');
const isTransactionId = (id: string) => isId('transaction', id);

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('the cursor was accepted');
}

describe('cursors', () => {
  it('lead back to their position in the sandbox that issued them', () => {
    const cursor = encodeCursor(ours, clientId, fingerprint, afterId);
    expect(decodeCursor(ours, cursor, clientId, fingerprint, isTransactionId)).toBe(afterId);
  });

  it('are refused by a sandbox with another secret, as VALIDATION_ERROR on cursor', () => {
    const cursor = encodeCursor(theirs, clientId, fingerprint, afterId);
    const error = refusal(() => decodeCursor(ours, cursor, clientId, fingerprint, isTransactionId));
    expect(error).toBeInstanceOf(ValidationError);
    expect(apiErrorOf(error)).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [{ field: 'cursor', message: 'is not a valid cursor for this request' }],
    });
  });

  it('cannot be forged with the key that used to be in the source', () => {
    const forged = encodeCursor(formerPublicKey, clientId, fingerprint, afterId);
    expect(refusal(() => decodeCursor(ours, forged, clientId, fingerprint, isTransactionId))).toBeInstanceOf(ValidationError);
  });
});
