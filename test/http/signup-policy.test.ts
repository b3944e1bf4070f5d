import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalIdentity, sentCodes, type LocalIdentity } from '../../infra/local/identity';
import { identityClient } from '../../infra/local/identity-client';
import { httpApiEvent } from '../../infra/local/lambda-event';
import { loadFunction } from '../../infra/local/load-function';
import { API_BASE_PATH, routes } from '../../lib/routes';
import { SignUpRefusedError } from '../../lib/identity/errors';
import { signUp } from '../../lib/identity/sign-up';
import { parseSignupPolicy } from '../../lib/identity/signup-policy';
import { invitingPoolOf } from '../../lib/identity/user-pool-admin';
import { call } from '../support/fixtures';
import { freshEmail, newPerson } from '../support/sessions';

/**
 * Who may sign up (docs/api.md §14), judged by the sign-up route's use case — the very code a
 * stage's sign-up function runs — against an identity emulator of each policy's stage, and the
 * pool's own rules (its password policy) enforced by the identity service itself.
 */

const started: { identity: LocalIdentity; dir: string }[] = [];

afterAll(async () => {
  for (const { identity, dir } of started.splice(0)) {
    await identity.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function stage(policy: string) {
  const dir = mkdtempSync(join(tmpdir(), 'signup-policy-'));
  const identity = await startLocalIdentity({ dir, signupPolicy: parseSignupPolicy(policy) });
  started.push({ identity, dir });
  const invite = (email: string) => signUp(invitingPoolOf(identity.environment()), parseSignupPolicy(policy), { email, client_name: 'Acme' }, new Date());
  return { identity, dir, invite };
}

describe('the sign-up policy, judged by the sign-up route', () => {
  it('refuses every sign-up under closed, sending nothing', async () => {
    const { dir, invite } = await stage('closed');
    const email = freshEmail();
    const refused = invite(email);
    await expect(refused).rejects.toBeInstanceOf(SignUpRefusedError);
    await expect(refused).rejects.toThrow('Sign-up on this stage is closed: ask an operator to add you (admin users add)');
    expect(sentCodes(dir, email)).toEqual([]);
  });

  it('under domain:…, invites those domains and refuses the others, in any letter case', async () => {
    const { dir, invite } = await stage('domain:acme.com,example.org');
    const outsider = freshEmail('gmail.com');
    await expect(invite(outsider)).rejects.toThrow('Sign-up on this stage is open to e-mail addresses at acme.com, example.org only');
    expect(sentCodes(dir, outsider)).toEqual([]);
    const insider = freshEmail('ACME.com');
    await invite(insider);
    expect(sentCodes(dir, insider, 'temporary_password')).toHaveLength(1);
  });

  it("answers a refusal with 403 FORBIDDEN in the policy's words, from the stage's very sign-up function", async () => {
    const { identity } = await stage('domain:acme.com');
    // Stubbed, never replaced: vitest's stubEnv deletes from the process.env it found, so a file that
    // swapped the object would leave its copy's values to the next file of the worker (test/support/own-modules-setup.ts).
    for (const [name, value] of Object.entries(identity.environment())) vi.stubEnv(name, value);
    try {
      const signUpFunction = await loadFunction<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(routes.signUp);
      const answer = await signUpFunction(
        httpApiEvent({
          method: 'POST',
          url: new URL(`http://127.0.0.1${API_BASE_PATH}${routes.signUp.path}`),
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ email: freshEmail('gmail.com'), client_name: 'Outsider' })),
          requestId: 'sign-up-refused',
          route: routes.signUp,
        }),
      );
      expect(answer.statusCode).toBe(403);
      expect(JSON.parse(answer.body!)).toEqual({
        success: false,
        error: { code: 'FORBIDDEN', message: 'Sign-up on this stage is open to e-mail addresses at acme.com only' },
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('invites through the API on the local stage, which is open', async () => {
    const res = await call('POST', '/account/sign-up', { body: { email: freshEmail(), client_name: 'Open' } });
    expect(res.status).toBe(202);
  });

  it("refuses a new password shorter than the pool's 12 characters at the first sign-in, as Cognito does", async () => {
    const { identity, dir, invite } = await stage('open');
    const email = freshEmail();
    await invite(email);
    const cognito = identityClient(identity.endpoint);
    try {
      const challenge = await cognito.send(
        new InitiateAuthCommand({
          ClientId: identity.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: sentCodes(dir, email, 'temporary_password').at(-1)! },
        }),
      );
      await expect(
        cognito.send(
          new RespondToAuthChallengeCommand({
            ClientId: identity.clientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: challenge.Session,
            ChallengeResponses: { USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!, NEW_PASSWORD: 'Short1Aa' },
          }),
        ),
      ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    } finally {
      cognito.destroy();
    }
  });

  it('makes each person who signs up and signs in under open, the local default, the owner of a new client', async () => {
    const [one, two] = [await newPerson('One'), await newPerson('Two')];
    const clients = await Promise.all([one, two].map(async (p) => (await call('GET', '/account', { key: p.token })).body.data.client));
    expect(clients.map((c) => c.name)).toEqual(['One', 'Two']);
    expect(clients[0].id).not.toBe(clients[1].id);
  });
});
