import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseBaseUrl } from '../../lib/base-url';

// The stage's {base_url} (lib/base-url.ts): the stack sets API_BASE_URL from its API's endpoint, npm
// start from its server's port. A wrong one fails with a message naming the variable.

// The modules loaded under stubbed variables go too: the unit files share their workers' modules (vitest.unit.config.ts).
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('API_BASE_URL', () => {
  it.each(['https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1', 'http://127.0.0.1:3000/api/v1', 'http://127.0.0.1:41234/api/v1'])(
    'is taken as it is: %s',
    (value) => {
      expect(parseBaseUrl(value)).toBe(value);
    },
  );

  it.each([undefined, ''])('is required: %j fails, naming it', (value) => {
    expect(() => parseBaseUrl(value)).toThrow(/^Environment variable API_BASE_URL is required/);
  });

  it.each([
    ['a trailing slash', 'https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com/api/v1/'],
    ['no /api/v1', 'https://a1b2c3d4e5.execute-api.ap-southeast-3.amazonaws.com'],
    ['a query', 'https://api.example.com/api/v1?stage=a'],
    ['a fragment', 'https://api.example.com/api/v1#x'],
    ['user:password', 'https://user:secret@api.example.com/api/v1'],
    ['another scheme', 'ftp://api.example.com/api/v1'],
    ['no scheme', 'api.example.com/api/v1'],
    ['a host in capitals, as the parser would not write it', 'https://API.example.com/api/v1'],
  ])('refuses %s, naming the variable and the value', (_what, value) => {
    expect(() => parseBaseUrl(value)).toThrow(`Environment variable API_BASE_URL must be an absolute http(s) URL ending with /api/v1`);
    expect(() => parseBaseUrl(value)).toThrow(`not '${value}'`);
  });

  it("is read once, on the first transaction's link, and a missing one fails that link, naming it", async () => {
    vi.resetModules();
    vi.stubEnv('API_BASE_URL', '');
    const { paymentUrl } = await import('../../lib/payments/payment-url');
    expect(() => paymentUrl('t')).toThrow(/^Environment variable API_BASE_URL is required/);

    vi.stubEnv('API_BASE_URL', 'https://api.example.com/api/v1');
    expect(paymentUrl('t')).toBe('https://api.example.com/api/v1/pay/t');
    vi.stubEnv('API_BASE_URL', 'https://elsewhere.example.com/api/v1');
    expect(paymentUrl('t')).toBe('https://api.example.com/api/v1/pay/t');
  });
});
