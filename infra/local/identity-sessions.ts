import { createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { poolSettings } from '../../lib/identity/pool-settings';

/**
 * What cognito-local lacks of Cognito's sessions and accounts, added around its targets so that
 * `npm start` refuses what a stage's pool refuses (docs/decisions/0217). Cognito, and so this:
 *
 * - ties every access token to the sign-in it came from (`origin_jti`; `auth_time` kept through
 *   refreshes), so RevokeToken ends the access tokens of that sign-in and GlobalSignOut,
 *   AdminUserGlobalSignOut, AdminDisableUser and AdminDeleteUser end all of a person's: GetUser
 *   and every other call made with an access token then answer NotAuthorizedException;
 * - refuses a disabled person's sign-in and refresh ("User is disabled.");
 * - checks the temporary password before it asks for a new one (NEW_PASSWORD_REQUIRED), lets it
 *   expire, and takes an answer to a challenge only with the session the challenge gave;
 * - refuses SignUp to a pool that only admins make people in, writes only the attributes the app
 *   client may write, refuses to reset the password of a person still invited, and answers a reset
 *   of an unknown address as one of a known address (no user existence errors).
 *
 * Sessions live in `sessions.json` beside the emulator's pool, so a restart keeps them.
 */

const require = createRequire(import.meta.url);
const cognitoLocal = (path: string) => require(`cognito-local/lib/${path}`);
const { CognitoError } = cognitoLocal('errors');
const signingKey = cognitoLocal('keys/cognitoLocal.private.json') as { pem: string };

/** Refusals as Cognito words them (its exception type and message). */
const refuse = (type: string, message: string): Error => new CognitoError(type, message);
const notAuthorized = (message: string) => refuse('NotAuthorizedException', message);

/** A person as cognito-local stores them. */
interface StoredUser {
  Username: string;
  Password?: string;
  UserStatus?: string;
  Enabled?: boolean;
  UserCreateDate?: Date | string;
  Attributes?: { Name: string; Value?: string }[];
  RefreshTokens?: string[];
}

interface UserPoolService {
  getUserByUsername(ctx: unknown, username: string): Promise<StoredUser | null>;
  getUserByRefreshToken(ctx: unknown, token: string): Promise<StoredUser | null>;
  saveUser(ctx: unknown, user: StoredUser): Promise<void>;
  storeRefreshToken(ctx: unknown, token: string, user: StoredUser): Promise<void>;
}

/** The part of cognito-local's CognitoService the adapter uses. */
export interface PoolDirectory {
  getUserPoolForClientId(ctx: unknown, clientId: string): Promise<UserPoolService>;
  getUserPool(ctx: unknown, userPoolId: string): Promise<UserPoolService>;
}

type Handler = (ctx: unknown, req: Record<string, unknown>) => Promise<unknown>;

/** One sign-in and what it may still do. */
interface LocalSession {
  /** `origin_jti` of its access tokens. */
  readonly origin: string;
  /** The person's `sub`. */
  readonly sub: string;
  /** `auth_time` of its access tokens (seconds since the epoch): when the person signed in. */
  readonly authTime: number;
  readonly refreshToken: string;
  ended: boolean;
}

/** A challenge handed out by InitiateAuth, awaiting its answer with its session. */
interface PendingChallenge {
  readonly username: string;
  readonly name: string;
  readonly until: number;
}

/** How long the session of a challenge may be answered (Cognito: 3 minutes by default). */
const CHALLENGE_MS = 3 * 60_000;
const SESSIONS_FILE = 'sessions.json';

const attribute = (user: StoredUser, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
const subOf = (user: StoredUser) => attribute(user, 'sub') ?? user.Username;
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs claims as the emulator signs its tokens (RS256 with its key, `kid` CognitoLocal). */
function signToken(claims: Record<string, unknown>): string {
  const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${b64(claims)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(createPrivateKey(signingKey.pem), 'base64url')}`;
}

const publicKey = createPublicKey(createPrivateKey(signingKey.pem));

/** The claims of an access token the emulator signed that has not expired, or undefined. */
function verifiedClaims(token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string') return undefined;
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  if (!createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(publicKey, signature, 'base64url')) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    return claims.token_use === 'access' && typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** A temporary password as Cognito makes one: of the pool's policy (cognito-local's are six characters). */
const temporaryPassword = () => `${randomBytes(9).toString('base64url')}Aa9`;

/** The calls made with a person's access token: each answers NotAuthorizedException once its session has ended. */
const WITH_ACCESS_TOKEN = new Set([
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'ChangePassword',
  'DeleteUser',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

/**
 * The adapter: wraps each target cognito-local routes (`route(target)`) with what Cognito does
 * besides, and adds the two it lacks (GlobalSignOut, AdminUserGlobalSignOut).
 */
export function cognitoLikeTargets(options: { readonly dir: string; readonly pools: PoolDirectory; readonly route: (target: string) => Handler }) {
  const { dir, pools, route } = options;
  const file = join(dir, SESSIONS_FILE);
  const sessions: LocalSession[] = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LocalSession[]) : [];
  const challenges = new Map<string, PendingChallenge>();
  const save = () => writeFileSync(file, `${JSON.stringify(sessions)}\n`, { mode: 0o600 });

  const endAll = (sub: string) => {
    for (const session of sessions) if (session.sub === sub) session.ended = true;
    save();
  };
  /** Ends all of a person's sessions and forgets their refresh tokens. */
  const signOutEverywhere = async (ctx: unknown, pool: UserPoolService, user: StoredUser) => {
    endAll(subOf(user));
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
  };

  /** The access token of `result` bound to `session` (its origin and sign-in time), as Cognito's are. */
  const bindAccessToken = (result: Record<string, unknown>, session: LocalSession) => {
    const tokens = result.AuthenticationResult as { AccessToken?: string } | undefined;
    if (!tokens?.AccessToken) return result;
    const claims = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    return {
      ...result,
      AuthenticationResult: { ...tokens, AccessToken: signToken({ ...claims, origin_jti: session.origin, auth_time: session.authTime }) },
    };
  };

  /** A new sign-in's session, from the tokens it was just given. */
  const openSession = (result: Record<string, unknown>) => {
    const tokens = result.AuthenticationResult as { AccessToken?: string; RefreshToken?: string } | undefined;
    if (!tokens?.AccessToken || !tokens.RefreshToken) return result;
    const claims = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1]!, 'base64url').toString()) as { sub: string; auth_time: number };
    const session: LocalSession = { origin: randomUUID(), sub: claims.sub, authTime: claims.auth_time, refreshToken: tokens.RefreshToken, ended: false };
    sessions.push(session);
    save();
    return bindAccessToken(result, session);
  };

  /** The live session and person of an access token; throws as Cognito refuses an ended one. */
  const liveSessionOf = async (ctx: unknown, token: unknown): Promise<{ user: StoredUser; pool: UserPoolService }> => {
    const claims = verifiedClaims(token);
    if (!claims) throw notAuthorized('Invalid Access Token');
    const session = sessions.find((s) => s.origin === claims.origin_jti);
    if (!session || session.ended) throw notAuthorized('Access Token has been revoked');
    const pool = await pools.getUserPoolForClientId(ctx, String(claims.client_id));
    const user = await pool.getUserByUsername(ctx, String(claims.sub));
    if (!user) throw refuse('UserNotFoundException', 'User does not exist.');
    if (user.Enabled === false) throw notAuthorized('User is disabled.');
    return { user, pool };
  };

  const initiateAuth =
    (handle: Handler): Handler =>
    async (ctx, req) => {
      const params = (req.AuthParameters ?? {}) as Record<string, string | undefined>;
      const pool = await pools.getUserPoolForClientId(ctx, String(req.ClientId));
      if (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') {
        const session = sessions.find((s) => s.refreshToken === params.REFRESH_TOKEN);
        if (!session || session.ended) throw notAuthorized('Refresh Token has been revoked');
        const user = await pool.getUserByUsername(ctx, session.sub);
        if (!user) throw notAuthorized('Refresh Token has been revoked');
        if (user.Enabled === false) throw notAuthorized('User is disabled.');
        return bindAccessToken((await handle(ctx, req)) as Record<string, unknown>, session);
      }
      const user = params.USERNAME === undefined ? null : await pool.getUserByUsername(ctx, params.USERNAME);
      if (user && user.Enabled === false) throw notAuthorized('User is disabled.');
      if (user?.UserStatus === 'FORCE_CHANGE_PASSWORD') {
        // cognito-local asks for a new password without checking the temporary one.
        if (user.Password !== params.PASSWORD) throw notAuthorized('Incorrect username or password.');
        const created = new Date(user.UserCreateDate ?? 0).getTime();
        if (Date.now() - created > poolSettings.temporaryPasswordDays * 86_400_000) {
          throw notAuthorized('Temporary password has expired and must be reset by an administrator.');
        }
      }
      const result = (await handle(ctx, req)) as Record<string, unknown>;
      if (typeof result.ChallengeName === 'string' && typeof result.Session === 'string' && user) {
        challenges.set(result.Session, { username: user.Username, name: result.ChallengeName, until: Date.now() + CHALLENGE_MS });
        return result;
      }
      return openSession(result);
    };

  const respondToAuthChallenge =
    (handle: Handler): Handler =>
    async (ctx, req) => {
      const responses = (req.ChallengeResponses ?? {}) as Record<string, string | undefined>;
      const pool = await pools.getUserPoolForClientId(ctx, String(req.ClientId));
      const user = responses.USERNAME === undefined ? null : await pool.getUserByUsername(ctx, responses.USERNAME);
      const challenge = typeof req.Session === 'string' ? challenges.get(req.Session) : undefined;
      // cognito-local takes any session, for any person: Cognito only the one its challenge gave.
      if (!user || !challenge || challenge.until < Date.now() || challenge.name !== req.ChallengeName || challenge.username !== user.Username) {
        throw notAuthorized('Invalid session for the user.');
      }
      if (user.Enabled === false) throw notAuthorized('User is disabled.');
      const result = (await handle(ctx, req)) as Record<string, unknown>;
      challenges.delete(req.Session as string);
      const refreshToken = (result.AuthenticationResult as { RefreshToken?: string } | undefined)?.RefreshToken;
      // cognito-local forgets the refresh token a challenge's answer gives; Cognito honours it like any other.
      if (refreshToken) await pool.storeRefreshToken(ctx, refreshToken, (await pool.getUserByUsername(ctx, user.Username)) ?? user);
      return openSession(result);
    };

  const revokeToken =
    (handle: Handler): Handler =>
    async (ctx, req) => {
      const session = sessions.find((s) => s.refreshToken === req.Token);
      if (session) {
        session.ended = true;
        save();
      }
      return handle(ctx, req);
    };

  const globalSignOut: Handler = async (ctx, req) => {
    const { user, pool } = await liveSessionOf(ctx, req.AccessToken);
    await signOutEverywhere(ctx, pool, user);
    return {};
  };

  const adminUserGlobalSignOut: Handler = async (ctx, req) => {
    const pool = await pools.getUserPool(ctx, String(req.UserPoolId));
    const user = await pool.getUserByUsername(ctx, String(req.Username));
    if (!user) throw refuse('UserNotFoundException', 'User does not exist.');
    await signOutEverywhere(ctx, pool, user);
    return {};
  };

  /** AdminDisableUser and AdminDeleteUser: Cognito ends the person's sessions too. */
  const endingSessions =
    (handle: Handler): Handler =>
    async (ctx, req) => {
      const pool = await pools.getUserPool(ctx, String(req.UserPoolId));
      const user = await pool.getUserByUsername(ctx, String(req.Username));
      const result = await handle(ctx, req);
      if (user) endAll(subOf(user));
      return result;
    };

  const adminCreateUser =
    (handle: Handler): Handler =>
    (ctx, req) =>
      handle(ctx, req.TemporaryPassword === undefined ? { ...req, TemporaryPassword: temporaryPassword() } : req);

  const forgotPassword =
    (handle: Handler): Handler =>
    async (ctx, req) => {
      const pool = await pools.getUserPoolForClientId(ctx, String(req.ClientId));
      const user = await pool.getUserByUsername(ctx, String(req.Username));
      // The app client prevents user existence errors: an unknown address is answered as a known one.
      if (!user) return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskedEmail(String(req.Username)) } };
      if (user.Enabled === false) throw notAuthorized('User is disabled.');
      if (user.UserStatus === 'FORCE_CHANGE_PASSWORD') throw notAuthorized('User password cannot be reset in the current state.');
      return handle(ctx, req);
    };

  /** UpdateUserAttributes and DeleteUserAttributes: only the attributes the app client may write. */
  const writingAttributes =
    (handle: Handler, field: 'UserAttributes' | 'UserAttributeNames'): Handler =>
    async (ctx, req) => {
      const names = ((req[field] ?? []) as (string | { Name?: string })[]).map((a) => (typeof a === 'string' ? a : (a.Name ?? '')));
      if (names.some((name) => !(poolSettings.writableAttributes as readonly string[]).includes(name))) {
        throw notAuthorized('A client attempted to write unauthorized attribute');
      }
      return handle(ctx, req);
    };

  const withLiveToken =
    (handle: Handler): Handler =>
    async (ctx, req) => {
      await liveSessionOf(ctx, req.AccessToken);
      return handle(ctx, req);
    };

  /** What each target gets besides cognito-local's own handling. */
  const wrappers: Readonly<Record<string, (handle: Handler) => Handler>> = {
    InitiateAuth: initiateAuth,
    RespondToAuthChallenge: respondToAuthChallenge,
    RevokeToken: revokeToken,
    AdminDisableUser: endingSessions,
    AdminDeleteUser: endingSessions,
    AdminCreateUser: adminCreateUser,
    ForgotPassword: forgotPassword,
    UpdateUserAttributes: (handle) => writingAttributes(handle, 'UserAttributes'),
    DeleteUserAttributes: (handle) => writingAttributes(handle, 'UserAttributeNames'),
  };

  return (target: string): Handler => {
    if (target === 'GlobalSignOut') return globalSignOut;
    if (target === 'AdminUserGlobalSignOut') return adminUserGlobalSignOut;
    if (target === 'SignUp' && poolSettings.adminCreateUserOnly) return () => Promise.reject(notAuthorized('SignUp is not permitted for this user pool'));
    const handle = route(target);
    const wrapped = wrappers[target]?.(handle) ?? handle;
    return WITH_ACCESS_TOKEN.has(target) ? withLiveToken(wrapped) : wrapped;
  };
}

/** `d***@e***` as Cognito shows where it sent a code. */
function maskedEmail(address: string): string {
  const [name = '', domain = ''] = address.split('@');
  return `${name.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}
