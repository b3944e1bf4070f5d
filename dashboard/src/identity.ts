import { IDENTITY_META, type PageIdentity } from '../../lib/dashboard/identity';
import { CLIENT_NAME_ATTRIBUTE, poolSettings } from '../../lib/identity/pool-settings';

/**
 * The identity service (docs/api.md §14), spoken to directly: its JSON API is one POST per action,
 * named by `X-Amz-Target`, which Cognito and the local emulator answer alike. A few fetches, so no
 * SDK in the page. Passwords go from this page to the identity service only, never to our API.
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
 * shown in the service's own words. A UserLambdaValidationException (refusal) is the pre-sign-up
 * trigger refusing — the stage's sign-up policy (lib/identity/signup-policy.ts) or a missing client
 * name — in its own words, which Cognito wraps as `PreSignUp failed with error <reason>.`.
 */
const MEANINGS: Readonly<Record<string, string>> = {
  UsernameExistsException: 'An account with this e-mail address already exists: sign in, or confirm it with the code that was e-mailed to you.',
  CodeMismatchException: 'That code is not the one that was e-mailed to you: check it and try again.',
  ExpiredCodeException: 'That code has expired: ask for a new one.',
  NotAuthorizedException: 'Wrong e-mail address or password.',
  UserNotFoundException: 'Wrong e-mail address or password.',
  InvalidPasswordException: `The password does not meet the rules: ${PASSWORD_RULES.join(', ')}.`,
  UserNotConfirmedException: 'This account is not confirmed yet: enter the code that was e-mailed to you.',
  TooManyRequestsException: 'Too many attempts: wait a minute and try again.',
  LimitExceededException: 'Too many attempts: wait a minute and try again.',
};

/** The sentence for a refusal of `type`, which the service worded `said`; undefined: none but the service's own. */
function meaningOf(type: string, said: string | undefined): string | undefined {
  if (type !== 'UserLambdaValidationException') return MEANINGS[type];
  const reason = said?.replace(/^\w+ failed with error /, '').replace(/\.$/, '');
  return `This stage refused the sign-up${reason ? `: ${reason}` : ''}.`;
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

/** What the identity service says about where it sent a confirmation code. */
export interface CodeDelivery {
  readonly destination?: string;
  readonly medium?: string;
}

interface AuthenticationAnswer {
  AuthenticationResult?: { AccessToken: string; RefreshToken?: string; ExpiresIn: number };
  ChallengeName?: string;
}

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

  /** Registers a person, naming the client account made for them; the identity service e-mails a confirmation code. */
  async signUp(email: string, password: string, clientName: string): Promise<{ confirmed: boolean; delivery: CodeDelivery }> {
    const answer = await this.send<CodeDeliveryAnswer & { UserConfirmed?: boolean }>('SignUp', {
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: CLIENT_NAME_ATTRIBUTE, Value: clientName },
      ],
    });
    return { confirmed: answer.UserConfirmed === true, delivery: deliveryOf(answer) };
  }

  /** Confirms a registration with the code the identity service sent. */
  async confirmSignUp(email: string, code: string): Promise<void> {
    await this.send('ConfirmSignUp', { Username: email, ConfirmationCode: code });
  }

  /** Signs in with e-mail and password (USER_PASSWORD_AUTH). */
  async signIn(email: string, password: string): Promise<Tokens> {
    return tokensOf(
      await this.send<AuthenticationAnswer>('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
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
  // The pool asks no challenge of the page's client (no MFA, no forced new password for people who sign up themselves).
  if (!result)
    throw new IdentityFailure(
      answer.ChallengeName ?? 'NoTokens',
      `The identity service asked for ${answer.ChallengeName ?? 'a step'}, which this page does not offer.`,
    );
  const expiresAt = expiryOf(result.AccessToken) ?? Date.now() + result.ExpiresIn * 1000;
  return { accessToken: result.AccessToken, refreshToken: result.RefreshToken, expiresAt };
}
