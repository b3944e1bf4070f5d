import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  type CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';
import { IDENTITY_ENV, requireEnv, type Env } from '../config/env';
import { CLIENT_NAME_ATTRIBUTE } from './pool-settings';
import { PersonExistsError, type InvitingPool } from './sign-up';

/**
 * The stage's user pool as the sign-up route speaks to it, with the function's own role
 * (AdminGetUser, AdminCreateUser, AdminDeleteUser: what lib/routes.ts declares, and all the stack
 * grants it). Locally the same calls go to `npm start`'s emulator on loopback.
 */

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

/** A client of the identity service at `endpoint`: fixed credentials for the emulator on loopback (it checks none), the role's otherwise. */
function identityServiceClient(endpoint: string): CognitoIdentityProviderClient {
  const config: CognitoIdentityProviderClientConfig = { endpoint, maxAttempts: 3 };
  if (LOOPBACK.test(endpoint)) Object.assign(config, { region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return new CognitoIdentityProviderClient(config);
}

const named = (error: unknown, name: string) => (error as Error | undefined)?.name === name;

/** The inviting pool of an environment (USER_POOL_ID, IDENTITY_ENDPOINT; the process's by default); throws a message naming a missing variable. */
export function invitingPoolOf(env?: Env): InvitingPool {
  const userPoolId = requireEnv(IDENTITY_ENV.userPoolId, env);
  const cognito = identityServiceClient(requireEnv(IDENTITY_ENV.endpoint, env));
  return {
    async findPerson(email) {
      try {
        const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
        return { status: user.UserStatus ?? 'UNKNOWN', createdAt: user.UserCreateDate ? new Date(user.UserCreateDate) : new Date(0) };
      } catch (error) {
        if (named(error, 'UserNotFoundException')) return undefined;
        throw error;
      }
    },
    async invite(email, clientName) {
      try {
        await cognito.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            UserAttributes: [
              { Name: 'email', Value: email },
              // Proven by the temporary password, which only reaches the mailbox; a reset's code goes there too.
              { Name: 'email_verified', Value: 'true' },
              { Name: CLIENT_NAME_ATTRIBUTE, Value: clientName },
            ],
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
      } catch (error) {
        if (named(error, 'UsernameExistsException')) throw new PersonExistsError(email);
        throw error;
      }
    },
    async remove(email) {
      try {
        await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: email }));
      } catch (error) {
        if (!named(error, 'UserNotFoundException')) throw error;
      }
    },
  };
}
