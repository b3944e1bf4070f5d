import { createPrivateKey, createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { identityClient } from '../../infra/local/identity-client';
import { sentCodes } from '../../infra/local/identity';
import { CLIENT_NAME_METADATA } from '../../lib/identity/pool-settings';
import { call } from './fixtures';

/** A person who signed up, chose their password at their first sign-in and holds a session: a new client of their own. */
export interface TestPerson {
  readonly email: string;
  readonly password: string;
  /** Their access token: `Authorization: Bearer <token>`. */
  readonly token: string;
  readonly refreshToken: string;
  readonly idToken: string;
}

export const TEST_PASSWORD = 'Correct-horse-battery-42';

/** A fresh e-mail address, so tests never share a person. */
export const freshEmail = (domain = 'example.com') => `person-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@${domain}`;

/** Where a test's people sign up and sign in: the run's sandbox unless given. */
export interface IdentityTarget {
  readonly baseUrl?: string;
  readonly endpoint?: string;
  readonly clientId?: string;
  readonly dir?: string;
}

/**
 * Signs a new person up through the sign-up route (their client named `clientName`), signs in with
 * the temporary password the emulator "e-mailed" and chooses TEST_PASSWORD in its place, as a person
 * does on the dashboard: their first sign-in makes their client.
 */
export async function newPerson(clientName = 'Test client', target: IdentityTarget = {}): Promise<TestPerson> {
  const email = freshEmail();
  const answer = await call('POST', '/account/sign-up', { body: { email, client_name: clientName }, baseUrl: target.baseUrl });
  if (answer.status !== 202) throw new Error(`Sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { email, password: TEST_PASSWORD, ...(await firstSignIn(email, TEST_PASSWORD, target)) };
}

/** The newest temporary password the emulator sent to `email`. */
export function temporaryPasswordOf(email: string, dir = inject('identityDir')): string {
  const sent = sentCodes(dir, email, 'temporary_password').at(-1);
  if (!sent) throw new Error(`The emulator sent no temporary password to ${email}`);
  return sent;
}

/**
 * The first sign-in of an invited person: the e-mailed temporary password, then `password` in its
 * place (NEW_PASSWORD_REQUIRED) — with `clientName` as the page sends it, the name of the client made.
 */
export async function firstSignIn(email: string, password: string, target: IdentityTarget = {}, clientName?: string) {
  const clientId = target.clientId ?? inject('userPoolClientId');
  const cognito = identityClient(target.endpoint ?? inject('identityEndpoint'));
  try {
    const challenge = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: temporaryPasswordOf(email, target.dir) },
      }),
    );
    if (challenge.ChallengeName !== 'NEW_PASSWORD_REQUIRED') throw new Error(`Expected NEW_PASSWORD_REQUIRED, got ${challenge.ChallengeName}`);
    const { AuthenticationResult } = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!, NEW_PASSWORD: password },
        ...(clientName !== undefined && { ClientMetadata: { [CLIENT_NAME_METADATA]: clientName } }),
      }),
    );
    return { token: AuthenticationResult!.AccessToken!, refreshToken: AuthenticationResult!.RefreshToken!, idToken: AuthenticationResult!.IdToken! };
  } finally {
    cognito.destroy();
  }
}

/** Signs in with a password: the three tokens. */
export async function signIn(email: string, password: string, options: { endpoint?: string; clientId?: string } = {}) {
  const cognito = identityClient(options.endpoint ?? inject('identityEndpoint'));
  try {
    const { AuthenticationResult } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: options.clientId ?? inject('userPoolClientId'),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return { token: AuthenticationResult!.AccessToken!, refreshToken: AuthenticationResult!.RefreshToken!, idToken: AuthenticationResult!.IdToken! };
  } finally {
    cognito.destroy();
  }
}

/** A JWT signed with the emulator's own key (its keys are public, as a local emulator's are): what a forger holding a real signing key could make. */
export function forge(claims: Record<string, unknown>): string {
  const require = createRequire(import.meta.url);
  const { jwk } = JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as { jwk: object };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signingInput = `${encode({ alg: 'RS256', kid: 'CognitoLocal', typ: 'JWT' })}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256')
    .update(signingInput)
    .sign(createPrivateKey({ key: jwk as never, format: 'jwk' }), 'base64url');
  return `${signingInput}.${signature}`;
}

/** The claims of a token (read, not verified). */
export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** The claims without one of them. */
export function withoutClaim(claims: Record<string, unknown>, name: string): Record<string, unknown> {
  const { [name]: _dropped, ...rest } = claims;
  return rest;
}
