import { describe, expect, it } from 'vitest';
import { clientIdOfKey, generateApiKey, hashApiKey, parseBearer } from '../../lib/auth/api-key';

describe('server keys', () => {
  it('name their client in the clear part, keep 256 random bits after it, and are told apart from keys made before', () => {
    const key = generateApiKey('cli_01M88G2K12135S8G68T0PBN6JW');
    expect(key).toMatch(/^sk_sbx_cli_01M88G2K12135S8G68T0PBN6JW_[A-Za-z0-9_-]{43}$/);
    expect(clientIdOfKey(key)).toBe('cli_01M88G2K12135S8G68T0PBN6JW');
    expect(clientIdOfKey(`sk_sbx_${'A'.repeat(43)}`)).toBeUndefined();
    expect(clientIdOfKey('sk_sbx_cli_01M88G2K12135S8G68T0PBN6JW_short')).toBeUndefined();
  });

  it('are sk_sbx_ followed by at least 32 base64url characters, and never repeat', () => {
    const keys = Array.from({ length: 50 }, () => generateApiKey('cli_01M88G2K12135S8G68T0PBN6JW'));
    for (const key of keys) expect(key).toMatch(/^sk_sbx_[A-Za-z0-9_-]{32,}$/);
    expect(new Set(keys).size).toBe(50);
  });

  it('are stored as their SHA-256 hex digest', () => {
    expect(hashApiKey('sk_sbx_test')).toBe('455034c6358fd362bca5c7c4a238429bb326b10732ac637acf9afc2ea5a21a81');
    expect(hashApiKey('sk_sbx_a')).not.toBe(hashApiKey('sk_sbx_b'));
  });
});

describe('parseBearer', () => {
  const key = `sk_sbx_${'x'.repeat(40)}`;

  it.each([`Bearer ${key}`, `bearer ${key}`, `BEARER  ${key}`])('reads the key from %j', (header) => {
    expect(parseBearer(header)).toBe(key);
  });

  it.each([undefined, '', key, `Basic ${key}`, 'Bearer ', 'Bearer sk_sbx_short', `Bearer ${key} extra`, `Bearer sk_live_${'x'.repeat(40)}`])(
    'rejects %j',
    (header) => {
      expect(parseBearer(header)).toBeUndefined();
    },
  );
});
