import { createHmac, randomBytes } from 'node:crypto';
import { SECRET_BYTES, WEBHOOK_SECRET_PREFIX } from '../objects/webhook-secret';

/**
 * Webhook signatures of the Standard Webhooks specification (docs/api.md §11), so a receiver can
 * verify a delivery with any of its libraries: `webhook-signature` is `v1,` and the base64
 * HMAC-SHA256, keyed with the secret's bytes (the base64 after `whsec_`), of
 * `{webhook-id}.{webhook-timestamp}.{body}`.
 */

/** A new signing secret: `whsec_` and the base64 of SECRET_BYTES random bytes, as Standard Webhooks writes them. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The headers of one signed delivery; `body` is sent exactly as signed. */
export interface SignedWebhook {
  readonly headers: {
    readonly 'content-type': 'application/json';
    readonly 'webhook-id': string;
    readonly 'webhook-timestamp': string;
    readonly 'webhook-signature': string;
  };
  readonly body: string;
}

/** The key bytes of a `whsec_…` secret; throws on anything else, since a wrong key would sign silently. */
export function secretBytes(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('A webhook secret starts with whsec_');
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length === 0 || bytes.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, '')) {
    throw new Error('A webhook secret is whsec_ followed by base64');
  }
  return bytes;
}

/** The `v1,…` signature of a message with this id, time (unix seconds) and body. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * Signs `payload` (serialized once, here) as the delivery of message `id` at `at`, with one secret or
 * several (docs/api.md §15: while an old secret is still honoured, the new one first): the
 * `webhook-signature` header holds one `v1,…` signature per secret, space-separated, as Standard
 * Webhooks allows, so a receiver that knows any of them verifies the delivery.
 */
export function signWebhook(secrets: string | readonly string[], id: string, payload: unknown, at: Date): SignedWebhook {
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(at.getTime() / 1000);
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  if (all.length === 0) throw new Error('A webhook is signed with at least one secret');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': all.map((secret) => signature(secret, id, timestamp, body)).join(' '),
    },
  };
}
