import { afterEach, describe, expect, it, vi } from 'vitest';

/** lib/config.ts reads the environment once, at import: each case imports a fresh copy. */
async function loadConfig(env: Record<string, string | undefined>) {
  vi.resetModules();
  vi.stubEnv('TABLE_NAME', 'table');
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return (await import('../../lib/config')).config;
}

afterEach(() => vi.unstubAllEnvs());

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
