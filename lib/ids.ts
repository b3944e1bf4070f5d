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
