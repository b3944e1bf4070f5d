import { ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { identityClient } from '../../infra/local/identity-client';
import { sentCodes } from '../../infra/local/identity';

/** A person who signed up, confirmed and signed in on the run's identity emulator: a new client of their own. */
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

/** Signs a new person up (their client named `clientName`), confirms them with the code the emulator sent, and signs them in. */
export async function newPerson(clientName = 'Test client', options: { endpoint?: string; clientId?: string; dir?: string } = {}): Promise<TestPerson> {
  const endpoint = options.endpoint ?? inject('identityEndpoint');
  const clientId = options.clientId ?? inject('userPoolClientId');
  const cognito = identityClient(endpoint);
  const email = freshEmail();
  try {
    await cognito.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: TEST_PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'custom:client_name', Value: clientName },
        ],
      }),
    );
    const code = sentCodes(options.dir ?? inject('identityDir'), email).at(-1);
    if (!code) throw new Error(`The emulator sent no code to ${email}`);
    await cognito.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }));
    return { email, password: TEST_PASSWORD, ...(await signIn(email, TEST_PASSWORD, { endpoint, clientId })) };
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
