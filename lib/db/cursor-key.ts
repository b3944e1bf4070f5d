import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV, readEnv, type Env } from '../config/env';

/**
 * The key list cursors are signed with (lib/db/cursor.ts): a secret of each sandbox, so reading
 * this code is not enough to make a cursor the API accepts. Deployed, it is the stack's Secrets
 * Manager secret; locally, a random one kept in `.sandbox/cursor-secret`.
 */

/** A shorter secret is refused: a guessable key would make cursors forgeable again. */
export const MIN_CURSOR_SECRET_LENGTH = 32;

export type CursorKeySource = { readonly secret: string } | { readonly secretArn: string };

/** Where this container's key comes from (CURSOR_SECRET locally, else CURSOR_SECRET_ARN); throws a clear error when neither is set. */
export function cursorKeySource(env?: Env): CursorKeySource {
  const secret = readEnv(ENV.cursorSecret, env);
  if (secret) return { secret };
  const secretArn = readEnv(ENV.cursorSecretArn, env);
  if (secretArn) return { secretArn };
  throw new Error(`Environment variable ${ENV.cursorSecretArn} (or ${ENV.cursorSecret} locally) is required to sign list cursors`);
}

let key: Promise<Buffer> | undefined;

/** This container's cursor key, read once; a failed read is not kept, so the next request tries again. */
export function cursorKey(): Promise<Buffer> {
  key ??= readCursorKey().catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}

/** The key a secret stands for; throws when the secret is too short to be one. */
export function cursorKeyOf(secret: string): Buffer {
  if (secret.length < MIN_CURSOR_SECRET_LENGTH) {
    throw new Error(`The cursor secret must be at least ${MIN_CURSOR_SECRET_LENGTH} characters long`);
  }
  return Buffer.from(secret, 'utf8');
}

async function readCursorKey(): Promise<Buffer> {
  const source = cursorKeySource();
  return cursorKeyOf('secret' in source ? source.secret : await fetchSecret(source.secretArn));
}

async function fetchSecret(secretArn: string): Promise<string> {
  // Used once per container, so not kept: its sockets are released as soon as the secret is read.
  const client = new SecretsManagerClient({ maxAttempts: 3 });
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
    if (!SecretString) throw new Error(`The cursor secret ${secretArn} has no string value`);
    return SecretString;
  } finally {
    client.destroy();
  }
}
