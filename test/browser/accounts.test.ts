import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PageIdentity } from '../../lib/dashboard/identity';
import { freshEmail, TEST_PASSWORD } from '../support/sessions';
import { codeSentTo, identityCall, pageIdentityOf } from './people';
import { launchChromium, quiet, watch, type Watched } from './support';

/**
 * Issue 21's promise, in Debian's Chromium against the run's sandbox and its identity emulator: a
 * person signs up, signs in with the e-mailed temporary password and chooses their own, makes a
 * server key on the API Keys page, uses it from a server (plain HTTP here), rolls it with a 2 s grace
 * (both work, then the old one is refused), revokes the new one (refused at once), and signs out
 * leaving nothing behind; a forgotten password is reset with an e-mailed code, which ends the
 * person's other sessions (§14 amended in v1.3).
 */

let browser: Browser;
let context: BrowserContext;
let watched: Watched;
let page: Page;
let identity: PageIdentity;
/** Someone nobody has signed up yet. */
interface Person {
  readonly email: string;
  readonly password: string;
  readonly clientName: string;
}
const freshPerson = (): Person => ({ email: freshEmail(), password: TEST_PASSWORD, clientName: `Shop ${Math.random().toString(36).slice(2, 8)}` });
const person = freshPerson();
/** The refresh tokens the identity service gave the page (read off the wire, to check sign-out revoked them). */
const refreshTokens: string[] = [];

const dashboardUrl = () => `${inject('baseUrl')}/dashboard`;

/** A plain HTTP call with a server key, as the person's server would make it: its status. */
const statusWith = async (key: string) => (await fetch(`${inject('baseUrl')}/transactions?limit=1`, { headers: { authorization: `Bearer ${key}` } })).status;

beforeAll(async () => {
  identity = await pageIdentityOf(inject('baseUrl'));
  browser = await launchChromium();
  context = await browser.newContext();
  watched = await watch(context);
  page = await context.newPage();
  page.on('response', async (response) => {
    if (/\.(InitiateAuth|RespondToAuthChallenge)$/.test(response.request().headers()['x-amz-target'] ?? '') && response.ok()) {
      const token = (await response.json()).AuthenticationResult?.RefreshToken;
      if (token) refreshTokens.push(token);
    }
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('a person and their server keys, from sign-up to sign-out', () => {
  it('signs up with a client name, signs in with the e-mailed temporary password, and chooses their own', async () => {
    await page.goto(dashboardUrl());
    await page.getByRole('button', { name: 'Create one' }).click();
    await page.getByLabel('E-mail').fill(person.email);
    await page.getByLabel('Client name').fill(person.clientName);
    // No password is asked at sign-up: whoever chose one before the mailbox was proven would get nothing by it.
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect
      .poll(() => page.getByRole('status').textContent())
      .toMatch(new RegExp(`^If ${person.email} may have an account here, a temporary password is on its way`));
    expect(await page.getByLabel('E-mail').inputValue()).toBe(person.email);
    await page.getByLabel('Password', { exact: true }).fill(await codeSentTo(inject('identityDir'), person.email, 'temporary_password'));
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    // The client is named now, by the mailbox's owner: the sign-up's name is offered.
    expect(await page.getByLabel('Client name').inputValue()).toBe(person.clientName);
    await page.getByLabel('New password').fill('short-1A');
    expect(await page.getByRole('button', { name: 'Set password and sign in' }).isDisabled()).toBe(true);
    await page.getByLabel('New password').fill(person.password);
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect
      .poll(() =>
        page
          .getByTestId('account-email')
          .textContent({ timeout: 1_000 })
          .catch(() => null),
      )
      .toBe(person.email);
    expect(await page.getByTestId('account-client').textContent()).toBe(person.clientName);
  });

  let first: { id: string; key: string };

  it('creates a key on the API Keys page, shown once with the usage rules, listed as never used, and the key works over plain HTTP', async () => {
    await page.getByRole('link', { name: 'API Keys' }).click();
    await page.getByRole('heading', { name: 'API Keys' }).waitFor();
    await page.getByLabel('Label').fill('server');
    // Every scope is ticked unless the person unticks one.
    expect(await page.getByRole('checkbox').evaluateAll((boxes) => boxes.every((b) => (b as unknown as { checked: boolean }).checked))).toBe(true);
    await page.getByRole('button', { name: 'Create key' }).click();

    const panel = page.getByTestId('new-key-panel');
    const key = (await page.getByTestId('new-key').textContent())!;
    expect(key).toMatch(/^sk_sbx_/);
    first = { id: (await panel.getAttribute('data-key-id'))!, key };
    expect(await panel.getByRole('list', { name: 'Key usage rules' }).textContent()).toContain('Never expose a Server Key in client-side or browser code.');
    await expect.poll(() => page.locator(`tr[data-key-id="${first.id}"] [data-field="Last used"]`).textContent()).toBe('never used');
    expect(await page.locator(`tr[data-key-id="${first.id}"] [data-field="Status"]`).textContent()).toBe('active');

    expect(await statusWith(first.key)).toBe(200);
    await page.getByRole('button', { name: 'I have kept it' }).click();
    expect(await page.getByTestId('new-key').count()).toBe(0);
  });

  let second: { id: string; key: string };

  it('rolls it with a 2 s grace, confirmed: the new key is shown once, both work, then the old one answers 401', async () => {
    await page.getByLabel(/A rolled key keeps working for/).fill('2');
    const row = page.locator(`tr[data-key-id="${first.id}"]`);
    await row.getByRole('button', { name: 'Roll', exact: true }).click();
    await row.getByRole('group', { name: 'Confirm roll' }).getByRole('button', { name: 'Confirm' }).click();

    const panel = page.getByTestId('new-key-panel');
    await panel.waitFor();
    second = { id: (await panel.getAttribute('data-key-id'))!, key: (await page.getByTestId('new-key').textContent())! };
    expect(second.id).not.toBe(first.id);
    expect(second.key).not.toBe(first.key);
    expect(await statusWith(second.key)).toBe(200);
    expect(await statusWith(first.key)).toBe(200);
    await expect.poll(() => page.locator(`tr[data-key-id="${first.id}"] [data-field="Status"]`).textContent()).toBe('expiring');

    await expect.poll(() => statusWith(first.key), { timeout: 10_000, interval: 250 }).toBe(401);
    expect(await statusWith(second.key)).toBe(200);
  });

  it('revokes the new key, confirmed: 401 at once', async () => {
    const row = page.locator(`tr[data-key-id="${second.id}"]`);
    await row.getByRole('button', { name: 'Revoke', exact: true }).click();
    await row.getByRole('group', { name: 'Confirm revoke' }).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => row.locator('[data-field="Status"]').textContent()).toBe('revoked');
    expect(await statusWith(second.key)).toBe(401);
  });

  it('signs out: back to the sign-in form, no token or key in storage or cookies, the session revoked at the identity service', async () => {
    await quiet(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await quiet(page);
    expect(await page.evaluate('[sessionStorage.length, localStorage.length, document.cookie]')).toEqual([0, 0, '']);
    expect(await context.cookies()).toEqual([]);
    expect(await page.content()).not.toMatch(/sk_sbx_[A-Za-z0-9]/);

    expect(refreshTokens.length).toBe(1);
    const refresh = await identityCall(identity, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshTokens[0] } });
    expect(refresh.status).toBe(400);
    expect(refresh.body.__type).toBe('NotAuthorizedException');
  });

  it('made no request off 127.0.0.1, logged no console error, had no failed request and met no HTTP error', () => {
    expect(watched.outside).toEqual([]);
    expect(watched.errors).toEqual([]);
    expect(watched.failed).toEqual([]);
    expect(watched.errorAnswers).toEqual([]);
  });
});

describe("a session's tokens", () => {
  let tokenPage: Page;
  /** The identity actions the page asked for, in order (`InitiateAuth` with its flow). */
  const actions: string[] = [];

  beforeAll(async () => {
    const tokenContext = await browser.newContext();
    await watch(tokenContext);
    tokenPage = await tokenContext.newPage();
    tokenPage.on('request', (request) => {
      const target = request.headers()['x-amz-target'];
      if (target) actions.push(`${target.split('.')[1]}${target.endsWith('.InitiateAuth') ? ` ${JSON.parse(request.postData()!).AuthFlow}` : ''}`);
    });
  });

  it('renews the access token before its exp, with the refresh token, and keeps calling the API', async () => {
    // The page's clock is a fake one, moved forward to just before the token expires.
    await tokenPage.clock.install();
    await tokenPage.goto(`${dashboardUrl()}#/keys`);
    await tokenPage.getByLabel('E-mail').fill(person.email);
    await tokenPage.getByLabel('Password', { exact: true }).fill(person.password);
    const signedIn = tokenPage.waitForResponse((r) => r.request().headers()['x-amz-target']?.endsWith('.InitiateAuth') === true);
    await tokenPage.getByRole('button', { name: 'Sign in' }).click();
    const accessToken: string = (await (await signedIn).json()).AuthenticationResult.AccessToken;
    const exp = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).exp as number;
    await tokenPage.getByRole('heading', { name: 'API Keys' }).waitFor();
    expect(actions).toEqual(['InitiateAuth USER_PASSWORD_AUTH']);

    const pageNow = (await tokenPage.evaluate('Date.now()')) as number;
    await tokenPage.clock.fastForward(exp * 1000 - pageNow - 6 * 60_000);
    await quiet(tokenPage);
    expect(actions).toEqual(['InitiateAuth USER_PASSWORD_AUTH']);
    await tokenPage.clock.fastForward(2 * 60_000);
    await expect.poll(() => actions).toEqual(['InitiateAuth USER_PASSWORD_AUTH', 'InitiateAuth REFRESH_TOKEN_AUTH']);

    const refreshed = tokenPage.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/account/keys'));
    await tokenPage.getByRole('button', { name: 'Refresh' }).click();
    expect((await refreshed).headers().authorization).toMatch(/^Bearer ey/);
    await quiet(tokenPage);
    expect(await tokenPage.getByRole('alert').count()).toBe(0);
  });

  it('renews once on a 401 and sends the request again; a second 401 signs out, saying why, and revokes the session', async () => {
    actions.length = 0;
    const refused = {
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: { code: 'UNAUTHORIZED', message: 'Invalid or missing API key' } }),
    };
    // Once: the next answer to GET /account/keys is a 401, as for a token the API stopped accepting.
    await tokenPage.route('**/api/v1/account/keys?*', (route) => route.fulfill(refused), { times: 1 });
    await tokenPage.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => actions).toEqual(['InitiateAuth REFRESH_TOKEN_AUTH']);
    await quiet(tokenPage);
    expect(await tokenPage.getByRole('heading', { name: 'API Keys' }).count()).toBe(1);
    expect(await tokenPage.getByRole('alert').count()).toBe(0);

    // Always: renewed once more, refused again, signed out.
    await tokenPage.route('**/api/v1/account/keys?*', (route) => route.fulfill(refused));
    await tokenPage.getByRole('button', { name: 'Refresh' }).click();
    await tokenPage.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await tokenPage.getByRole('status').textContent()).toBe(
      'The API refused your session (401 UNAUTHORIZED: Invalid or missing API key). Sign in again.',
    );
    await expect.poll(() => actions).toEqual(['InitiateAuth REFRESH_TOKEN_AUTH', 'InitiateAuth REFRESH_TOKEN_AUTH', 'RevokeToken']);
    expect(await tokenPage.evaluate('[sessionStorage.length, localStorage.length, document.cookie]')).toEqual([0, 0, '']);
  });
});

describe("a forgotten password, and refusals in a person's words", () => {
  let other: Page;
  let otherWatched: Watched;

  beforeAll(async () => {
    const otherContext = await browser.newContext();
    otherWatched = await watch(otherContext);
    other = await otherContext.newPage();
    await other.goto(dashboardUrl());
  });

  const signInOn = async (on: Page, email: string, password: string) => {
    await on.getByLabel('E-mail').fill(email);
    await on.getByLabel('Password', { exact: true }).fill(password);
    await on.getByRole('button', { name: 'Sign in' }).click();
  };

  it('resets it with an e-mailed code, which signs out the session open elsewhere, saying why at its next call', async () => {
    // The person signs in again on the first page; the reset happens on another.
    await signInOn(page, person.email, person.password);
    await page.getByRole('link', { name: 'API Keys' }).click();
    await page.getByRole('heading', { name: 'API Keys' }).waitFor();
    await other.getByRole('button', { name: 'Forgot your password?' }).click();
    await other.getByLabel('E-mail').fill(person.email);
    await other.getByRole('button', { name: 'Send the code' }).click();
    await other.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await other.getByLabel('Code').fill(await codeSentTo(inject('identityDir'), person.email, 'code'));
    const newPassword = 'A-reset-password-42';
    await other.getByLabel('New password').fill(newPassword);
    await other.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => other.getByRole('status').textContent()).toBe('Your password is set, and every earlier session of yours has ended: sign in.');

    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('status').textContent()).toBe('The API refused your session (401 UNAUTHORIZED: Invalid or missing API key). Sign in again.');
    await signInOn(other, person.email, person.password);
    await expect.poll(() => other.getByRole('alert').textContent()).toBe('Wrong e-mail address or password.');
  });

  it('says a wrong code is wrong (CodeMismatchException)', async () => {
    await other.getByRole('button', { name: 'Forgot your password?' }).click();
    await other.getByLabel('E-mail').fill(person.email);
    await other.getByRole('button', { name: 'Send the code' }).click();
    const code = await codeSentTo(inject('identityDir'), person.email, 'code');
    await other.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await other.getByLabel('New password').fill('Another-password-42');
    await other.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => other.getByRole('alert').textContent()).toBe('That code is not the one that was e-mailed to you: check it and try again.');
    await other.getByRole('button', { name: 'Send another' }).click();
    await other.getByRole('button', { name: 'Sign in' }).click();
  });

  it('tells a person still invited to sign in with the temporary password rather than reset it', async () => {
    const invited = freshPerson();
    const res = await fetch(`${inject('baseUrl')}/account/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: invited.email, client_name: invited.clientName }),
    });
    expect(res.status).toBe(202);
    await other.getByRole('button', { name: 'Forgot your password?' }).click();
    await other.getByLabel('E-mail').fill(invited.email);
    await other.getByRole('button', { name: 'Send the code' }).click();
    await expect
      .poll(() => other.getByRole('alert').textContent())
      .toBe('This account is not set up yet: sign in with the temporary password that was e-mailed to you, or sign up again for a new one.');
    await other.getByRole('button', { name: 'Sign in' }).click();
  });

  it("shows the API's reason when it refuses a sign-up: a blank client name", async () => {
    await other.getByRole('button', { name: 'Create one' }).click();
    await other.getByLabel('E-mail').fill(freshEmail());
    await other.getByLabel('Client name').fill('   ');
    await other.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => other.getByRole('alert').textContent()).toBe('400 VALIDATION_ERROR: Request validation failed — client_name: must not be empty');
  });

  it('met only the refusals it provoked, and no console error but their status lines', async () => {
    expect(otherWatched.errorAnswers.map((a) => `${a.method} ${a.path} ${a.status}`)).toEqual([
      'POST / 400',
      'POST / 400',
      'POST / 400',
      'POST /api/v1/account/sign-up 400',
    ]);
    expect(otherWatched.errors).toEqual([]);
    expect(otherWatched.failed).toEqual([]);
    expect(otherWatched.outside).toEqual([]);
  });
});

describe('a stage without an identity service', () => {
  it('says nobody can sign in there, and asks for no key', async () => {
    const bare = await browser.newContext();
    const bareWatched = await watch(bare);
    const page = await bare.newPage();
    // The page as the dashboard function serves it when neither IDENTITY_ENDPOINT nor USER_POOL_CLIENT_ID is set: no <meta>.
    await page.route(dashboardUrl(), async (route) => {
      const served = await route.fetch();
      await route.fulfill({ response: served, body: (await served.text()).replace(/<meta name="sandbox-identity"[^>]*>/, '') });
    });
    await page.goto(dashboardUrl());
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^This stage has no identity service, so nobody can sign in to its dashboard\./);
    expect(await page.locator('input').count()).toBe(0);
    expect(bareWatched.errors).toEqual([]);
    await bare.close();
  });
});
