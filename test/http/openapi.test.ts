import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call } from '../support/fixtures';

const committed = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));

describe('GET /openapi.json', () => {
  it('serves the committed document without a key, as JSON with a request id', async () => {
    const res = await call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(committed);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('ignores whatever key is sent, even a bad one', async () => {
    const res = await call('GET', '/openapi.json', { key: 'not-a-key' });
    expect(res.status).toBe(200);
  });

  it('rejects a query parameter with 400 VALIDATION_ERROR naming it', async () => {
    const res = await call('GET', '/openapi.json?format=yaml');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Request validation failed',
        details: [{ field: 'format', message: 'is not a recognized query parameter' }],
      },
    });
  });

  it('answers another method with 405 and Allow: GET', async () => {
    const res = await call('POST', '/openapi.json', { body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});
