import * as z from 'zod/mini';
import { meta } from '../meta';
import { text } from '../objects/schemas';

/**
 * The `metadata` rule of POST /payment/create (docs/api.md §5): at most 20 flat entries whose keys
 * are safe object keys and whose values DynamoDB stores, and gives back, exactly.
 */

/** At most this many keys. */
const METADATA_MAX_KEYS = 20;

/** A key: 1–40 characters of A-Z a-z 0-9 _ . : - (the order_id alphabet). */
const METADATA_KEY = /^[A-Za-z0-9_.:-]{1,40}$/;

/**
 * Keys that name JavaScript's object machinery rather than data: zod's records skip `__proto__`
 * (so it would vanish), a `constructor` key makes the DynamoDB marshaller take the map for a class
 * instance and refuse it, and `prototype` trips the same kind of code in a client's hands.
 */
const RESERVED_METADATA_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/**
 * The largest magnitude of a number value, 2^53 − 1: beyond it a JSON number is no longer the
 * integer it spells, and the SDK's marshaller refuses it rather than store an imprecise number.
 */
const METADATA_NUMBER_MAX = Number.MAX_SAFE_INTEGER;

/** The smallest magnitude of a non-zero number value: DynamoDB refuses smaller ones ("Number underflow"). */
const METADATA_NUMBER_MIN_MAGNITUDE = 1e-130;

// The messages of `details`; the key ones follow "key " (see toFieldErrors).
const METADATA_KEY_RULE = 'must be 1–40 characters of A-Z a-z 0-9 _ . : -';
const METADATA_RESERVED_KEY_RULE = 'must not be __proto__, constructor or prototype';
const METADATA_VALUE_RULE = 'must be a string (at most 500 characters), number, boolean or null';
const METADATA_NUMBER_RULE = 'must be 0 or have a magnitude from 1e-130 to 9007199254740991 (2^53 − 1)';

/**
 * Whether DynamoDB stores the number exactly: its shortest decimal form (at most 17 significant
 * digits, well within DynamoDB's 38) is what the SDK sends, and it reads back as the same number.
 */
function isStorableNumber(n: number): boolean {
  const magnitude = Math.abs(n);
  return Number.isFinite(n) && magnitude <= METADATA_NUMBER_MAX && (n === 0 || magnitude >= METADATA_NUMBER_MIN_MAGNITUDE);
}

const reserved: readonly string[] = RESERVED_METADATA_KEYS;

const metadataKey = meta(
  z.string({ error: 'must be a string' }).check(
    z.regex(METADATA_KEY, { error: METADATA_KEY_RULE }),
    z.refine((key) => !reserved.includes(key), { error: METADATA_RESERVED_KEY_RULE }),
  ),
  { override: { not: { enum: [...RESERVED_METADATA_KEYS] } } },
);

const metadataNumber = meta(z.number().check(z.refine(isStorableNumber, { error: METADATA_NUMBER_RULE })), {
  override: {
    minimum: -METADATA_NUMBER_MAX,
    maximum: METADATA_NUMBER_MAX,
    anyOf: [{ const: 0 }, { minimum: METADATA_NUMBER_MIN_MAGNITUDE }, { maximum: -METADATA_NUMBER_MIN_MAGNITUDE }],
  },
});

const metadataValue = z.union([text(500), metadataNumber, z.boolean(), z.null()], {
  // JSON's 1e400 parses as Infinity, which is a number to the client but not to z.number().
  error: (issue) => (typeof issue.input === 'number' ? METADATA_NUMBER_RULE : METADATA_VALUE_RULE),
});

/** The metadata object of a create-payment body. */
export const Metadata = meta(
  z
    .record(metadataKey, metadataValue, { error: (issue) => (issue.code === 'invalid_type' ? 'must be an object' : undefined) })
    .check(z.refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, { error: `must have at most ${METADATA_MAX_KEYS} keys` })),
  {
    description:
      'Up to 20 keys, each 1–40 characters of A-Z a-z 0-9 _ . : - and not __proto__, constructor or prototype. ' +
      'Values are flat: strings (up to 500 characters), booleans, null, or numbers that are 0 or have a magnitude ' +
      'from 1e-130 to 9007199254740991 (2^53 − 1). Each value is returned as sent (a number as the same IEEE 754 double)',
    override: { maxProperties: METADATA_MAX_KEYS },
  },
);
