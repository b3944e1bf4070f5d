import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Db } from '../../lib/db/db';
import { realNow } from '../../lib/clock';
import { registerMember, removeMember } from '../../lib/auth/members';
import { endSessions } from '../../lib/identity/session-end';
import { findUserClient } from '../../lib/identity/user-client';

/**
 * The operators' side of the user pool (docs/api.md §14, docs/admin.md): `admin users add` makes a
 * person who may sign in at once — under `closed` the only way in — a member of an existing client or
 * the owner of a new one; `admin users list` lists the pool's people with their clients; `admin users
 * disable|enable|remove` stop a person signing in (and back), or take them out, each disable and
 * remove ending every session of theirs at once. The same code serves `npm start`'s emulator (and its
 * demo user) and a deployed stage's pool.
 */

/** Where the people are: a user pool, through the identity service's API. */
export interface UserPool {
  readonly cognito: CognitoIdentityProviderClient;
  readonly userPoolId: string;
}

export interface AddedUser {
  readonly user_id: string;
  readonly email: string;
  readonly client_id: string;
  /** Made here and shown once: the person signs in with it (and may change it). */
  readonly password: string;
}

export interface ListedUser {
  readonly user_id: string;
  readonly email: string;
  readonly client_id: string | null;
  readonly status: string;
  readonly created_at: string | null;
}

/** A password the pool's policy accepts (12+ characters, upper and lower case, digits): 20 random base64url characters and `Aa9`. */
export function newPassword(): string {
  return `${randomBytes(15).toString('base64url')}Aa9`;
}

const attribute = (user: UserType | undefined, name: string) => user?.Attributes?.find((a) => a.Name === name)?.Value;

/**
 * Adds a person to the pool, confirmed, with a permanent password made here (AdminCreateUser with
 * no invitation, AdminSetUserPassword), and registers them — a member of `clientId`, or the owner of
 * a new client named `clientName` (their e-mail unless given). A person the table refuses (an
 * unknown client) is taken out of the pool again, so nothing half-made is left.
 */
export async function addUser(db: Db, pool: UserPool, input: { email: string; clientId?: string; clientName?: string; password?: string }): Promise<AddedUser> {
  const password = input.password ?? newPassword();
  const { User } = await pool.cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: pool.userPoolId,
      Username: input.email,
      UserAttributes: [
        { Name: 'email', Value: input.email },
        { Name: 'email_verified', Value: 'true' },
      ],
      MessageAction: 'SUPPRESS',
    }),
  );
  const userId = attribute(User, 'sub');
  const username = User?.Username ?? input.email;
  try {
    if (!userId) throw new Error(`The identity service made ${input.email} without a sub`);
    await pool.cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: username, Password: password, Permanent: true }));
    const { client } = await registerMember(db, {
      userId,
      email: input.email,
      client: input.clientId !== undefined ? { id: input.clientId } : { name: input.clientName ?? input.email },
    });
    return { user_id: userId, email: input.email, client_id: client.id, password };
  } catch (error) {
    await pool.cognito.send(new AdminDeleteUserCommand({ UserPoolId: pool.userPoolId, Username: username })).catch(() => undefined);
    throw error;
  }
}

/** Every person of the pool, with their client (none for one who signed up and never confirmed). */
export async function listUsers(db: Db, pool: UserPool): Promise<ListedUser[]> {
  const users: UserType[] = [];
  let token: string | undefined;
  do {
    const page = await pool.cognito.send(new ListUsersCommand({ UserPoolId: pool.userPoolId, PaginationToken: token }));
    users.push(...(page.Users ?? []));
    token = page.PaginationToken;
  } while (token);
  return Promise.all(
    users.map(async (user) => {
      const userId = attribute(user, 'sub') ?? user.Username ?? '';
      return {
        user_id: userId,
        email: attribute(user, 'email') ?? '',
        client_id: (await findUserClient(db, userId))?.clientId ?? null,
        status: user.UserStatus ?? 'UNKNOWN',
        created_at: user.UserCreateDate ? new Date(user.UserCreateDate).toISOString() : null,
      };
    }),
  );
}

/** What `users disable|enable|remove` did: the person, and whether they had a client here. */
export interface ChangedUser {
  readonly user_id: string;
  readonly email: string;
  readonly client_id: string | null;
}

/** The person with this e-mail address in the pool (AdminGetUser), with their client; throws an error naming the address when there is none. */
async function personOf(db: Db, pool: UserPool, email: string): Promise<ChangedUser & { readonly username: string }> {
  const user = await pool.cognito.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email })).catch((error: unknown) => {
    if ((error as Error).name === 'UserNotFoundException') throw new Error(`No person with the e-mail address ${email} in the stage's user pool`);
    throw error;
  });
  const userId = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username ?? '';
  return { user_id: userId, email, username: user.Username ?? email, client_id: (await findUserClient(db, userId))?.clientId ?? null };
}

/**
 * Ends every session of the person, at the identity service (AdminUserGlobalSignOut: their refresh
 * tokens, and access tokens at its own API) and for our API (the time on their user→client mapping,
 * which admission compares with a token's start: refused by the account routes at once, by every
 * route within its cache's age).
 */
async function signOutEverywhere(db: Db, pool: UserPool, person: { username: string; user_id: string }): Promise<void> {
  await pool.cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool.userPoolId, Username: person.username }));
  await endSessions(db, person.user_id, realNow());
}

/** `users disable`: the person can no longer sign in or renew a session, and every session of theirs ends now. */
export async function disableUser(db: Db, pool: UserPool, email: string): Promise<ChangedUser> {
  const { username, ...person } = await personOf(db, pool, email);
  await pool.cognito.send(new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
  await signOutEverywhere(db, pool, { username, user_id: person.user_id });
  return person;
}

/** `users enable`: the person may sign in again (their ended sessions stay ended). */
export async function enableUser(db: Db, pool: UserPool, email: string): Promise<ChangedUser> {
  const { username, ...person } = await personOf(db, pool, email);
  await pool.cognito.send(new AdminEnableUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
  return person;
}

/**
 * `users remove`: every session of the person ends now, they leave the pool, and their user→client
 * mapping and member item are deleted; their client, its keys and its data stay (an operator may add
 * someone else to it).
 */
export async function removeUser(db: Db, pool: UserPool, email: string): Promise<ChangedUser> {
  const { username, ...person } = await personOf(db, pool, email);
  await signOutEverywhere(db, pool, { username, user_id: person.user_id });
  await pool.cognito.send(new AdminDeleteUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
  if (person.client_id !== null) await removeMember(db, person.user_id, person.client_id);
  return person;
}
