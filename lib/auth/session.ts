import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { FetchError, JwksValidationError, JwtBaseError, NonRetryableFetchError, NotSupportedError, ParameterValidationError } from 'aws-jwt-verify/error';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { realNow } from '../clock';
import type { Db } from '../db/db';
import { IDENTITY_ENV, readEnv, requireEnv, type Env } from '../config/env';
import { userClientEntity } from '../identity/items';
import { findUserClient, type UserClientReading, userClientReadingOf } from '../identity/user-client';
import { keys } from '../db/keys';
import { batchGetItems, type TableKey } from '../db/requests';
import { clientReadingOf, readClient, type ClientReading } from './client-clock';
import { requestCounter, secondOf } from './request-counter';
import { scopes as allScopes } from '../scopes';
import type { SessionPrincipal } from './principal';

/** What session verification needs of the stage's identity service (lib/config/env.ts, IDENTITY_ENV). */
export interface SessionSettings {
  /** The `iss` of the pool's tokens; its signing keys are at `<issuer>/.well-known/jwks.json`. */
  readonly issuer: string;
  /** The app client whose access tokens are admitted (their `client_id`). */
  readonly clientId: string;
  /** The identity service's JSON API, which an account route asks whether a session is still live (GetUser). */
  readonly endpoint: string;
}

/**
 * Reads the stage's issuer, app client and identity endpoint from an environment (the process's by
 * default); throws a message naming the first missing or invalid variable. The issuer and the
 * endpoint are https (the pool's), or http on loopback (`npm start`'s emulator) — never http
 * elsewhere (lib/config/env.ts checks them).
 */
export function readSessionSettings(env?: Env): SessionSettings {
  return {
    issuer: requireEnv(IDENTITY_ENV.issuer, env).replace(/\/+$/, ''),
    clientId: requireEnv(IDENTITY_ENV.clientId, env),
    endpoint: requireEnv(IDENTITY_ENV.endpoint, env),
  };
}

let settings: SessionSettings | null | undefined;

/**
 * The stage's session settings, read from the environment once per container, or null when it has
 * no identity service (no variable set: a sandbox started without one, a handler under test),
 * where every session token is refused with 401. Half a configuration is an error.
 */
export function sessionSettings(): SessionSettings | null {
  if (settings === undefined) {
    const none = !readEnv(IDENTITY_ENV.issuer) && !readEnv(IDENTITY_ENV.clientId) && !readEnv(IDENTITY_ENV.endpoint);
    settings = none ? null : readSessionSettings();
  }
  return settings;
}

/** aws-jwt-verify fetches over https only; the local emulator's keys are on loopback http. */
const loopbackFetcher: Fetcher = {
  fetch: async (uri) => {
    let response: Response;
    try {
      response = await fetch(uri);
    } catch (error) {
      throw new FetchError(uri, (error as Error).message);
    }
    if (response.status !== 200) throw new NonRetryableFetchError(uri, `Status code is ${response.status}, expected 200`);
    return response.arrayBuffer();
  },
};

type Verifier = { verify(token: string): Promise<Record<string, unknown>> };

let verifier: Verifier | undefined;

/**
 * One verifier per container: the pool's signing keys (JWKS) are fetched on the first session and
 * cached with it (again only for a key id it does not know), as aws-jwt-verify's cache does.
 */
function sessionVerifier(): Verifier | undefined {
  if (verifier) return verifier;
  const configured = sessionSettings();
  if (!configured) return undefined;
  const { issuer, clientId } = configured;
  const jwksUri = `${issuer}/.well-known/jwks.json`;
  const jwksCache = issuer.startsWith('http:') ? new SimpleJwksCache({ fetcher: loopbackFetcher }) : new SimpleJwksCache();
  verifier = JwtVerifier.create(
    {
      issuer,
      jwksUri,
      // Cognito's access tokens carry no `aud`: their app client is `client_id`, checked below with token_use.
      audience: null,
      customJwtCheck: ({ payload }) => validateCognitoJwtFields(payload, { tokenUse: 'access', clientId }),
    },
    { jwksCache },
  );
  return verifier;
}

/**
 * What says our side failed rather than the token: the keys could not be fetched or read, or the
 * verifier is misconfigured. Those are thrown on (500), never taken for a bad token (401).
 */
function isOurFailure(error: unknown): boolean {
  return error instanceof FetchError || error instanceof JwksValidationError || error instanceof ParameterValidationError || error instanceof NotSupportedError;
}

/**
 * A person's client never changes (docs/decisions/0177), but their sessions can be ended (a password
 * reset, an operator's disable: lib/identity/session-end.ts), which their mapping records. A
 * container keeps what it read of a person for USER_CACHE_MS at most, so a session ended that way is
 * refused by every route within that time (and by the account routes at once: they read afresh).
 * Absent mappings are not remembered (the person may be registered a moment later). Bounded, so a
 * long-lived container cannot grow it without end.
 */
const readings = new Map<string, { reading: UserClientReading; readAt: number }>();
const CACHED_USERS = 10_000;
export const USER_CACHE_MS = 60_000;

function remember(userId: string, reading: UserClientReading | undefined, readAt: number): UserClientReading | undefined {
  if (reading === undefined) readings.delete(userId);
  else {
    if (readings.size >= CACHED_USERS) readings.clear();
    readings.set(userId, { reading, readAt });
  }
  return reading;
}

/** What admission learns of a verified token: the person, and when their session began (`auth_time`, ms since the epoch). */
interface VerifiedSession {
  readonly userId: string;
  readonly authTime: number;
}

/** What a session's admission comes to: admitted with its client's reading, refused (401), or over the client's limit (429). */
export type SessionAdmission =
  | { readonly kind: 'admitted'; readonly principal: SessionPrincipal; readonly client?: ClientReading }
  | { readonly kind: 'refused' }
  | { readonly kind: 'limited' };

const REFUSED: SessionAdmission = { kind: 'refused' };

/**
 * A session's admission (docs/api.md §14): a current access token of this stage's user pool and app
 * client (signature, issuer, `client_id`, `token_use: access`, an `exp` still ahead, an `auth_time`),
 * the person's client, with every scope, a session begun after the person's sessions were last ended,
 * and the request counted against the client's limit with the client's reading (its clock). With
 * `live` (the account routes, which can mint keys), the identity service is also asked, with the
 * token, whether the session is still live — signed out, signed out everywhere, disabled or removed
 * is refused at once — and the person's mapping is read afresh (decision 0216).
 *
 * Once a container knows the person's client, it is one round trip: on an account route the mapping
 * and the client's item in one BatchGetItem, with the counter and GetUser beside it; elsewhere the
 * client's item beside the counter, the mapping reused for USER_CACHE_MS. A person it does not know,
 * or whose reading has aged, costs the mapping's GetItem first. A refused request gives its count back.
 * A route that reads no client clock (`clientClock: false`) has the client's item left unread.
 */
export async function admitSession(
  db: Db,
  token: string,
  options: { readonly live: boolean; readonly now: Date; readonly limit: number; readonly clientClock?: false },
): Promise<SessionAdmission> {
  const configured = sessionSettings();
  const session = configured && (await verifiedSession(token));
  if (!configured || !session) return REFUSED;
  const { live, now, limit, clientClock } = options;
  const reading = (clientId: string): Promise<ClientReading | undefined> => (clientClock === false ? Promise.resolve(undefined) : readClient(db, clientId));
  const admittedBy = (person: UserClientReading, client: ClientReading | undefined): SessionAdmission => ({
    kind: 'admitted',
    principal: { kind: 'session', clientId: person.clientId, email: person.email, userId: session.userId, scopes: allScopes },
    client,
  });
  const liveCheck = live ? identityServiceAdmits(configured.endpoint, token) : Promise.resolve(true);
  const readAt = realNow().getTime();
  const cached = readings.get(session.userId);
  const known = cached && (live || readAt - cached.readAt < USER_CACHE_MS) ? cached.reading.clientId : undefined;

  if (known === undefined) {
    const [person, honoured] = await Promise.all([findUserClient(db, session.userId).then((r) => remember(session.userId, r, readAt)), liveCheck]);
    if (!person || !honoured || endedBefore(person, session)) return REFUSED;
    const [counted, client] = await Promise.all([requestCounter.count(db, person.clientId, now, limit), reading(person.clientId)]);
    return counted ? admittedBy(person, client) : { kind: 'limited' };
  }

  const [read, counted, honoured] = await Promise.all([
    live ? readPersonAndClient(db, session.userId, known, readAt) : reading(known).then((client) => ({ person: cached?.reading, client })),
    requestCounter.count(db, known, now, limit),
    liveCheck,
  ]);
  const { person, client } = read;
  if (!person || person.clientId !== known || !honoured || endedBefore(person, session)) {
    if (counted) requestCounter.uncount(db, known, secondOf(now));
    return REFUSED;
  }
  return counted ? admittedBy(person, client) : { kind: 'limited' };
}

/** Whether the person's sessions were ended after this one began. */
const endedBefore = (person: UserClientReading, session: VerifiedSession) => person.sessionsEndedAt !== undefined && session.authTime < person.sessionsEndedAt;

/** The person's mapping, afresh, and their client's item, in one strongly consistent BatchGetItem. */
async function readPersonAndClient(db: Db, userId: string, clientId: string, readAt: number) {
  const mappingKey = userClientEntity.key(userId);
  const clientKey = keys.client(clientId);
  const items = await batchGetItems(db, [mappingKey, clientKey], { consistent: true });
  const found = (key: TableKey) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const mapping = found(mappingKey);
  const person = remember(userId, mapping && userClientReadingOf(userClientEntity.fromItem(mapping)), readAt);
  return { person, client: clientReadingOf(found(clientKey)) };
}

/** The person and start of a token this stage's pool signed for its app client; undefined for any other token. */
async function verifiedSession(token: string): Promise<VerifiedSession | undefined> {
  const verifying = sessionVerifier();
  if (!verifying) return undefined;
  let payload: Record<string, unknown>;
  try {
    payload = await verifying.verify(token);
  } catch (error) {
    if (error instanceof JwtBaseError && !isOurFailure(error)) return undefined;
    throw error;
  }
  const { sub, exp, auth_time: authTime } = payload;
  // The verifier checks an `exp` only when there is one: a token that never expires is no session token.
  if (typeof exp !== 'number' || typeof authTime !== 'number') return undefined;
  if (typeof sub !== 'string' || sub === '') return undefined;
  return { userId: sub, authTime: authTime * 1000 };
}

/** The refusals with which the identity service says a token's session is over (GetUser): signed out, disabled, removed, reset. */
const ENDED = new Set(['NotAuthorizedException', 'UserNotFoundException', 'PasswordResetRequiredException', 'UserNotConfirmedException']);

/**
 * Whether the identity service still honours the token (GetUser with the token itself, which needs
 * no credentials of ours): false for a session that was signed out (RevokeToken, GlobalSignOut) or
 * whose person was disabled or removed. Any other failure is ours to report (500), never a 401.
 */
async function identityServiceAdmits(endpoint: string, token: string): Promise<boolean> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetUser' },
    body: JSON.stringify({ AccessToken: token }),
    signal: AbortSignal.timeout(IDENTITY_TIMEOUT_MS),
  });
  if (response.ok) {
    await response.arrayBuffer();
    return true;
  }
  const answer = (await response.json().catch(() => ({}))) as { __type?: string };
  const type = (answer.__type ?? '').replace(/^.*#/, '');
  if (response.status === 400 && ENDED.has(type)) return false;
  throw new Error(`The identity service answered GetUser with HTTP ${response.status} ${type}`.trim());
}

/** How long an account route waits for the identity service's answer. */
const IDENTITY_TIMEOUT_MS = 5_000;
