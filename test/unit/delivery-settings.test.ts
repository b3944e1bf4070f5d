import { describe, expect, it } from 'vitest';
import { readConfig } from '../../lib/config/config';
import { DEFAULT_DELIVERY_SETTINGS } from '../../lib/config/delivery-settings';
import { deliverySettingsEnvironment, readDeliverySettings } from '../../lib/config/env';

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
