import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { secretBytes, signWebhook } from '../../lib/webhooks/signature';

/** Deliveries must verify with the Standard Webhooks reference library, which no one here wrote. */

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

describe('webhook signatures', () => {
  it('verify with the standardwebhooks library, for any payload', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ minLength: 1, maxLength: 40 }), (payload, id) => {
        const secret = newSecret();
        const now = new Date();
        const { body, headers } = signWebhook(secret, id, payload, now);
        expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
      }),
      { numRuns: 200 },
    );
  });

  it('fail verification with another secret, a changed body or another timestamp', () => {
    const secret = newSecret();
    const now = new Date();
    const { body, headers } = signWebhook(secret, 'evt_1', { type: 'payment.settled', amount: 1 }, now);
    const verifier = new Webhook(secret);
    expect(() => new Webhook(newSecret()).verify(body, { ...headers })).toThrow(WebhookVerificationError);
    expect(() => verifier.verify(body.replace('1', '2'), { ...headers })).toThrow(WebhookVerificationError);
    const later = { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1) };
    expect(() => verifier.verify(body, later)).toThrow(WebhookVerificationError);
  });

  it('carries one signature per secret, space-separated and in order: each secret alone verifies', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const { body, headers } = signWebhook([current, previous], 'evt_2', { type: 'webhook_endpoint.secret_rolled' }, new Date());
    const [first, second, ...rest] = headers['webhook-signature'].split(' ');
    expect(rest).toEqual([]);
    const signedAt = new Date(Number(headers['webhook-timestamp']) * 1000);
    expect(first).toBe(signWebhook(current, 'evt_2', { type: 'webhook_endpoint.secret_rolled' }, signedAt).headers['webhook-signature']);
    expect(second).toBe(signWebhook(previous, 'evt_2', { type: 'webhook_endpoint.secret_rolled' }, signedAt).headers['webhook-signature']);
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSecret()).verify(body, { ...headers })).toThrow(WebhookVerificationError);
  });

  it('sends the body exactly as signed, with the headers the specification names', () => {
    const at = new Date('2026-11-22T01:02:03.456Z');
    const { body, headers } = signWebhook(newSecret(), 'evt_01J', { a: 1 }, at);
    expect(body).toBe('{"a":1}');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toBe('evt_01J');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('refuses a secret that is not whsec_ and base64, instead of signing with the wrong key', () => {
    expect(() => secretBytes('sk_sbx_abc')).toThrow('whsec_');
    expect(() => secretBytes('whsec_')).toThrow('base64');
    expect(() => secretBytes('whsec_not base64!')).toThrow('base64');
    expect(secretBytes(`whsec_${Buffer.from('key').toString('base64')}`).toString()).toBe('key');
  });
});
