import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { NO_CAUSE } from '../../lib/events/event';
import { checkWebhookEndpoint } from '../../lib/webhooks/check-endpoint';
import { createWebhookEndpoint } from '../../lib/webhooks/create-endpoint';
import type { HostResolver } from '../../lib/webhooks/url-policy';
import { call, newClient, testDb } from '../support/fixtures';

/**
 * The check on DynamoDB Local with the deployed URL policy and a fake resolver (this machine has no
 * DNS to ask): a name that resolved to a public address when it was registered and to the metadata
 * service now is never connected to, as for a delivery (DNS rebinding).
 */

function resolverOf(answers: Record<string, string[]>): HostResolver {
  return async (hostname) => (answers[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}

describe('a check on a deployed stage', () => {
  it('sends nothing to a name that now resolves to a private address, says so on every probe, stores the check and frees the endpoint', async () => {
    const { clientId, key } = await newClient();
    const context = { db: testDb(), clientId, clock: systemClock, cause: NO_CAUSE };
    const answers: Record<string, string[]> = { 'hooks.example.com': ['93.184.215.14'] };
    const deps = { policy: 'deployed' as const, resolve: resolverOf(answers) };
    const endpoint = await createWebhookEndpoint(context, { url: 'https://hooks.example.com/payments' }, deps);

    answers['hooks.example.com'] = ['169.254.169.254'];
    const check = await checkWebhookEndpoint(context, endpoint.id, deps);
    expect(check.passed).toBe(false);
    expect(check.results).toHaveLength(9);
    for (const result of check.results) {
      expect(result).toMatchObject({
        passed: false,
        response_status: null,
        response_time_ms: null,
        error: 'Not sent: the URL policy refuses it (url must not point to a private, loopback or link-local address)',
      });
    }
    const listed = await call('GET', `/webhook/endpoints/${endpoint.id}/checks`, { key });
    expect(listed.body.data).toEqual([check]);
    // Its lease went with its write: the next check runs.
    await expect(checkWebhookEndpoint(context, endpoint.id, deps)).resolves.toMatchObject({ passed: false });
  });
});
