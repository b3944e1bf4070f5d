import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { buildProbes, CHECK_EVENT_TYPE, grade, runProbes, SKEW_SECONDS } from '../../lib/webhooks/receiver-check';
import { newWebhookSecret } from '../../lib/webhooks/signature';

/** The probes of the receiver check (docs/api.md §17), as the standardwebhooks library sees them. */

const secret = newWebhookSecret();
const now = new Date('2026-11-26T12:00:00.000Z');
const shown = new Date('2026-11-27T12:00:00.000Z');
const probes = buildProbes(
  [secret],
  { checkId: 'whc_01M80D9R2T4V6X8Z0B2C4D6F8H', endpointId: 'whe_01M80D4KQ5V7X9Z2B4C6D8F0GH' },
  { real: () => now, shown: () => shown },
);

/** What the library says of a probe, verified at `at` (its tolerance is 5 minutes either way). */
function verdict(probe: { headers: Readonly<Record<string, string>>; body: string }, at = now): string {
  const realNow = Date.now;
  Date.now = () => at.getTime();
  try {
    new Webhook(secret).verify(probe.body, probe.headers as Record<string, string>);
    return 'verified';
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.message;
    throw error;
  } finally {
    Date.now = realNow;
  }
}

describe('the probes', () => {
  it('verify where they must: the valid one, the unknown type and the one with two signatures', () => {
    expect(verdict(probes.valid_signature)).toBe('verified');
    expect(verdict(probes.unknown_type)).toBe('verified');
    expect(verdict(probes.multiple_signatures)).toBe('verified');
    expect(probes.multiple_signatures.headers['webhook-signature']!.split(' ')).toHaveLength(2);
  });

  it('fail verification where they must, each for its own reason', () => {
    expect(verdict(probes.tampered_body)).toBe('No matching signature found');
    expect(verdict(probes.wrong_secret)).toBe('No matching signature found');
    expect(verdict(probes.missing_signature)).toBe('Missing required headers');
    expect(verdict(probes.stale_timestamp)).toBe('Message timestamp too old');
    expect(verdict(probes.future_timestamp)).toBe('Message timestamp too new');
  });

  it('tamper with exactly one byte of a signed body that stays JSON', () => {
    const body = probes.tampered_body.body;
    const signedBody = body.replace('"tampered_bodY"', '"tampered_body"');
    expect([...body].filter((c, i) => c !== signedBody[i])).toHaveLength(1);
    expect(() => JSON.parse(body)).not.toThrow();
  });

  it('sign the stale and future probes 10 minutes from real time, and date every event on the shown clock', () => {
    const seconds = Math.floor(now.getTime() / 1000);
    expect(Number(probes.stale_timestamp.headers['webhook-timestamp'])).toBe(seconds - SKEW_SECONDS);
    expect(Number(probes.future_timestamp.headers['webhook-timestamp'])).toBe(seconds + SKEW_SECONDS);
    expect(Number(probes.valid_signature.headers['webhook-timestamp'])).toBe(seconds);
    const event = JSON.parse(probes.valid_signature.body);
    expect(event).toMatchObject({
      type: CHECK_EVENT_TYPE,
      created_at: shown.toISOString(),
      data: { object: { object: 'webhook_endpoint_check', endpoint_id: 'whe_01M80D4KQ5V7X9Z2B4C6D8F0GH', probe: 'valid_signature' } },
    });
    expect(probes.valid_signature.headers['webhook-id']).toBe(event.id);
    expect(JSON.parse(probes.unknown_type.body).type).toMatch(/^sandbox\.unknown_[0-9a-f]{12}$/);
  });
});

describe('grading', () => {
  it('passes the valid probe on a 2xx within 3 s only, and a forged one on a 4xx only', () => {
    expect(grade('valid_signature', { status: 204, timeMs: 3_000 }).passed).toBe(true);
    expect(grade('valid_signature', { status: 200, timeMs: 3_001 }).passed).toBe(false);
    expect(grade('duplicate', { status: 200, timeMs: 4_000 }).passed).toBe(true);
    expect(grade('wrong_secret', { status: 401, timeMs: 5 }).passed).toBe(true);
    expect(grade('wrong_secret', { status: 500, timeMs: 5 })).toMatchObject({ passed: false, response_status: 500, error: null });
    expect(grade('wrong_secret', { status: 302, timeMs: 5 }).passed).toBe(false);
    expect(grade('stale_timestamp', { timeMs: 5_000, error: 'No answer within 5000 ms' })).toMatchObject({
      passed: false,
      response_status: null,
      response_time_ms: 5_000,
      error: 'No answer within 5000 ms',
    });
  });
});

describe('the wait for each answer', () => {
  const subject = { checkId: 'whc_01M80D9R2T4V6X8Z0B2C4D6F8H', endpointId: null };
  const clocks = { real: () => now, shown: () => shown };
  /** The timeout each of the nine probes was sent with. */
  async function timeouts(timeoutMs?: number): Promise<number[]> {
    const given: number[] = [];
    await runProbes(
      async (_webhook, timeout) => {
        given.push(timeout);
        return { status: 200, timeMs: 1 };
      },
      [secret],
      subject,
      clocks,
      timeoutMs,
    );
    return given;
  }

  it("is the contract's 5 s for every probe unless a test sandbox shortens it (decision 0350)", async () => {
    expect(await timeouts()).toEqual(Array(9).fill(5_000));
    expect(await timeouts(2_000)).toEqual(Array(9).fill(2_000));
  });
});
