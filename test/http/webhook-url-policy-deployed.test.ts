import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { LocalServer } from '../../infra/local/server';
import { ENV } from '../../lib/config/env';
import { call, newClient } from '../support/fixtures';

/**
 * The SSRF rules of a deployed stage, over HTTP: a second local server in this process, on the
 * run's DynamoDB Local, whose handlers load with WEBHOOK_URL_POLICY=deployed as the CDK stack sets
 * it. (The run's own server is `npm start`'s, with the local policy.) Names that resolve to private
 * addresses need a resolver this machine lacks; test/integration/webhook-endpoints.test.ts runs
 * them through the same use case with a fake one.
 */

let server: LocalServer;

beforeAll(async () => {
  vi.stubEnv('TABLE_NAME', inject('tableName'));
  vi.stubEnv('DYNAMODB_ENDPOINT', inject('dynamoEndpoint'));
  vi.stubEnv('WEBHOOK_URL_POLICY', 'deployed');
  // A stage is never given a test sandbox's timing, which the run's own sandbox put in this process's environment.
  for (const name of [ENV.testProbeTimeout, ENV.testRetrySecond, ENV.testClaimLease]) vi.stubEnv(name, undefined);
  const { startLocalServer } = await import('../../infra/local/server');
  server = await startLocalServer({ port: 0 });
});

afterAll(async () => {
  await server?.close();
  vi.unstubAllEnvs();
});

const register = (key: string, url: string) => call('POST', '/webhook/endpoints', { key, body: { url }, baseUrl: server.baseUrl });

describe('a deployed stage refuses webhook URLs that reach its own network', () => {
  it.each([
    ['https://127.0.0.1/', 'must not point to a private, loopback or link-local address'],
    ['https://10.0.0.1/', 'must not point to a private, loopback or link-local address'],
    ['https://169.254.169.254/', 'must not point to a private, loopback or link-local address'],
    ['https://[::1]/', 'must not point to a private, loopback or link-local address'],
    ['https://[fd00:ec2::254]/latest/meta-data', 'must not point to a private, loopback or link-local address'],
    ['https://100.64.0.1/', 'must not point to a private, loopback or link-local address'],
    ['https://[::ffff:127.0.0.1]/', 'must not point to a private, loopback or link-local address'],
    ['https://localhost/hooks', 'must not point to a private, loopback or link-local address'],
    ['https://93.184.215.14/hooks', 'must name its host, not an IP address'],
    ['http://127.0.0.1:4242/hooks', 'must use https'],
    ['http://hooks.example.com/payments', 'must use https'],
    ['https://user:secret@hooks.example.com/', 'must not contain a user name or password'],
  ])('%s is 400 VALIDATION_ERROR naming url, and nothing is registered', async (url, message) => {
    const { key } = await newClient();
    const res = await register(key, url);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'VALIDATION_ERROR', message: 'Request validation failed', details: [{ field: 'url', message }] },
    });
    expect((await call('GET', '/webhook/endpoints', { key, baseUrl: server.baseUrl })).body.data).toEqual([]);
  });

  it('while the local sandbox accepts the loopback http URL the deployed stage refuses', async () => {
    const { key } = await newClient();
    expect((await call('POST', '/webhook/endpoints', { key, body: { url: 'http://127.0.0.1:4242/hooks' } })).status).toBe(201);
    expect((await register(key, 'http://127.0.0.1:4242/hooks')).status).toBe(400);
  });
});
