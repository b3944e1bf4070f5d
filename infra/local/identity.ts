import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CreateUserPoolClientCommand, CreateUserPoolCommand, DescribeUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { CLIENT_NAME_ATTRIBUTE, CLIENT_NAME_LIMITS, poolSettings } from '../../lib/identity/pool-settings';
import { formatSignupPolicy, type SignupPolicy } from '../../lib/identity/signup-policy';
import { IDENTITY_ENV } from '../../lib/config/env';
import { backgroundFunctions } from '../../lib/routes';
import { freePort } from './free-port';
import { identityClient } from './identity-client';
import { serveIdentity } from './identity-guard';
import { cognitoLikeTargets } from './identity-sessions';
import { loadFunction, type LocalFunction } from './load-function';

/**
 * The identity service of `npm start` (docs/api.md §14): the Cognito emulator `cognito-local`,
 * served in this process on loopback, with a user pool and app client made from the very settings
 * the stack's pool is (lib/identity/pool-settings.ts), and the pool's two triggers run from the
 * very handlers the stack deploys (functions/identity-*.ts), invoked in the process where Cognito
 * would invoke their Lambda functions: local and deployed differ only in this adapter.
 *
 * What the emulator lacks, the adapter adds: it enforces the pool's password policy; it keeps
 * sessions, disabled people and the pool's other rules as Cognito does (identity-sessions.ts); it
 * fails a sign-in whose post-authentication trigger fails, as Cognito does (cognito-local logs and
 * ignores it); it offers no OAuth endpoints (the app client has none); and it "e-mails" temporary
 * passwords and codes by appending them to `outbox.jsonl` in its directory (and telling
 * `onMessage`), where a person running `npm start` — or a test — reads them.
 */

const require = createRequire(import.meta.url);
// cognito-local is CommonJS with no exports map: its parts are assembled here as its own default server does (lib/server/defaults.js).
const cognitoLocal = (path: string) => require(`cognito-local/lib/${path}`);
const { createServer } = cognitoLocal('server/server');
const { Router } = cognitoLocal('server/Router');
const { TriggersService } = cognitoLocal('services/triggers/triggers');
const { LambdaService } = cognitoLocal('services/lambda');
const { CognitoServiceFactoryImpl } = cognitoLocal('services/cognitoService');
const { UserPoolServiceFactoryImpl } = cognitoLocal('services/userPoolService');
const { StormDBDataStoreFactory } = cognitoLocal('services/dataStore/stormDb');
const { JwtTokenGenerator } = cognitoLocal('services/tokenGenerator');
const { MessagesService } = cognitoLocal('services/messages');
const { MessageDeliveryService } = cognitoLocal('services/messageDelivery/messageDelivery');
const { DateClock } = cognitoLocal('services/clock');
const { otp } = cognitoLocal('services/otp');
const { CognitoError, UserLambdaValidationError } = cognitoLocal('errors');
const pino = createRequire(require.resolve('cognito-local/package.json'))('pino');

/** What the emulator "e-mailed": a temporary password (an invitation) or a code (a password reset), as a person finds it in their mailbox. */
export interface IdentityMessage {
  readonly to: string;
  readonly kind: 'temporary_password' | 'code';
  readonly code: string;
  readonly at: string;
}

export interface LocalIdentity {
  /** The JSON API the page posts to, `http://127.0.0.1:<port>/`: IDENTITY_ENDPOINT. */
  readonly endpoint: string;
  readonly userPoolId: string;
  /** The dashboard's app client: USER_POOL_CLIENT_ID, the `client_id` of its access tokens. */
  readonly clientId: string;
  /** The `iss` of its tokens, `<endpoint><pool id>`; the keys are at `<issuer>/.well-known/jwks.json`. */
  readonly issuer: string;
  readonly signupPolicy: SignupPolicy;
  /** The environment a function that admits sessions, and the dashboard, are given (IDENTITY_ENV). */
  environment(): Record<string, string>;
  stop(): Promise<void>;
}

export interface LocalIdentityOptions {
  /** Where the emulator keeps its users and pool (kept across restarts when it is the sandbox directory's). */
  readonly dir: string;
  readonly signupPolicy: SignupPolicy;
  /** Told each temporary password and code the emulator "e-mails" (npm start prints them). */
  readonly onMessage?: (message: IdentityMessage) => void;
  /** The dashboard's origin, the one a browser may call from (infra/local/identity-guard.ts); none: no browser. */
  readonly dashboardOrigin?: string;
}

/** The file, in the emulator's directory, that holds the pool and app client made there. */
const POOL_FILE = 'pool.json';
/** The emulator's mailbox: one JSON line per code sent. */
export const OUTBOX_FILE = 'outbox.jsonl';

type Trigger = 'PostAuthentication' | 'PostConfirmation';

/**
 * The trigger functions, loaded as the sandbox loads every handler, and invoked as Cognito invokes
 * a trigger: the event in, `event.response` out; a throw is UserLambdaValidationException with the
 * message Cognito gives (`PostAuthentication failed with error <message>.`).
 */
async function inProcessTriggers() {
  const functions: Record<Trigger, LocalFunction<unknown, { response: unknown }>> = {
    PostAuthentication: await loadFunction(backgroundFunctions.identityPostAuthentication),
    PostConfirmation: await loadFunction(backgroundFunctions.identityPostConfirmation),
  };
  const events = new LambdaService({}, undefined);
  return {
    enabled: (trigger: string) => trigger in functions,
    invoke: async (_ctx: unknown, trigger: Trigger, event: unknown) => {
      try {
        return (await functions[trigger](events.createLambdaEvent(event))).response;
      } catch (error) {
        throw new UserLambdaValidationError(`${trigger} failed with error ${(error as Error).message}.`);
      }
    },
  };
}

/** The pool's password policy, which the emulator does not enforce itself: Cognito's exception and message. */
function checkPassword(password: unknown): void {
  const { minLength, requireLowercase, requireUppercase, requireDigits } = poolSettings.password;
  const text = typeof password === 'string' ? password : '';
  const problem =
    text.length < minLength
      ? 'Password not long enough'
      : requireLowercase && !/[a-z]/.test(text)
        ? 'Password must have lowercase characters'
        : requireUppercase && !/[A-Z]/.test(text)
          ? 'Password must have uppercase characters'
          : requireDigits && !/[0-9]/.test(text)
            ? 'Password must have numeric characters'
            : undefined;
  if (problem) throw new CognitoError('InvalidPasswordException', `Password does not conform to policy: ${problem}`);
}

/**
 * A sign-in as Cognito answers it: the emulator refuses a wrong password with InvalidPasswordException,
 * Cognito with NotAuthorizedException "Incorrect username or password." (it never says which part
 * was wrong), which is what the page tells a person.
 */
function signInAsCognito(handle: (ctx: unknown, req: Record<string, unknown>) => Promise<unknown>) {
  return async (ctx: unknown, req: Record<string, unknown>) => {
    try {
      return await handle(ctx, req);
    } catch (error) {
      if (error instanceof CognitoError && (error as { code?: string }).code === 'InvalidPasswordException') {
        throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      }
      throw error;
    }
  };
}

/** Where each call that sets a password holds it. */
const PASSWORD_OF: Record<string, (req: Record<string, unknown>) => unknown> = {
  SignUp: (req) => req.Password,
  ConfirmForgotPassword: (req) => req.Password,
  ChangePassword: (req) => req.ProposedPassword,
  AdminSetUserPassword: (req) => req.Password,
  RespondToAuthChallenge: (req) =>
    req.ChallengeName === 'NEW_PASSWORD_REQUIRED' ? (req.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD : '',
};

/** Starts the emulator on a free loopback port; its pool and app client are made on first start and kept in `dir`. */
export async function startLocalIdentity(options: LocalIdentityOptions): Promise<LocalIdentity> {
  mkdirSync(options.dir, { recursive: true });
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}/`;
  const logger = pino({ level: 'silent' });
  const clock = new DateClock();
  const dataStores = new StormDBDataStoreFactory(options.dir);
  const cognito = await new CognitoServiceFactoryImpl(options.dir, dataStores, new UserPoolServiceFactoryImpl(clock, dataStores)).create(
    { logger },
    { UsernameAttributes: ['email'] },
  );
  const lambda = await inProcessTriggers();
  const triggers = new TriggersService(clock, cognito, lambda, undefined);
  // Cognito fails a sign-in whose post-authentication trigger fails (cognito-local logs it and goes on).
  triggers.postAuthentication = (ctx: unknown, event: { source: string; userAttributes: { Name: string; Value: string }[] } & Record<string, unknown>) =>
    lambda.invoke(ctx, 'PostAuthentication', {
      ...event,
      triggerSource: event.source,
      userAttributes: Object.fromEntries(event.userAttributes.map((a) => [a.Name, a.Value])),
    });
  const outbox = join(options.dir, OUTBOX_FILE);
  const sender = {
    sendEmail: async (_ctx: unknown, _user: unknown, to: string, message: { __code: string; __source?: string }) => {
      // What the message is, by the call that sent it: an invitation's temporary password, or a code.
      const kind = message.__source === 'AdminCreateUser' ? 'temporary_password' : 'code';
      const sent: IdentityMessage = { to, kind, code: message.__code, at: new Date().toISOString() };
      appendFileSync(outbox, `${JSON.stringify(sent)}\n`, { mode: 0o600 });
      options.onMessage?.(sent);
    },
    sendSms: async () => undefined,
  };
  const messages = new MessagesService(triggers, new MessageDeliveryService(sender));
  const create = messages.create.bind(messages);
  messages.create = async (ctx: unknown, source: string, ...rest: unknown[]) => ({ ...(await create(ctx, source, ...rest)), __source: source });
  const config = {
    TriggerFunctions: { PostAuthentication: 'identityPostAuthentication', PostConfirmation: 'identityPostConfirmation' },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: endpoint.replace(/\/$/, '') },
    ServerConfig: { port, hostname: '127.0.0.1', development: false },
  };
  const services = {
    clock,
    cognito,
    config,
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const route = Router(services);
  const emulated = (target: string) => {
    const handle = route(target);
    const passwordOf = PASSWORD_OF[target];
    if (target === 'InitiateAuth' || target === 'AdminInitiateAuth') return signInAsCognito(handle);
    return passwordOf === undefined
      ? handle
      : async (ctx: unknown, req: Record<string, unknown>) => {
          const password = passwordOf(req);
          if (password !== '') checkPassword(password);
          return handle(ctx, req);
        };
  };
  const router = cognitoLikeTargets({ dir: options.dir, pools: cognito, route: emulated });
  // Its express app, served behind the loopback Host check and the browser rules (infra/local/identity-guard.ts);
  // without the services, cognito-local serves no OAuth endpoints: the app client has none (disableOAuth).
  const server: Server = await serveIdentity(createServer(router, logger, config.ServerConfig).application, port, {
    dashboardOrigin: options.dashboardOrigin,
  });
  try {
    const { userPoolId, clientId } = await ensurePool(endpoint, options.dir);
    return {
      endpoint,
      userPoolId,
      clientId,
      issuer: `${endpoint}${userPoolId}`,
      signupPolicy: options.signupPolicy,
      environment: () => ({
        [IDENTITY_ENV.userPoolId]: userPoolId,
        [IDENTITY_ENV.clientId]: clientId,
        [IDENTITY_ENV.issuer]: `${endpoint}${userPoolId}`,
        [IDENTITY_ENV.endpoint]: endpoint,
        [IDENTITY_ENV.signupPolicy]: formatSignupPolicy(options.signupPolicy),
      }),
      stop: () => closeServer(server),
    };
  } catch (error) {
    await closeServer(server);
    throw error;
  }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * The pool and app client of this directory: made with the stack's settings on first start
 * (CreateUserPool, CreateUserPoolClient through the emulator's API, as CloudFormation makes them
 * through Cognito's), read back on later ones.
 */
async function ensurePool(endpoint: string, dir: string): Promise<{ userPoolId: string; clientId: string }> {
  const file = join(dir, POOL_FILE);
  const cognito = identityClient(endpoint);
  try {
    if (existsSync(file)) {
      const known = JSON.parse(readFileSync(file, 'utf8')) as { userPoolId: string; clientId: string };
      const found = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: known.userPoolId, ClientId: known.clientId })).catch(() => undefined);
      if (found?.UserPoolClient) return known;
    }
    const { password } = poolSettings;
    const { UserPool } = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: 'payment-sandbox-local',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: {
          AllowAdminCreateUserOnly: poolSettings.adminCreateUserOnly,
          UnusedAccountValidityDays: poolSettings.temporaryPasswordDays,
        },
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        Policies: {
          PasswordPolicy: {
            MinimumLength: password.minLength,
            RequireLowercase: password.requireLowercase,
            RequireUppercase: password.requireUppercase,
            RequireNumbers: password.requireDigits,
            RequireSymbols: password.requireSymbols,
          },
        },
        Schema: [
          {
            Name: CLIENT_NAME_ATTRIBUTE.replace(/^custom:/, ''),
            AttributeDataType: 'String',
            Mutable: false,
            StringAttributeConstraints: { MinLength: String(CLIENT_NAME_LIMITS.minLength), MaxLength: String(CLIENT_NAME_LIMITS.maxLength) },
          },
        ],
      }),
    );
    const { UserPoolClient } = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: UserPool!.Id!,
        ClientName: 'dashboard',
        GenerateSecret: poolSettings.generateSecret,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        WriteAttributes: [...poolSettings.writableAttributes],
        AccessTokenValidity: poolSettings.accessTokenMinutes,
        IdTokenValidity: poolSettings.idTokenMinutes,
        RefreshTokenValidity: poolSettings.refreshTokenDays,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      }),
    );
    const made = { userPoolId: UserPool!.Id!, clientId: UserPoolClient!.ClientId! };
    writeFileSync(file, `${JSON.stringify(made)}\n`);
    return made;
  } finally {
    cognito.destroy();
  }
}

/** What was sent to `email` (temporary passwords and codes, or only those of `kind`), oldest first, as the emulator's outbox in `dir` holds them. */
export function sentCodes(dir: string, email: string, kind?: IdentityMessage['kind']): string[] {
  const file = join(dir, OUTBOX_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as IdentityMessage)
    .filter((message) => message.to.toLowerCase() === email.toLowerCase() && (kind === undefined || message.kind === kind))
    .map((message) => message.code);
}
