import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Db } from '../../lib/db/db';
import { registerMember } from '../../lib/identity/members';
import { findUserClient } from '../../lib/identity/user-client';

/**
 * The operators' side of the user pool (docs/api.md §14, docs/admin.md): `admin users add` makes a
 * person who may sign in at once — under `closed` the only way in — a member of an existing client or
 * the owner of a new one; `admin users list` lists the pool's people with their clients. The same
 * code serves `npm start`'s emulator (and its demo user) and a deployed stage's pool.
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
