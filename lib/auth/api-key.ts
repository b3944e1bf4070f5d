import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'sk_sbx_';

/** 32 random bytes: 43 base64url characters, 256 bits (docs/api.md §3 asks for at least 190). */
const KEY_RANDOM_BYTES = 32;

const KEY_SHAPE = /^sk_sbx_[A-Za-z0-9_-]{32,}$/;

/** A key made since v1.2: `sk_sbx_<client id>_<43 random characters>` (docs/api.md §3). */
const CLIENT_KEY = /^sk_sbx_(cli_[0-9A-HJKMNP-TV-Z]{26})_[A-Za-z0-9_-]{43}$/;

/**
 * A new server key of `clientId`, shown once; only its hash is stored. The client id in its clear
 * part lets admission read the client's counter and clock while it looks the key up; the 256 random
 * bits after it are the secret.
 */
export function generateApiKey(clientId: string): string {
  return `${KEY_PREFIX}${clientId}_${randomBytes(KEY_RANDOM_BYTES).toString('base64url')}`;
}

/** The client a key names in its clear part, or undefined for a key made before v1.2 (43 random characters only). */
export function clientIdOfKey(key: string): string | undefined {
  return CLIENT_KEY.exec(key)?.[1];
}

/** The stored form of a key: lowercase hex SHA-256. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Extracts the key from an `Authorization` header; the scheme is case-insensitive. */
export function parseBearer(header: string | undefined): string | undefined {
  const credential = parseCredential(header);
  return credential?.kind === 'key' ? credential.key : undefined;
}

/** A JWT's compact form: three base64url parts (the identity service's access tokens are a few KB at most). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 8_192;

/** What an `Authorization: Bearer …` header carries: a server key, a session's access token (docs/api.md §14), or nothing usable. */
export type Credential = { readonly kind: 'key'; readonly key: string } | { readonly kind: 'session'; readonly token: string };

/** Reads the Bearer credential of an `Authorization` header by its shape; the scheme is case-insensitive. */
export function parseCredential(header: string | undefined): Credential | undefined {
  const value = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1];
  if (value === undefined) return undefined;
  if (KEY_SHAPE.test(value)) return { kind: 'key', key: value };
  if (value.length <= MAX_TOKEN_LENGTH && TOKEN_SHAPE.test(value)) return { kind: 'session', token: value };
  return undefined;
}
