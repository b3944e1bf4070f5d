import { messageOf } from './api';
import { IdentityFailure, type IdentityClient, type Tokens } from './identity';

/**
 * A signed-in person's session (docs/decisions/0190): the access token the page sends to the API and
 * the refresh token that renews it, held in this page's memory only, never in sessionStorage,
 * localStorage or a cookie: a reload or another tab signs in again. The access token is renewed
 * before its `exp`, by a timer and before any request that would carry a token about to expire;
 * when renewal fails the session ends cleanly and the sign-in form says why.
 */

interface Held {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** When (ms since the epoch) to renew the access token: before it expires. */
  readonly renewAt: number;
}

/** An access token is renewed 5 minutes before its `exp`, or halfway through its life if that is shorter. */
const RENEW_BEFORE_MS = 5 * 60_000;

function renewAtOf(tokens: Tokens, now = Date.now()): number {
  const life = Math.max(0, tokens.expiresAt - now);
  return now + Math.max(life - RENEW_BEFORE_MS, life / 2);
}

export class Session {
  private held: Held | undefined;
  private renewing: Promise<string> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  private constructor(
    private readonly identity: IdentityClient,
    held: Held,
    private readonly onEnded: (reason?: string) => void,
  ) {
    this.held = held;
    this.schedule();
  }

  /** The session of a sign-in's tokens; `onEnded` is told when the session ends, with the reason unless the person signed out. */
  static start(identity: IdentityClient, tokens: Tokens, onEnded: (reason?: string) => void): Session {
    if (!tokens.refreshToken) throw new IdentityFailure('NoRefreshToken', 'The identity service gave no refresh token.');
    return new Session(identity, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, renewAt: renewAtOf(tokens) }, onEnded);
  }

  /** An access token to send now: renewed first when it is due. */
  async accessToken(): Promise<string> {
    if (!this.held) throw new Error('Signed out');
    return Date.now() < this.held.renewAt ? this.held.accessToken : this.renew();
  }

  /** Renews the access token with the refresh token (once, however many ask at the same time); ends the session when that fails. */
  renew(): Promise<string> {
    const held = this.held;
    if (!held) return Promise.reject(new Error('Signed out'));
    this.renewing ??= this.identity
      .refresh(held.refreshToken)
      .then((tokens) => {
        if (!this.held) throw new Error('Signed out');
        // Cognito may rotate the refresh token; otherwise the one held stays valid.
        this.held = { ...this.held, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? this.held.refreshToken, renewAt: renewAtOf(tokens) };
        this.schedule();
        return tokens.accessToken;
      })
      .catch((error: unknown) => {
        this.end(`Your session could not be renewed (${messageOf(error)}). Sign in again.`);
        throw error;
      })
      .finally(() => {
        this.renewing = undefined;
      });
    return this.renewing;
  }

  /** Signs out: the session ends (and is revoked), as the person chose. */
  signOut(): void {
    this.end();
  }

  /**
   * Ends the session: forgets the tokens and the timer, tells the page (with the reason when it was
   * not the person's choice), then revokes the refresh token (and the access tokens made from it) at
   * the identity service, whatever it answers: forgotten first, so ending never leaves anyone signed in.
   */
  end(reason?: string): void {
    if (!this.held) return;
    const { refreshToken } = this.held;
    this.held = undefined;
    clearTimeout(this.timer);
    this.onEnded(reason);
    this.identity.revoke(refreshToken).catch(() => undefined);
  }

  /** Sets the timer that renews the access token before it expires. */
  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.held) return;
    this.timer = setTimeout(() => void this.renew().catch(() => undefined), Math.max(0, this.held.renewAt - Date.now()));
  }
}
