import { IDENTITY_META, type PageIdentity } from '../../lib/dashboard/identity';
import { CLIENT_NAME_ATTRIBUTE, CLIENT_NAME_METADATA, poolSettings } from '../../lib/identity/pool-settings';

/**
 * The identity service (docs/api.md §14), spoken to directly: its JSON API is one POST per action,
 * named by `X-Amz-Target`, which Cognito and the local emulator answer alike. A few fetches, so no
 * SDK in the page. Passwords go from this page to the identity service only, never to our API
 * (sign-up, which sends none, is our API's: it asks the identity service to invite the address).
 */

/** Where the page signs people in, as the dashboard function wrote it into the page; undefined: the stage has none. */
export function readIdentity(): PageIdentity | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${IDENTITY_META}"]`)?.content;
  if (!content) return undefined;
  const parsed = JSON.parse(content) as Partial<PageIdentity>;
  return typeof parsed.endpoint === 'string' && typeof parsed.clientId === 'string' ? { endpoint: parsed.endpoint, clientId: parsed.clientId } : undefined;
}

const { password } = poolSettings;
const PASSWORD_RULES = [
  `at least ${password.minLength} characters`,
  password.requireLowercase && 'a lower-case letter',
  password.requireUppercase && 'an upper-case letter',
  password.requireDigits && 'a digit',
  password.requireSymbols && 'a symbol',
].filter(Boolean);

/**
 * What each refusal of the identity service means to a person, by its `__type`; a type not here is
 * shown in the service's own words.
 */
const MEANINGS: Readonly<Record<string, string>> = {
  CodeMismatchException: 'That code is not the one that was e-mailed to you: check it and try again.',
  ExpiredCodeException: 'That code has expired: ask for a new one.',
  NotAuthorizedException: 'Wrong e-mail address or password.',
  UserNotFoundException: 'Wrong e-mail address or password.',
  InvalidPasswordException: `The password does not meet the rules: ${PASSWORD_RULES.join(', ')}.`,
  TooManyRequestsException: 'Too many attempts: wait a minute and try again.',
  LimitExceededException: 'Too many attempts: wait a minute and try again.',
};

/** NotAuthorizedException's cases a person can act on, by what Cognito says. */
const NOT_AUTHORIZED: Readonly<Record<string, string>> = {
  'User is disabled.': 'This account is disabled: ask an operator of this stage.',
  'Temporary password has expired and must be reset by an administrator.': 'Your temporary password has expired: sign up again for a new one.',
  'User password cannot be reset in the current state.':
    'This account is not set up yet: sign in with the temporary password that was e-mailed to you, or sign up again for a new one.',
};

/** The sentence for a refusal of `type`, which the service worded `said`; undefined: none but the service's own. */
function meaningOf(type: string, said: string | undefined): string | undefined {
  return (type === 'NotAuthorizedException' && said !== undefined ? NOT_AUTHORIZED[said] : undefined) ?? MEANINGS[type];
}

/** A refusal of the identity service: its error type (`NotAuthorizedException`, …) and what it means to the person. */
export class IdentityFailure extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityFailure';
  }
}

/** The tokens a sign-in or a refresh gives; a refresh gives no new refresh token. */
export interface Tokens {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** When the access token expires (ms since the epoch): its `exp`. */
  readonly expiresAt: number;
}

/** What the identity service says about where it sent a code. */
export interface CodeDelivery {
  readonly destination?: string;
  readonly medium?: string;
}

interface AuthenticationAnswer {
  AuthenticationResult?: { AccessToken: string; RefreshToken?: string; ExpiresIn: number };
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
  Session?: string;
}

/**
 * What a sign-in gives: tokens, or — the first sign-in of an invited person, with the temporary
 * password the identity service e-mailed — a request for their own password (NEW_PASSWORD_REQUIRED),
 * answered with `completeNewPassword`.
 */
export type SignInResult =
  | { readonly kind: 'tokens'; readonly tokens: Tokens }
  | { readonly kind: 'new-password'; readonly username: string; readonly session: string; readonly clientName: string };

interface CodeDeliveryAnswer {
  CodeDeliveryDetails?: { Destination?: string; DeliveryMedium?: string };
}

/** The identity actions the page uses, for one app client. */
export class IdentityClient {
  constructor(private readonly identity: PageIdentity) {}

  private async send<T>(action: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.identity.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
        body: JSON.stringify({ ClientId: this.identity.clientId, ...body }),
        credentials: 'omit',
      });
    } catch {
      throw new IdentityFailure('NetworkError', `The identity service (${new URL(this.identity.endpoint).origin}) could not be reached.`);
    }
    const answer = (await res.json().catch(() => ({}))) as { __type?: string; message?: string; Message?: string };
    if (!res.ok) {
      // Cognito may put a namespace before '#' in the type.
      const type = (answer.__type ?? `HTTP ${res.status}`).replace(/^.*#/, '');
      const said = answer.message ?? answer.Message;
      throw new IdentityFailure(type, meaningOf(type, said) ?? said ?? `The identity service answered HTTP ${res.status} to ${action}.`);
    }
    return answer as T;
  }

  /** Signs in with e-mail and password (USER_PASSWORD_AUTH): tokens, or the request for a new password of a first sign-in. */
  async signIn(email: string, password: string): Promise<SignInResult> {
    const answer = await this.send<AuthenticationAnswer>('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    if (answer.ChallengeName === 'NEW_PASSWORD_REQUIRED' && answer.Session) {
      return {
        kind: 'new-password',
        username: answer.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
        session: answer.Session,
        clientName: invitedClientName(answer.ChallengeParameters?.userAttributes),
      };
    }
    return { kind: 'tokens', tokens: tokensOf(answer) };
  }

  /**
   * Answers NEW_PASSWORD_REQUIRED with the person's own password, in place of the temporary one, and
   * the name of the client their first sign-in makes: the tokens.
   */
  async completeNewPassword(username: string, session: string, password: string, clientName: string): Promise<Tokens> {
    return tokensOf(
      await this.send<AuthenticationAnswer>('RespondToAuthChallenge', {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeResponses: { USERNAME: username, NEW_PASSWORD: password },
        ClientMetadata: { [CLIENT_NAME_METADATA]: clientName },
      }),
    );
  }

  /** Asks for a password reset: the identity service e-mails a code. */
  async forgotPassword(email: string): Promise<CodeDelivery> {
    return deliveryOf(await this.send<CodeDeliveryAnswer>('ForgotPassword', { Username: email }));
  }

  /** Sets a new password with the e-mailed code; every session of the person ends (docs/api.md §14 amended in v1.3). */
  async confirmForgotPassword(email: string, code: string, password: string): Promise<void> {
    await this.send('ConfirmForgotPassword', { Username: email, ConfirmationCode: code, Password: password });
  }

  /** A new access token for a refresh token (REFRESH_TOKEN_AUTH). */
  async refresh(refreshToken: string): Promise<Tokens> {
    return tokensOf(await this.send<AuthenticationAnswer>('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }));
  }

  /** Ends the session at the identity service: the refresh token, and the access tokens made from it, are revoked. */
  async revoke(refreshToken: string): Promise<void> {
    await this.send('RevokeToken', { Token: refreshToken });
  }
}

/** The client name an invitation carries, from a NEW_PASSWORD_REQUIRED challenge's `userAttributes` (JSON); '' when none. */
function invitedClientName(userAttributes: string | undefined): string {
  try {
    const name = (JSON.parse(userAttributes ?? '{}') as Record<string, unknown>)[CLIENT_NAME_ATTRIBUTE];
    return typeof name === 'string' ? name : '';
  } catch {
    return '';
  }
}

function deliveryOf(answer: CodeDeliveryAnswer): CodeDelivery {
  return { destination: answer.CodeDeliveryDetails?.Destination, medium: answer.CodeDeliveryDetails?.DeliveryMedium };
}

/** The `exp` of a JWT (ms since the epoch), or undefined when it has none the page can read. */
function expiryOf(jwt: string): number | undefined {
  try {
    const payload = jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function tokensOf(answer: AuthenticationAnswer): Tokens {
  const result = answer.AuthenticationResult;
  // The pool asks no challenge but a first sign-in's new password (no MFA), which signIn takes first.
  if (!result)
    throw new IdentityFailure(
      answer.ChallengeName ?? 'NoTokens',
      `The identity service asked for ${answer.ChallengeName ?? 'a step'}, which this page does not offer.`,
    );
  const expiresAt = expiryOf(result.AccessToken) ?? Date.now() + result.ExpiresIn * 1000;
  return { accessToken: result.AccessToken, refreshToken: result.RefreshToken, expiresAt };
}
