import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'sk_sbx_';

/** 32 random bytes: 43 base64url characters, 256 bits (docs/api.md §3 asks for at least 190). */
const KEY_RANDOM_BYTES = 32;

const KEY_SHAPE = /^sk_sbx_[A-Za-z0-9_-]{32,}$/;

/** A new server key, shown once; only its hash is stored. */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(KEY_RANDOM_BYTES).toString('base64url');
}

/** The stored form of a key: lowercase hex SHA-256. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Extracts the key from an `Authorization` header; the scheme is case-insensitive. */
export function parseBearer(header: string | undefined): string | undefined {
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  const key = match?.[1];
  return key !== undefined && KEY_SHAPE.test(key) ? key : undefined;
}
