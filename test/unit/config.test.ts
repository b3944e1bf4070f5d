import { afterEach, describe, expect, it, vi } from 'vitest';
import { localLimits } from '../../infra/local/sandbox';
import { DEFAULT_LIMITS } from '../../lib/limits';

// The functions read their configuration once, when they load: a stage that forgets a limit or
// sets a wrong one fails at the first cold start with a message naming the variable.

const complete = { TABLE_NAME: 'payments', CLIENT_REQUESTS_PER_SECOND: '20', LIST_READ_UNITS_PER_REQUEST: '128' };

async function loadConfig(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries({ ...complete, ...env })) vi.stubEnv(name, value);
  return (await import('../../lib/config/config')).config;
}

// The modules loaded under stubbed variables go too: the unit files share their workers' modules (vitest.unit.config.ts).
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('lib/config/config.ts', () => {
  it('reads the per-client limits as numbers', async () => {
    expect((await loadConfig({})).limits).toEqual({ requestsPerSecond: 20, readUnitsPerRequest: 128 });
  });

  it.each(['CLIENT_REQUESTS_PER_SECOND', 'LIST_READ_UNITS_PER_REQUEST'])('fails to load without %s, naming it', async (name) => {
    await expect(loadConfig({ [name]: undefined })).rejects.toThrow(`Environment variable ${name} is required`);
    await expect(loadConfig({ [name]: '' })).rejects.toThrow(`Environment variable ${name} is required`);
  });

  it.each(['0', '-5', '2.5', 'ten', '1e3', ' ', '1000000000'])('fails to load with a limit of %j, naming the variable', async (value) => {
    await expect(loadConfig({ CLIENT_REQUESTS_PER_SECOND: value })).rejects.toThrow(
      /^Environment variable CLIENT_REQUESTS_PER_SECOND must be a positive integer/,
    );
    await expect(loadConfig({ LIST_READ_UNITS_PER_REQUEST: value })).rejects.toThrow(
      /^Environment variable LIST_READ_UNITS_PER_REQUEST must be a positive integer/,
    );
  });
});

describe('the local sandbox (npm start)', () => {
  it('runs with the defaults unless the environment or its caller sets a limit', () => {
    expect(localLimits({}, {})).toEqual(DEFAULT_LIMITS);
    expect(localLimits({}, { CLIENT_REQUESTS_PER_SECOND: '5' })).toEqual({ ...DEFAULT_LIMITS, requestsPerSecond: 5 });
    expect(localLimits({ requestsPerSecond: 9 }, { CLIENT_REQUESTS_PER_SECOND: '5', LIST_READ_UNITS_PER_REQUEST: '64' })).toEqual({
      requestsPerSecond: 9,
      readUnitsPerRequest: 64,
    });
  });

  it('refuses to start with a limit that is not a positive integer, naming the variable', () => {
    expect(() => localLimits({}, { LIST_READ_UNITS_PER_REQUEST: '0' })).toThrow(
      'Environment variable LIST_READ_UNITS_PER_REQUEST must be a positive integer (at most 9 digits), got "0"',
    );
  });
});

describe('the webhook URL policy setting', () => {
  it('is the strict deployed policy when WEBHOOK_URL_POLICY is absent or empty', async () => {
    expect((await loadConfig({ WEBHOOK_URL_POLICY: undefined })).webhookUrlPolicy).toBe('deployed');
    expect((await loadConfig({ WEBHOOK_URL_POLICY: '' })).webhookUrlPolicy).toBe('deployed');
  });

  it('is local only when said so', async () => {
    expect((await loadConfig({ WEBHOOK_URL_POLICY: 'local' })).webhookUrlPolicy).toBe('local');
  });

  it('fails at load on any other value, naming the variable and the choices', async () => {
    await expect(loadConfig({ WEBHOOK_URL_POLICY: 'open' })).rejects.toThrow(
      "Environment variable WEBHOOK_URL_POLICY must be one of deployed, local, not 'open'",
    );
  });
});

describe("a test sandbox's probe timeout (decision 0350)", () => {
  it("is absent unless set, so a check waits the contract's 5 s", async () => {
    expect((await loadConfig({ WEBHOOK_URL_POLICY: 'local' })).webhookProbeTimeoutMs).toBeUndefined();
  });

  it('shortens the probes of a sandbox with the local URL policy', async () => {
    expect((await loadConfig({ WEBHOOK_URL_POLICY: 'local', WEBHOOK_TEST_PROBE_TIMEOUT_MS: '2000' })).webhookProbeTimeoutMs).toBe(2_000);
  });

  it('fails at load on a stage: a deployed function never waits less than the contract says', async () => {
    for (const policy of [undefined, 'deployed']) {
      await expect(loadConfig({ WEBHOOK_URL_POLICY: policy, WEBHOOK_TEST_PROBE_TIMEOUT_MS: '2000' })).rejects.toThrow(
        "Environment variable WEBHOOK_TEST_PROBE_TIMEOUT_MS is a local test sandbox's (WEBHOOK_URL_POLICY=local), not a stage's",
      );
    }
  });

  it.each(['50', '5001', '10000', '2s', '1.5'])('fails at load on %j: it only ever shortens, to 100 ms at least', async (value) => {
    await expect(loadConfig({ WEBHOOK_URL_POLICY: 'local', WEBHOOK_TEST_PROBE_TIMEOUT_MS: value })).rejects.toThrow(
      `Environment variable WEBHOOK_TEST_PROBE_TIMEOUT_MS must be whole milliseconds from 100 to 5000, not '${value}'`,
    );
  });
});
