import { JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { FetchError, JwksValidationError, JwtBaseError, NonRetryableFetchError, NotSupportedError, ParameterValidationError } from 'aws-jwt-verify/error';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Db } from '../db/db';
import { IDENTITY_ENV } from '../identity/pool-settings';
import { findUserClient } from '../identity/user-client';
import { scopes as allScopes } from '../scopes';
import type { SessionPrincipal } from './principal';

/** What session verification needs of the stage's identity service (lib/identity/pool-settings.ts, IDENTITY_ENV). */
export interface SessionSettings {
  /** The `iss` of the pool's tokens; its signing keys are at `<issuer>/.well-known/jwks.json`. */
  readonly issuer: string;
  /** The app client whose access tokens are admitted (their `client_id`). */
  readonly clientId: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** Loopback hosts: the only ones whose issuer may be plain http (the local identity emulator). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Reads the stage's issuer and app client from an environment; throws a message naming the first
 * missing or invalid variable. The issuer is https (the pool's), or http on loopback (`npm start`'s
 * emulator) — never http elsewhere.
 */
export function readSessionSettings(env: Env): SessionSettings {
  const required = (name: string) => {
    const value = env[name];
    if (value === undefined || value === '') throw new Error(`Environment variable ${name} is required`);
    return value;
  };
  const issuer = required(IDENTITY_ENV.issuer);
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`Environment variable ${IDENTITY_ENV.issuer} must be a URL, not '${issuer}'`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw new Error(`Environment variable ${IDENTITY_ENV.issuer} must be an https URL (http only on loopback), not '${issuer}'`);
  }
  return { issuer: issuer.replace(/\/+$/, ''), clientId: required(IDENTITY_ENV.clientId) };
}

let settings: SessionSettings | null | undefined;

/**
 * The stage's session settings, read from the environment once per container, or null when it has
 * no identity service (neither variable set: a sandbox started without one, a handler under test),
 * where every session token is refused with 401. Half a configuration is an error.
 */
export function sessionSettings(): SessionSettings | null {
  if (settings === undefined) {
    const none = !process.env[IDENTITY_ENV.issuer] && !process.env[IDENTITY_ENV.clientId];
    settings = none ? null : readSessionSettings(process.env);
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
 * A person's client never changes (docs/decisions/0177), so the user→client mapping read once is
 * good for the container's life: only the first request of a person per container reads it. Absent
 * mappings are not remembered (the person may be registered a moment later). Bounded, so a
 * long-lived container cannot grow it without end.
 */
const clientOfUser = new Map<string, { clientId: string; email: string }>();
const CACHED_USERS = 10_000;

/**
 * The principal of a session token (docs/api.md §14): a current access token of this stage's user
 * pool and app client (signature, issuer, `client_id`, `token_use: access`, expiry), and the
 * person's client, with every scope. Undefined for anything else — an expired, tampered or foreign
 * token, an id token, a person without a client — which admission answers with 401.
 */
export async function sessionPrincipal(db: Db, token: string): Promise<SessionPrincipal | undefined> {
  const verifying = sessionVerifier();
  if (!verifying) return undefined;
  let payload: Record<string, unknown>;
  try {
    payload = await verifying.verify(token);
  } catch (error) {
    if (error instanceof JwtBaseError && !isOurFailure(error)) return undefined;
    throw error;
  }
  const userId = payload.sub;
  if (typeof userId !== 'string' || userId === '') return undefined;
  let person = clientOfUser.get(userId);
  if (person === undefined) {
    person = await findUserClient(db, userId);
    if (person === undefined) return undefined;
    if (clientOfUser.size >= CACHED_USERS) clientOfUser.clear();
    clientOfUser.set(userId, person);
  }
  return { kind: 'session', clientId: person.clientId, email: person.email, userId, scopes: allScopes };
}
