import { randomUUID } from 'node:crypto';
import { sentCodes } from '../../infra/local/identity';
import { IDENTITY_META, type PageIdentity } from '../../lib/dashboard/identity';
import { CLIENT_NAME_ATTRIBUTE } from '../../lib/identity/pool-settings';

/**
 * People of a local sandbox's identity emulator (docs/api.md §14), for the browser tests and the
 * screenshot: signed up and confirmed through the identity service's JSON API, as the page does,
 * with the code the emulator "e-mailed" (infra/local/identity.ts `sentCodes`).
 */

export interface Person {
  readonly email: string;
  readonly password: string;
  readonly clientName: string;
}

/** The identity service a dashboard page names in its `<meta name="sandbox-identity">`, decoded as a browser would; undefined: none. */
export function identityInPage(page: string): PageIdentity | undefined {
  const content = new RegExp(`<meta name="${IDENTITY_META}" content="([^"]*)">`).exec(page)?.[1];
  if (content === undefined) return undefined;
  return JSON.parse(content.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

/** The identity service the dashboard page of `baseUrl` names. */
export async function pageIdentityOf(baseUrl: string): Promise<PageIdentity> {
  const identity = identityInPage(await (await fetch(`${baseUrl}/dashboard`)).text());
  if (!identity) throw new Error(`The dashboard page of ${baseUrl} names no identity service`);
  return identity;
}

/** One call of the identity service's JSON API, as the page makes it: its status and answer (a refusal carries `__type`). */
export async function identityCall(identity: PageIdentity, action: string, body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const res = await fetch(identity.endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify({ ClientId: identity.clientId, ...body }),
  });
  return { status: res.status, body: await res.json() };
}

/** A new person's details: a fresh e-mail address, a password the pool accepts, a client name. */
export function freshPerson(clientName?: string): Person {
  const id = randomUUID().slice(0, 8);
  return { email: `person-${id}@example.com`, password: `Sandbox-${id}-Pass1`, clientName: clientName ?? `Shop ${id}` };
}

/** The last code the emulator whose directory is `identityDir` sent to `email`, waiting up to 5 s for it. */
export async function codeSentTo(identityDir: string, email: string): Promise<string> {
  for (const deadline = Date.now() + 5_000; ; ) {
    const code = sentCodes(identityDir, email).at(-1);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No code was sent to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const must = (what: string, answer: { status: number; body: unknown }) => {
  if (answer.status !== 200) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as any;
};

/** Signs `person` up and confirms them (their client is made), as the page would. */
export async function signUpAndConfirm(identity: PageIdentity, identityDir: string, person: Person): Promise<void> {
  must(
    'SignUp',
    await identityCall(identity, 'SignUp', {
      Username: person.email,
      Password: person.password,
      UserAttributes: [
        { Name: 'email', Value: person.email },
        { Name: CLIENT_NAME_ATTRIBUTE, Value: person.clientName },
      ],
    }),
  );
  must('ConfirmSignUp', await identityCall(identity, 'ConfirmSignUp', { Username: person.email, ConfirmationCode: await codeSentTo(identityDir, person.email) }));
}

/** An access token of `person`'s session (USER_PASSWORD_AUTH). */
export async function accessTokenOf(identity: PageIdentity, person: Person): Promise<string> {
  const answer = must(
    'InitiateAuth',
    await identityCall(identity, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: person.email, PASSWORD: person.password } }),
  );
  return answer.AuthenticationResult.AccessToken;
}
