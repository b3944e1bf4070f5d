import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationError } from '../errors';

/**
 * Opaque list cursors: a position (an item id) bound by a MAC to the client and to the filters
 * it was issued for. The MAC is keyed by the sandbox's own secret (lib/db/cursor-key.ts), so only
 * this sandbox can make a cursor it accepts. Isolation does not rest on it: every query's
 * partition comes from the authenticated key, so no cursor can reach another client's data.
 * A forged, corrupted, foreign or filter-mismatched cursor is a 400 and reveals nothing.
 */

const VERSION = 1;

interface CursorPayload {
  readonly v: number;
  /** The id after which the next page starts (newest-first order). */
  readonly after: string;
}

/** A stable fingerprint of a list request's filters (not its limit, which may change between pages). */
export function filterFingerprint(filters: Record<string, unknown>): string {
  const normalized = Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : Array.isArray(value) ? [...value].sort() : value])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return createHash('sha256').update(JSON.stringify(normalized)).digest('base64url').slice(0, 22);
}

function mac(key: Buffer, clientId: string, fingerprint: string, payload: string): string {
  return createHmac('sha256', key).update(`${clientId}\n${fingerprint}\n${payload}`).digest('base64url');
}

/** Encodes the position after `afterId` for this client and filter set, signed with `key`. */
export function encodeCursor(key: Buffer, clientId: string, fingerprint: string, afterId: string): string {
  const payload = Buffer.from(JSON.stringify({ v: VERSION, after: afterId } satisfies CursorPayload)).toString('base64url');
  return `${payload}.${mac(key, clientId, fingerprint, payload)}`;
}

/** Decodes a cursor signed with `key` for this client and these filters, or throws VALIDATION_ERROR on `cursor`. */
export function decodeCursor(key: Buffer, cursor: string, clientId: string, fingerprint: string, isValidId: (id: string) => boolean): string {
  const invalid = () => new ValidationError([{ field: 'cursor', message: 'is not a valid cursor for this request' }]);
  const [payload, signature, extra] = cursor.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  const expected = Buffer.from(mac(key, clientId, fingerprint, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let decoded: CursorPayload;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CursorPayload;
  } catch {
    throw invalid();
  }
  if (decoded?.v !== VERSION || typeof decoded.after !== 'string' || !isValidId(decoded.after)) throw invalid();
  return decoded.after;
}
