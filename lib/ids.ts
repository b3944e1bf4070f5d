import { decodeTime, encodeTime, monotonicFactory, ulid } from 'ulid';
import { realNow } from './clock';

/** Identifier prefixes (docs/api.md §1). */
export const idPrefixes = {
  transaction: 'txn',
  refund: 'rfd',
  settlement: 'stl',
  event: 'evt',
  client: 'cli',
  key: 'key',
  webhookEndpoint: 'whe',
  delivery: 'dlv',
  webhookCheck: 'whc',
} as const;

export type IdKind = keyof typeof idPrefixes;

/**
 * A new `prefix_ULID` id whose time part is `at`, so ids sort by creation time. Not monotonic on
 * purpose: a monotonic factory would carry a moved test clock into later ids.
 */
export function newId(kind: IdKind, at: Date = realNow()): string {
  return `${idPrefixes[kind]}_${ulid(at.getTime())}`;
}

/**
 * `count` new ids of one kind whose time part is `at`, each greater than the one before: items
 * written together (the events of one write) keep the order they are given in.
 */
export function newIdsInOrder(kind: IdKind, at: Date, count: number): string[] {
  const next = monotonicFactory();
  return Array.from({ length: count }, () => `${idPrefixes[kind]}_${next(at.getTime())}`);
}

/** The time part of a well-formed id: when it was made. */
export function idTime(id: string): Date {
  return new Date(decodeTime(id.slice(id.indexOf('_') + 1)));
}

/** True when `value` is a well-formed id of this kind: exactly what `idPattern` accepts. */
export function isId(kind: IdKind, value: string): boolean {
  return idPattern(kind).test(value);
}

/**
 * The lowest and highest ids of a kind created within [from, to): sort-key bounds for a
 * creation-time range, since a ULID starts with its time.
 */
export function idBounds(kind: IdKind, from: Date | undefined, to: Date | undefined): { lowestId?: string; highestId?: string } {
  const prefix = `${idPrefixes[kind]}_`;
  return {
    lowestId: from ? prefix + encodeTime(Math.max(0, from.getTime()), 10) + '0'.repeat(16) : undefined,
    highestId: to ? prefix + encodeTime(Math.max(0, to.getTime() - 1), 10) + 'Z'.repeat(16) : undefined,
  };
}

/**
 * An id of this kind as the API returns it: the prefix and an upper-case ULID (Crockford base32).
 * A ULID's first character is 0–7: its 48-bit time fills 10 characters with 2 bits to spare, so
 * `8ZZZ…` is out of range. A lower-case ULID is refused too: ids are compared as sort keys, so
 * `txn_01h…` would name nothing rather than the transaction `txn_01H…`.
 */
export function idPattern(kind: IdKind): RegExp {
  return new RegExp(`^${idPrefixes[kind]}_[0-7][0-9A-HJKMNP-TV-Z]{25}$`);
}

/** Crockford's base32, the alphabet of a ULID. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The 16 bytes (128 bits, big-endian) of a well-formed id's ULID: the id in binary, for a token
 * that must be short (lib/payments/payment-token.ts). Throws for an id that is not of this kind.
 */
export function idBytes(kind: IdKind, id: string): Buffer {
  if (!isId(kind, id)) throw new Error(`Not an id of the form ${idPrefixes[kind]}_<ULID>: ${id}`);
  let value = 0n;
  for (const character of id.slice(idPrefixes[kind].length + 1)) value = (value << 5n) | BigInt(CROCKFORD.indexOf(character));
  const bytes = Buffer.alloc(16);
  for (let i = 15; i >= 0; i--, value >>= 8n) bytes[i] = Number(value & 0xffn);
  return bytes;
}

/** The id of this kind whose ULID is these 16 bytes (idBytes' inverse). Any 16 bytes are a well-formed ULID. */
export function idOfBytes(kind: IdKind, bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error(`A ULID is 16 bytes, not ${bytes.length}`);
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  let ulid = '';
  for (let i = 0; i < 26; i++, value >>= 5n) ulid = CROCKFORD[Number(value & 31n)]! + ulid;
  return `${idPrefixes[kind]}_${ulid}`;
}
