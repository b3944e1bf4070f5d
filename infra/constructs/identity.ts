import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { IDENTITY_ENV } from '../../lib/config/env';
import { CLIENT_NAME_ATTRIBUTE, CLIENT_NAME_LIMITS, poolSettings } from '../../lib/identity/pool-settings';

/** `client_name`: Cognito declares a custom attribute without the `custom:` people and tokens see. */
const CLIENT_NAME_SCHEMA_NAME = CLIENT_NAME_ATTRIBUTE.replace(/^custom:/, '');

/**
 * A stage's identity service (docs/api.md §14): a Cognito user pool of people named by their e-mail
 * address, and the one app client the dashboard page signs in with. Nobody signs up to the pool
 * directly: the sign-up route (or an operator) makes a person with AdminCreateUser, the pool e-mails
 * them a temporary password, and they choose their own at their first sign-in (decision 0215). Both
 * are built from lib/identity/pool-settings.ts, as `npm start`'s emulator is. Thrown away with the
 * stage (a stage is disposable): generated names, no deletion protection, DESTROY.
 */
export class SandboxIdentity extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** The `iss` of the pool's tokens, `https://cognito-idp.<region>.amazonaws.com/<pool id>`; its keys are at `<issuer>/.well-known/jwks.json`. */
  readonly issuer: string;
  /** The identity service's JSON API the page posts to, `https://cognito-idp.<region>.amazonaws.com/`. */
  readonly endpoint: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const { password } = poolSettings;

    this.userPool = new UserPool(this, 'UserPool', {
      // SignUp is refused on every stage: a password chosen before the mailbox is proven must grant nothing.
      selfSignUpEnabled: !poolSettings.adminCreateUserOnly,
      userInvitation: {
        emailSubject: 'Your Payment Sandbox temporary password',
        emailBody:
          'Sign in to the Payment Sandbox dashboard as {username} with the temporary password {####} and choose your own password. ' +
          `It can be used for ${poolSettings.temporaryPasswordDays} days.`,
      },
      signInAliases: { [poolSettings.signInWith]: true },
      signInCaseSensitive: false,
      autoVerify: { [poolSettings.signInWith]: true },
      // The code of a password reset.
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your Payment Sandbox verification code',
        emailBody: 'Your Payment Sandbox verification code is {####}',
      },
      // Mutable for operators only: the app client may not write it (below), and a change would wait for its proof.
      standardAttributes: { email: { required: true, mutable: true } },
      keepOriginal: { email: true },
      customAttributes: {
        // Read once, by the post-confirmation trigger that creates the person's client; the client's name lives in the table after that.
        [CLIENT_NAME_SCHEMA_NAME]: new StringAttribute({ minLen: CLIENT_NAME_LIMITS.minLength, maxLen: CLIENT_NAME_LIMITS.maxLength, mutable: false }),
      },
      passwordPolicy: {
        minLength: password.minLength,
        requireLowercase: password.requireLowercase,
        requireUppercase: password.requireUppercase,
        requireDigits: password.requireDigits,
        requireSymbols: password.requireSymbols,
        tempPasswordValidity: Duration.days(poolSettings.temporaryPasswordDays),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.LITE,
      deletionProtection: false,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.client = this.userPool.addClient('DashboardClient', {
      generateSecret: poolSettings.generateSecret,
      // The page posts InitiateAuth to the JSON API with plain fetch: USER_PASSWORD_AUTH, and
      // REFRESH_TOKEN_AUTH (which CDK always adds) to renew the tokens. SRP would need its big-number
      // maths in the page; the password travels over TLS to Cognito either way, never through our functions.
      authFlows: { userPassword: true },
      // No hosted UI, no redirects: the page is the only way in.
      disableOAuth: true,
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      // Sign-in and "forgot password" answer alike for an unknown address and a wrong password.
      preventUserExistenceErrors: true,
      // Sign-out revokes the refresh token (RevokeToken) and the access tokens made from it.
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(poolSettings.accessTokenMinutes),
      idTokenValidity: Duration.minutes(poolSettings.idTokenMinutes),
      refreshTokenValidity: Duration.days(poolSettings.refreshTokenDays),
      readAttributes: new ClientAttributes().withStandardAttributes({ email: true, emailVerified: true }).withCustomAttributes(CLIENT_NAME_SCHEMA_NAME),
      // A person may not change their e-mail (which names them) or client name with their own token (§14 amended in v1.3).
      writeAttributes: new ClientAttributes().withStandardAttributes({ locale: poolSettings.writableAttributes.includes('locale') }),
    });

    const { region, urlSuffix } = Stack.of(this);
    this.issuer = `https://${this.userPool.userPoolProviderUrl}`;
    this.endpoint = `https://cognito-idp.${region}.${urlSuffix}/`;

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          `Passwords need ${password.minLength} characters with upper case, lower case and digits, but no symbol: length is ` +
          'what makes a password strong, and NIST SP 800-63B advises against composition rules such as a required symbol.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is off: a stage is a sandbox holding test data only (no real money, no personal data beyond an e-mail address), ' +
          'and what a session can do there, mint sandbox keys, is undone by revoking them.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          "The Lite feature plan has everything the dashboard uses (sign-up, code confirmation, password sign-in, triggers); Plus's " +
          'threat protection costs per active user and guards accounts worth attacking, which sandbox accounts are not.',
      },
    );
  }

  /**
   * What a function that admits session tokens is told: the pool, the app client (the tokens'
   * audience), the issuer, and where the identity service answers (an account route asks it,
   * with the token, whether the session is still live).
   */
  sessionEnvironment(): Record<string, string> {
    return {
      [IDENTITY_ENV.userPoolId]: this.userPool.userPoolId,
      [IDENTITY_ENV.clientId]: this.client.userPoolClientId,
      [IDENTITY_ENV.issuer]: this.issuer,
      [IDENTITY_ENV.endpoint]: this.endpoint,
    };
  }

  /** What the dashboard function is told, for the page: where the identity service answers and as which app client to sign in. */
  pageEnvironment(): Record<string, string> {
    return {
      [IDENTITY_ENV.endpoint]: this.endpoint,
      [IDENTITY_ENV.clientId]: this.client.userPoolClientId,
    };
  }
}
