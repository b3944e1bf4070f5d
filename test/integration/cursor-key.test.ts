import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { startFakeSecretsManager, type FakeSecretsManager } from '../support/secrets-manager';

// Where a container's cursor key comes from. Each test imports lib/db/cursor-key.ts afresh, as a
// new Lambda container would; Secrets Manager is the stand-in of test/support/secrets-manager.ts.

const SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:111122223333:secret:CursorSecret-AbCdEf';
const secret = randomBytes(48).toString('base64url');
let secretsManager: FakeSecretsManager;

beforeAll(async () => {
  secretsManager = await startFakeSecretsManager({ [SECRET_ARN]: secret });
});
afterAll(() => secretsManager.close());

beforeEach(() => {
  vi.resetModules();
  secretsManager.requests.length = 0;
  // As on Lambda: the role's credentials in the environment, the region, and no local secret.
  vi.stubEnv('AWS_ENDPOINT_URL_SECRETS_MANAGER', secretsManager.endpoint);
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'ASIALAMBDAROLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('AWS_SESSION_TOKEN', 'session');
  vi.stubEnv('CURSOR_SECRET', undefined);
  vi.stubEnv('CURSOR_SECRET_ARN', SECRET_ARN);
});
afterEach(() => vi.unstubAllEnvs());

const freshContainer = () => import('../../lib/db/cursor-key');

describe('the cursor key of a deployed function', () => {
  it('is the stack secret named by CURSOR_SECRET_ARN, read from Secrets Manager once per container', async () => {
    const { cursorKey } = await freshContainer();
    const [first, second] = await Promise.all([cursorKey(), cursorKey()]);
    const later = await cursorKey();
    expect(first.toString('utf8')).toBe(secret);
    expect(second).toBe(first);
    expect(later).toBe(first);
    expect(secretsManager.requests).toEqual([SECRET_ARN]);
  });

  it('is read again on the next request when a read fails, instead of failing the container for good', async () => {
    const { cursorKey } = await freshContainer();
    secretsManager.refuseNext('AccessDeniedException');
    await expect(cursorKey()).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect((await cursorKey()).toString('utf8')).toBe(secret);
    expect(secretsManager.requests).toEqual([SECRET_ARN, SECRET_ARN]);
  });

  it('is refused when the secret is shorter than 32 characters', async () => {
    vi.stubEnv('CURSOR_SECRET', 'too-short');
    const { cursorKey } = await freshContainer();
    await expect(cursorKey()).rejects.toThrow('The cursor secret must be at least 32 characters long');
  });

  it('comes from CURSOR_SECRET when it is set, as the local sandbox sets it, without asking Secrets Manager', async () => {
    const local = randomBytes(32).toString('base64url');
    vi.stubEnv('CURSOR_SECRET', local);
    const { cursorKey } = await freshContainer();
    expect((await cursorKey()).toString('utf8')).toBe(local);
    expect(secretsManager.requests).toEqual([]);
  });
});

describe('a list function without a cursor secret', () => {
  beforeEach(() => {
    vi.stubEnv('TABLE_NAME', inject('tableName'));
    vi.stubEnv('DYNAMODB_ENDPOINT', inject('dynamoEndpoint'));
    vi.stubEnv('CURSOR_SECRET_ARN', undefined);
  });

  it('fails at start with an error naming CURSOR_SECRET_ARN, while functions that issue no cursors start', async () => {
    await expect(import('../../functions/list-transactions')).rejects.toThrow(
      'Environment variable CURSOR_SECRET_ARN (or CURSOR_SECRET locally) is required to sign list cursors',
    );
    await expect(import('../../functions/list-settlements')).rejects.toThrow(/CURSOR_SECRET_ARN/);
    await expect(import('../../functions/get-transaction')).resolves.toHaveProperty('handler');
  });
});
