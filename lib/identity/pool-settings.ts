/**
 * The user pool of a stage (docs/api.md §14), as data: the stack's Cognito user pool and app
 * client and the local identity emulator `npm start` runs are both built from this, so the two
 * never differ in what a person sees.
 */
export const poolSettings = {
  /** People sign in with their e-mail address; it is confirmed by a code before the account is usable. */
  signInWith: 'email',
  password: { minLength: 12, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: false },
  /**
   * Access tokens last at most 15 minutes (§14 amended in v1.3): a session ended by sign-out, a
   * password reset or an operator is refused by every route within that time. The page renews them
   * with the refresh token.
   */
  accessTokenMinutes: 15,
  idTokenMinutes: 15,
  refreshTokenDays: 30,
  /**
   * Nobody chooses a password before their mailbox is proven (§14 amended, decision 0215): the pool
   * refuses SignUp; people are made with AdminCreateUser, by the sign-up route or an operator, and
   * the identity service e-mails a temporary password, which the mailbox's owner replaces at their
   * first sign-in. A temporary password not used within this many days expires.
   */
  adminCreateUserOnly: true,
  temporaryPasswordDays: 7,
  /**
   * The only attribute a person may change through the identity service with their own token:
   * their e-mail (which names them) and client name (read once, at registration) are read-only. An
   * app client's list cannot be empty: Cognito reads an empty list as "every standard attribute".
   */
  writableAttributes: ['locale'],
  /** The app client is public (the dashboard page): no client secret. */
  generateSecret: false,
} as const;

/**
 * The attribute a person names their new client account with at sign-up (§14 "named at
 * sign-up"); declared on the pool as the custom attribute `client_name`.
 */
export const CLIENT_NAME_ATTRIBUTE = 'custom:client_name';

/** A client's name: what `clients create --name` and sign-up accept. */
export const CLIENT_NAME_LIMITS = { minLength: 1, maxLength: 100 } as const;

/**
 * The ClientMetadata key in which the page sends the client's name with a first sign-in's new
 * password: the mailbox's owner names their client then (decision 0215).
 */
export const CLIENT_NAME_METADATA = 'client_name';

/** A client name as given (trimmed), or undefined when it is missing or not within CLIENT_NAME_LIMITS. */
export function clientNameOf(value: unknown): string | undefined {
  const name = typeof value === 'string' ? value.trim() : '';
  return name.length >= CLIENT_NAME_LIMITS.minLength && name.length <= CLIENT_NAME_LIMITS.maxLength ? name : undefined;
}
