import { describe, expect, it } from 'vitest';
import { readConfig } from '../../lib/config/config';
import { DEFAULT_DELIVERY_SETTINGS, retryDelayMs } from '../../lib/config/delivery-settings';
import { deliverySettingsEnvironment, readDeliverySettings } from '../../lib/config/env';
import { claimLeaseMs } from '../../lib/webhooks/dispatch';

/** Webhook retry schedule and attempt timeout: the contract's unless set, and refused at load when malformed. */

const base = { TABLE_NAME: 't', CLIENT_REQUESTS_PER_SECOND: '50', LIST_READ_UNITS_PER_REQUEST: '256' };

describe('webhook delivery settings', () => {
  it("are the contract's when not set: retries after 10 s, 1 min, 5 min, 30 min and 2 h, 10 s per attempt", () => {
    expect(readConfig(base).webhookDelivery).toEqual({ retryScheduleSeconds: [10, 60, 300, 1800, 7200], attemptTimeoutMs: 10_000 });
    expect(DEFAULT_DELIVERY_SETTINGS.retryScheduleSeconds).toHaveLength(5);
  });

  it('take a shorter schedule and timeout from the environment, as tests do', () => {
    const settings = readDeliverySettings({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '1, 2,3', WEBHOOK_ATTEMPT_TIMEOUT_MS: '1500' });
    expect(settings).toEqual({ retryScheduleSeconds: [1, 2, 3], attemptTimeoutMs: 1_500 });
    expect(readDeliverySettings(deliverySettingsEnvironment(settings))).toEqual(settings);
  });

  it("retry after the schedule's seconds, and a claim lasts the DNS lookup's 3 s, the timeout and 5 s", () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(DEFAULT_DELIVERY_SETTINGS, n))).toEqual([10_000, 60_000, 300_000, 1_800_000, 7_200_000, undefined]);
    expect(claimLeaseMs(DEFAULT_DELIVERY_SETTINGS)).toBe(18_000);
  });

  describe("a test sandbox's timing (decision 0340)", () => {
    const local = { ...base, WEBHOOK_URL_POLICY: 'local', WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,2', WEBHOOK_ATTEMPT_TIMEOUT_MS: '500' };

    it('runs the schedule with a shorter second and claims for a shorter lease', () => {
      const settings = readConfig({ ...local, WEBHOOK_TEST_RETRY_SECOND_MS: '100', WEBHOOK_TEST_CLAIM_LEASE_MS: '1500' }).webhookDelivery;
      expect(settings).toEqual({ retryScheduleSeconds: [1, 2], attemptTimeoutMs: 500, test: { retrySecondMs: 100, claimLeaseMs: 1_500 } });
      expect([1, 2, 3].map((n) => retryDelayMs(settings, n))).toEqual([100, 200, undefined]);
      expect(claimLeaseMs(settings)).toBe(1_500);
      expect(readDeliverySettings(deliverySettingsEnvironment(settings))).toEqual(settings);
    });

    it('is never in what a stage sets, and is refused at load without the local URL policy, as a deployed function has', () => {
      expect(Object.keys(deliverySettingsEnvironment(DEFAULT_DELIVERY_SETTINGS))).toEqual(['WEBHOOK_RETRY_SCHEDULE_SECONDS', 'WEBHOOK_ATTEMPT_TIMEOUT_MS']);
      for (const policy of [{}, { WEBHOOK_URL_POLICY: 'deployed' }]) {
        for (const test of [{ WEBHOOK_TEST_RETRY_SECOND_MS: '100' }, { WEBHOOK_TEST_CLAIM_LEASE_MS: '20000' }]) {
          expect(() => readConfig({ ...base, ...policy, ...test })).toThrow(
            /WEBHOOK_TEST_RETRY_SECOND_MS and WEBHOOK_TEST_CLAIM_LEASE_MS are a local test sandbox's/,
          );
        }
      }
    });

    it.each([
      ['WEBHOOK_TEST_RETRY_SECOND_MS', '0', /WEBHOOK_TEST_RETRY_SECOND_MS must be whole milliseconds from 10 to 1000/],
      ['WEBHOOK_TEST_RETRY_SECOND_MS', '1001', /from 10 to 1000/],
      ['WEBHOOK_TEST_RETRY_SECOND_MS', '0.5', /from 10 to 1000/],
      // A lease shorter than the timeout and a second would run out under a live attempt.
      ['WEBHOOK_TEST_CLAIM_LEASE_MS', '1499', /WEBHOOK_TEST_CLAIM_LEASE_MS must be at least the attempt timeout and a second \(1500 ms\), not 1499/],
      ['WEBHOOK_TEST_CLAIM_LEASE_MS', '60001', /WEBHOOK_TEST_CLAIM_LEASE_MS must be whole milliseconds from 1100 to 60000/],
    ])('refuses %s=%s at load, naming the variable', (name, value, message) => {
      expect(() => readConfig({ ...local, [name]: value })).toThrow(message);
    });
  });

  it.each([
    ['WEBHOOK_RETRY_SCHEDULE_SECONDS', '10,,60', /WEBHOOK_RETRY_SCHEDULE_SECONDS must be 1 to 10 comma-separated whole seconds/],
    ['WEBHOOK_RETRY_SCHEDULE_SECONDS', '0', /from 1 to 86400/],
    ['WEBHOOK_RETRY_SCHEDULE_SECONDS', '1.5', /whole seconds/],
    ['WEBHOOK_RETRY_SCHEDULE_SECONDS', '1,1,1,1,1,1,1,1,1,1,1', /1 to 10/],
    ['WEBHOOK_ATTEMPT_TIMEOUT_MS', '20000', /WEBHOOK_ATTEMPT_TIMEOUT_MS must be whole milliseconds from 100 to 10000/],
    ['WEBHOOK_ATTEMPT_TIMEOUT_MS', '10s', /from 100 to 10000/],
  ])('refuse %s=%s at load, naming the variable', (name, value, message) => {
    expect(() => readConfig({ ...base, [name]: value })).toThrow(message);
  });
});
