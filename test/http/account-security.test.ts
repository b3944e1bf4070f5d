import {
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sentCodes } from '../../infra/local/identity';
import { identityClient } from '../../infra/local/identity-client';
import { disableUser, enableUser, removeUser } from '../../infra/local/users';
import { call, testDb } from '../support/fixtures';
import { firstSignIn, freshEmail, newPerson, signIn, TEST_PASSWORD, temporaryPasswordOf } from '../support/sessions';

/**
 * Accounts that hold (docs/api.md §14 amended in v1.3), tried as an attacker would against the run's
 * local sandbox: a password chosen before the mailbox was proven grants nothing, a session ended is
 * refused by the account routes at once, and a person cannot change their e-mail or client name.
 */

const cognito = identityClient(inject('identityEndpoint'));
const clientId = inject('userPoolClientId');
const pool = { cognito, userPoolId: inject('userPoolId') };
const UNAUTHORIZED = { success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid or missing API key' } };

afterAll(() => cognito.destroy());

const signUp = (email: string, clientName = 'Shop') => call('POST', '/account/sign-up', { body: { email, client_name: clientName } });
const mintKey = (token: string) => call('POST', '/account/keys', { key: token, body: { label: 'minted' } });
const refresh = (refreshToken: string) =>
  cognito.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }));

describe('the mailbox comes first', () => {
  it("refuses a sign-up sent straight to the identity service with a password of the caller's choosing", async () => {
    const email = freshEmail();
    await expect(
      cognito.send(
        new SignUpCommand({
          ClientId: clientId,
          Username: email,
          Password: TEST_PASSWORD,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'custom:client_name', Value: 'Mallory' },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' });
    expect(sentCodes(inject('identityDir'), email)).toEqual([]);
  });

  it("gives whoever signs up first with someone else's address no way into the client the mailbox's owner makes", async () => {
    const owner = freshEmail();
    // Mallory signs up with the owner's address: the temporary password goes to the owner's mailbox, not to her.
    expect((await signUp(owner, 'Mallory')).status).toBe(202);
    await expect(
      cognito.send(
        new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: owner, PASSWORD: TEST_PASSWORD } }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // The owner signs up too (the same answer), takes the invitation from their mailbox, and chooses their password and their client's name.
    expect((await signUp(owner, 'Owner')).body).toEqual({ success: true, data: { email: owner, temporary_password_valid_days: 7 } });
    const session = await firstSignIn(owner, 'Owners-own-password-1', {}, 'Owner');
    const account = await call('GET', '/account', { key: session.token });
    expect(account.status).toBe(200);
    expect(account.body.data.client.name).toBe('Owner');
    // No password Mallory could have chosen opens the owner's account.
    for (const password of [TEST_PASSWORD, 'Mallorys-password-1']) {
      await expect(
        cognito.send(new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: owner, PASSWORD: password } })),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
  });

  it('asks for a new password only of whoever holds the temporary one', async () => {
    const email = freshEmail();
    await signUp(email);
    await expect(
      cognito.send(
        new InitiateAuthCommand({ ClientId: clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: 'Guessed-password-1' } }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('takes the new password only with the session its challenge gave, for its own person', async () => {
    const [victim, attacker] = [freshEmail(), freshEmail()];
    await signUp(victim);
    await signUp(attacker);
    const own = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: attacker, PASSWORD: temporaryPasswordOf(attacker) },
      }),
    );
    const victimId = (
      await cognito.send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: victim, PASSWORD: temporaryPasswordOf(victim) },
        }),
      )
    ).ChallengeParameters!.USER_ID_FOR_SRP!;
    for (const Session of ['made-up', own.Session]) {
      await expect(
        cognito.send(
          new RespondToAuthChallengeCommand({
            ClientId: clientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session,
            ChallengeResponses: { USERNAME: victimId, NEW_PASSWORD: 'Attackers-password-1' },
          }),
        ),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid session for the user.' });
    }
  });

  it('answers a sign-up of an address that has an account as any other, and sends it nothing', async () => {
    const person = await newPerson('Taken');
    const sent = sentCodes(inject('identityDir'), person.email).length;
    expect((await signUp(person.email, 'Again')).status).toBe(202);
    expect(sentCodes(inject('identityDir'), person.email)).toHaveLength(sent);
    expect((await call('GET', '/account', { key: person.token })).body.data.client.name).toBe('Taken');
  });

  it('sends an invitation not taken up again at most once a minute', async () => {
    const email = freshEmail();
    await signUp(email);
    await signUp(email);
    expect(sentCodes(inject('identityDir'), email, 'temporary_password')).toHaveLength(1);
  });

  it('does not reset the password of a person still invited: they sign in with the temporary one', async () => {
    const email = freshEmail();
    await signUp(email);
    await expect(cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User password cannot be reset in the current state.',
    });
  });

  it('names each bad field of a sign-up', async () => {
    const res = await call('POST', '/account/sign-up', { body: { email: 'not an address', client_name: '' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['client_name', 'email']);
  });
});

describe('a session ends when it is ended', () => {
  it('refuses a signed-out session on the account routes at once, and its refresh token', async () => {
    const person = await newPerson('Signs out');
    expect((await mintKey(person.token)).status).toBe(201);
    await cognito.send(new RevokeTokenCommand({ ClientId: clientId, Token: person.refreshToken }));
    const refused = await mintKey(person.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(UNAUTHORIZED);
    await expect(refresh(person.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('ends every session of a person who signs out everywhere', async () => {
    const person = await newPerson('Signs out everywhere');
    const other = await signIn(person.email, person.password);
    await cognito.send(new GlobalSignOutCommand({ AccessToken: other.token }));
    for (const token of [person.token, other.token]) expect((await mintKey(token)).status).toBe(401);
    await expect(refresh(person.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(cognito.send(new GetUserCommand({ AccessToken: person.token }))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refuses a person an operator disabled, at once and at sign-in, until they are enabled', async () => {
    const person = await newPerson('Disabled');
    await disableUser(testDb(), pool, person.email);
    expect((await mintKey(person.token)).status).toBe(401);
    expect((await call('GET', '/account', { key: person.token })).status).toBe(401);
    await expect(signIn(person.email, person.password)).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
    await expect(refresh(person.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await enableUser(testDb(), pool, person.email);
    // A session begun within the second of the disable is ended with it (token times are whole seconds): the next one is not.
    await expect.poll(async () => (await call('GET', '/account', { key: (await signIn(person.email, person.password)).token })).status).toBe(200);
    expect((await call('GET', '/account', { key: person.token })).status).toBe(401);
  });

  it('refuses a person an operator removed, who can no longer sign in; their client stays', async () => {
    const person = await newPerson('Removed');
    const { key } = (await mintKey(person.token)).body.data;
    const removed = await removeUser(testDb(), pool, person.email);
    expect(removed.client_id).toMatch(/^cli_/);
    expect((await mintKey(person.token)).status).toBe(401);
    await expect(signIn(person.email, person.password)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await call('GET', '/payment/channels', { key })).status).toBe(200);
  });

  it('ends the sessions that began before a password reset, refreshed ones too; the new password signs in', async () => {
    const person = await newPerson('Resets');
    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: person.email }));
    const code = sentCodes(inject('identityDir'), person.email, 'code').at(-1)!;
    const newPassword = 'A-brand-new-password-7';
    await cognito.send(new ConfirmForgotPasswordCommand({ ClientId: clientId, Username: person.email, ConfirmationCode: code, Password: newPassword }));
    expect((await mintKey(person.token)).status).toBe(401);
    const refreshed = await refresh(person.refreshToken).catch(() => undefined);
    if (refreshed) expect((await mintKey(refreshed.AuthenticationResult!.AccessToken!)).status).toBe(401);
    await expect(signIn(person.email, person.password)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // A session begun within the second of the reset is ended too (token times are whole seconds): the next one is not.
    await expect.poll(async () => (await call('GET', '/account', { key: (await signIn(person.email, newPassword)).token })).status).toBe(200);
  });
});

describe('what a person may change of themselves', () => {
  it('is neither their e-mail address nor their client name', async () => {
    const person = await newPerson('Named');
    for (const [Name, Value] of [
      ['email', 'thief@example.com'],
      ['custom:client_name', 'Stolen'],
    ] as const) {
      await expect(cognito.send(new UpdateUserAttributesCommand({ AccessToken: person.token, UserAttributes: [{ Name, Value }] }))).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });
    }
    const { UserAttributes } = await cognito.send(new GetUserCommand({ AccessToken: person.token }));
    expect(UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(person.email);
  });
});
