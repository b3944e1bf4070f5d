import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalIdentity, sentCodes, type LocalIdentity } from '../../infra/local/identity';
import { identityClient } from '../../infra/local/identity-client';
import { parseSignupPolicy } from '../../lib/identity/signup-policy';
import { call } from '../support/fixtures';
import { freshEmail, newPerson, TEST_PASSWORD } from '../support/sessions';

/**
 * Who may sign up (docs/api.md §14), enforced by the identity service itself — its pre-sign-up
 * trigger, the very handler a stage deploys — and never by the page: a sign-up sent straight to the
 * emulator's API is refused under `closed` and outside a `domain:` policy's domains.
 */

const started: { identity: LocalIdentity; dir: string }[] = [];

afterAll(async () => {
  for (const { identity, dir } of started.splice(0)) {
    await identity.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function emulator(policy: string) {
  const dir = mkdtempSync(join(tmpdir(), 'signup-policy-'));
  const identity = await startLocalIdentity({ dir, signupPolicy: parseSignupPolicy(policy) });
  started.push({ identity, dir });
  return { identity, dir };
}

async function signUp(identity: LocalIdentity, email: string, clientName: string | null = 'Acme') {
  const cognito = identityClient(identity.endpoint);
  try {
    return await cognito.send(
      new SignUpCommand({
        ClientId: identity.clientId,
        Username: email,
        Password: TEST_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }, ...(clientName === null ? [] : [{ Name: 'custom:client_name', Value: clientName }])],
      }),
    );
  } finally {
    cognito.destroy();
  }
}

describe('the sign-up policy, enforced by the identity service', () => {
  it('refuses every sign-up under closed, sending no code', async () => {
    const { identity, dir } = await emulator('closed');
    const email = freshEmail();
    await expect(signUp(identity, email)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error Sign-up on this stage is closed: ask an operator to add you (admin users add).',
    });
    expect(sentCodes(dir, email)).toEqual([]);
  });

  it('under domain:…, lets those domains sign up and refuses the others, in any letter case', async () => {
    const { identity, dir } = await emulator('domain:acme.com,example.org');
    const outsider = freshEmail('gmail.com');
    await expect(signUp(identity, outsider)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error Sign-up on this stage is open to e-mail addresses at acme.com, example.org only.',
    });
    expect(sentCodes(dir, outsider)).toEqual([]);
    const insider = freshEmail('ACME.com');
    expect((await signUp(identity, insider)).UserConfirmed).toBe(false);
    expect(sentCodes(dir, insider)).toHaveLength(1);
  });

  it('refuses a sign-up without the name of the client it creates', async () => {
    const { identity } = await emulator('open');
    await expect(signUp(identity, freshEmail(), null)).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error A client name of 1 to 100 characters is required (attribute custom:client_name).',
    });
  });

  it("refuses a password shorter than the pool's 12 characters, as Cognito does", async () => {
    const { identity } = await emulator('open');
    const cognito = identityClient(identity.endpoint);
    try {
      const email = freshEmail();
      await expect(
        cognito.send(
          new SignUpCommand({ ClientId: identity.clientId, Username: email, Password: 'Short1Aa', UserAttributes: [{ Name: 'email', Value: email }] }),
        ),
      ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    } finally {
      cognito.destroy();
    }
  });

  it('lets anyone who confirms sign up under open, the local default, each the owner of a new client', async () => {
    const [one, two] = [await newPerson('One'), await newPerson('Two')];
    const clients = await Promise.all([one, two].map(async (p) => (await call('GET', '/account', { key: p.token })).body.data.client));
    expect(clients.map((c) => c.name)).toEqual(['One', 'Two']);
    expect(clients[0].id).not.toBe(clients[1].id);
  });
});
