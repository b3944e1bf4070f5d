import { NO_CAUSE } from '../../lib/events/event';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { ConcurrentWriteError, ValidationError } from '../../lib/errors';
import { apiErrorOf } from '../../lib/http/errors';
import type { HostResolver } from '../../lib/webhooks/url-policy';
import { createWebhookEndpoint } from '../../lib/webhooks/create-endpoint';
import { deleteWebhookEndpoint } from '../../lib/webhooks/webhook-endpoints';
import { dbFailing, faultyDb, sdkError } from '../support/faults';
import { call, newClient, testDb } from '../support/fixtures';

/**
 * The create use case on DynamoDB Local with the deployed policy and a fake resolver: what a
 * deployed stage does with names (this machine has no DNS to ask), and the collisions DynamoDB
 * Local never produces (it serializes transactions), injected into a real client.
 */

const deployed = (answers: Record<string, string[]>) => {
  const resolve: HostResolver = async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { policy: 'deployed' as const, resolve };
};

const conflict = () => sdkError('TransactionCanceledException', { CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }] });

describe('registering a URL on a deployed stage', () => {
  it('stores an https URL whose name resolves only to public addresses', async () => {
    const { clientId, key } = await newClient();
    const urls = deployed({ 'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'] });
    const created = await createWebhookEndpoint(
      { db: testDb(), clientId, clock: systemClock, cause: NO_CAUSE },
      { url: 'https://hooks.example.com/payments' },
      urls,
    );
    const { secret: _secret, ...endpoint } = created;
    expect((await call('GET', `/webhook/endpoints/${created.id}`, { key })).body.data).toEqual(endpoint);
  });

  it.each([
    ['a private address', ['10.1.2.3']],
    ['the metadata service', ['169.254.169.254']],
    ['loopback over IPv6', ['::1']],
    ['an IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['one private address among public ones', ['93.184.215.14', '192.168.0.10']],
  ])('refuses a name that resolves to %s with 400 naming url, and writes nothing', async (_what, addresses) => {
    const { clientId, key } = await newClient();
    const attempt = createWebhookEndpoint(
      { db: testDb(), clientId, clock: systemClock, cause: NO_CAUSE },
      { url: 'https://internal.example.com/hooks' },
      deployed({ 'internal.example.com': addresses }),
    );
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt.catch(apiErrorOf)).resolves.toMatchObject({
      status: 400,
      details: [{ field: 'url', message: 'must not point to a private, loopback or link-local address' }],
    });
    expect((await call('GET', '/webhook/endpoints', { key })).body.data).toEqual([]);
  });

  it('refuses a name that does not resolve with 400 naming url', async () => {
    const { clientId } = await newClient();
    const attempt = createWebhookEndpoint(
      { db: testDb(), clientId, clock: systemClock, cause: NO_CAUSE },
      { url: 'https://gone.example.com/hooks' },
      deployed({}),
    );
    await expect(attempt).rejects.toMatchObject({ details: [{ field: 'url', message: 'must name a host that resolves to an address' }] });
  });
});

describe('a create or delete that collides with a concurrent write of the count', () => {
  it('is sent again and the endpoint is stored once', async () => {
    const { clientId, key } = await newClient();
    let collisions = 0;
    const db = faultyDb(async (command, send) => {
      if (command === 'TransactWriteItemsCommand' && collisions < 2) {
        collisions += 1;
        throw conflict();
      }
      return send();
    });

    const created = await createWebhookEndpoint(
      { db, clientId, clock: systemClock, cause: NO_CAUSE },
      { url: 'http://127.0.0.1:4242/hooks' },
      { policy: 'local' },
    );

    expect(collisions).toBe(2);
    expect((await call('GET', '/webhook/endpoints', { key })).body.data.map((e: { id: string }) => e.id)).toEqual([created.id]);
  });

  it('is refused with 429 RATE_LIMITED, and nothing written, when it keeps colliding', async () => {
    const { clientId, key } = await newClient();
    const db = dbFailing('TransactWriteItemsCommand', conflict());

    const attempt = createWebhookEndpoint({ db, clientId, clock: systemClock, cause: NO_CAUSE }, { url: 'http://127.0.0.1:4242/hooks' }, { policy: 'local' });

    await expect(attempt).rejects.toBeInstanceOf(ConcurrentWriteError);
    await expect(attempt.catch(apiErrorOf)).resolves.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect((await call('GET', '/webhook/endpoints', { key })).body.data).toEqual([]);
  });

  it('deletes once when a delete collides first', async () => {
    const { clientId, key } = await newClient();
    const created = await createWebhookEndpoint(
      { db: testDb(), clientId, clock: systemClock, cause: NO_CAUSE },
      { url: 'http://127.0.0.1:4242/hooks' },
      { policy: 'local' },
    );
    let collisions = 0;
    const db = faultyDb(async (command, send) => {
      if (command === 'TransactWriteItemsCommand' && collisions === 0) {
        collisions += 1;
        throw conflict();
      }
      return send();
    });

    const deleted = await deleteWebhookEndpoint({ db, clientId, clock: systemClock, cause: NO_CAUSE }, created.id);

    expect(collisions).toBe(1);
    expect(deleted.id).toBe(created.id);
    expect((await call('GET', `/webhook/endpoints/${created.id}`, { key })).status).toBe(404);
  });
});
