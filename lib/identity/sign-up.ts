import { SignUpRefusedError } from './errors';
import { poolSettings } from './pool-settings';
import { allowsSignup, type SignupPolicy } from './signup-policy';

/**
 * Sign-up (docs/api.md §14 amended in v1.3, decision 0215): a person gives their e-mail address and
 * the name of the client made for them, and the identity service e-mails that address a temporary
 * password (AdminCreateUser). Nobody chooses a password here: the mailbox's owner chooses theirs at
 * their first sign-in, in place of the temporary one, and only then is their client made (the
 * post-authentication trigger). Whoever signs up with someone else's address gets nothing.
 *
 * The answer is the same whether or not the address has an account, so sign-up never tells who has
 * one. An address whose invitation was never taken up is invited afresh — the earlier temporary
 * password stops working, and the newest sign-up's client name is the one used — at most once per
 * REINVITE_AFTER_MS, so nobody can fill a mailbox with invitations. An account in use is left as it
 * is: its owner signs in, or resets their password.
 */

/** What the sign-up route asks of the identity service, with its own credentials (lib/identity/user-pool-admin.ts). */
export interface InvitingPool {
  /** The person with this e-mail address: their status (`FORCE_CHANGE_PASSWORD` while invited) and when they were made; undefined: none. */
  findPerson(email: string): Promise<{ readonly status: string; readonly createdAt: Date } | undefined>;
  /** Makes the person, e-mailing them a temporary password; throws PersonExistsError when the address is taken meanwhile. */
  invite(email: string, clientName: string): Promise<void>;
  /** Takes the person out of the pool. */
  remove(email: string): Promise<void>;
}

/** The address is taken (Cognito's UsernameExistsException): someone signed up with it a moment earlier. */
export class PersonExistsError extends Error {
  constructor(email: string) {
    super(`A person with the e-mail address ${email} exists already`);
    this.name = 'PersonExistsError';
  }
}

/** An invitation not taken up is sent again at most this often. */
export const REINVITE_AFTER_MS = 60_000;

/** The status of a person invited who has not yet chosen their password. */
const INVITED = 'FORCE_CHANGE_PASSWORD';

export interface SignUpInput {
  readonly email: string;
  readonly client_name: string;
}

export interface SignUpAnswer {
  readonly email: string;
  readonly temporary_password_valid_days: number;
}

/** Signs a person up (see above); throws SignUpRefusedError when the stage's policy does not let the address sign up. */
export async function signUp(pool: InvitingPool, policy: SignupPolicy, input: SignUpInput, now: Date): Promise<SignUpAnswer> {
  if (!allowsSignup(policy, input.email)) {
    throw new SignUpRefusedError(
      policy.kind === 'domain'
        ? `Sign-up on this stage is open to e-mail addresses at ${policy.domains.join(', ')} only`
        : 'Sign-up on this stage is closed: ask an operator to add you (admin users add)',
    );
  }
  const answer = { email: input.email, temporary_password_valid_days: poolSettings.temporaryPasswordDays };
  const person = await pool.findPerson(input.email);
  if (person && (person.status !== INVITED || now.getTime() - person.createdAt.getTime() < REINVITE_AFTER_MS)) return answer;
  if (person) await pool.remove(input.email);
  try {
    await pool.invite(input.email, input.client_name);
  } catch (error) {
    // A sign-up of the same address a moment earlier won: its invitation is the one on its way.
    if (!(error instanceof PersonExistsError)) throw error;
  }
  return answer;
}
