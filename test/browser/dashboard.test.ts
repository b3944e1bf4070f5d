import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createKey } from '../../lib/auth/key-repository';
import { call, testDb } from '../support/fixtures';
import { createPaymentVia } from '../support/payments';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { newPerson, type TestPerson } from '../support/sessions';
import { launchChromium, quiet, watch, type Watched } from './support';

/**
 * The dashboard in Debian's Chromium, against the run's local server (`npm start`'s sandbox) and its
 * identity emulator: a person signs in, finds a payment, settles and refunds it, advances the
 * client's clock until a pending payment expires, and sees what the API recorded.
 * One browser for the file; every request the page makes is watched (nothing leaves 127.0.0.1, no
 * console error, no failed request), and each HTTP error it meets is one the test provoked.
 */

let browser: Browser;
let receiver: Receiver;
/** A person who signed up (their own client), and a server key of that client for the payments the page then shows. */
let person: TestPerson;
let key: string;
let firstSecret: string;
let payment: { id: string; order_id: string; payment_url: string };
const contexts: { context: BrowserContext; watched: Watched }[] = [];

const dashboardUrl = () => `${inject('baseUrl')}/dashboard`;

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  contexts.push({ context, watched: await watch(context) });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

beforeAll(async () => {
  browser = await launchChromium();
  receiver = await startReceiver();
  person = await newPerson('Browser test client');
  const account = await call('GET', '/account', { key: person.token });
  expect(account.status).toBe(200);
  key = (await createKey(testDb(), { clientId: account.body.data.client.id })).key;
  const endpoint = await call('POST', '/webhook/endpoints', { key, body: { url: receiver.url } });
  expect(endpoint.status).toBe(201);
  firstSecret = endpoint.body.data.secret;
  payment = await createPaymentVia(key);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('the dashboard in a browser', () => {
  let page: Page;

  it("loads without signing in, shows no data, and says the identity service's refusal of a wrong password", async () => {
    page = await newPage();
    const started = performance.now();
    await page.goto(dashboardUrl());
    await page.getByLabel('Password', { exact: true }).waitFor();
    console.log(`dashboard: sign-in form usable ${Math.round(performance.now() - started)} ms after navigation started`);
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.getByLabel('Server key').count()).toBe(0);

    await signIn(page, person.email, `${person.password}-wrong`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong e-mail address or password.');
    expect(await page.evaluate('sessionStorage.length + localStorage.length')).toBe(0);
  });

  it('shows a created payment in the list, opens it, settles it and shows the status, the ledger entry and payment.settled with its webhook attempt', async () => {
    const started = performance.now();
    await signIn(page, person.email, person.password);
    await page.getByTestId('balance').waitFor();
    console.log(`dashboard: overview usable ${Math.round(performance.now() - started)} ms after signing in`);
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(person.email);

    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('link', { name: payment.id }).click();
    await expect.poll(() => page.locator('[data-field="Status"]').textContent()).toBe('pending');
    await expect.poll(() => page.locator('[data-field="Order id"]').textContent()).toBe(payment.order_id);
    // A link to the customer's payment page, to open in a tab of its own without a referrer (the page itself is not the dashboard's to test).
    const pageLink = page.getByRole('link', { name: 'Open the payment page' });
    expect(await pageLink.getAttribute('href')).toBe(payment.payment_url);
    expect(await pageLink.getAttribute('rel')).toBe('noopener noreferrer');

    await page.getByRole('button', { name: 'Settle' }).click();
    await page.getByRole('group', { name: 'Confirm settle' }).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.locator('[data-field="Status"]').textContent()).toBe('settled');
    await expect.poll(() => page.getByTestId('ledger').textContent()).toMatch(/payment.*IDR 150,000.*IDR 4,000.*IDR 146,000/);
    // Settled: what the API would refuse with 409 is disabled (cancel too), a refund is open.
    for (const name of ['Settle', 'Fail', 'Expire', 'Cancel']) expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).isDisabled()).toBe(false);
    // …and looks it: a disabled Cancel (a danger button) is drawn like a disabled Settle, not in red.
    const look = (name: string) =>
      page.getByRole('button', { name, exact: true }).evaluate((b) => {
        // Runs in the page, where the DOM's getComputedStyle exists (this project's types have no DOM).
        const view = globalThis as unknown as { getComputedStyle(e: unknown): Record<'color' | 'borderColor' | 'backgroundColor' | 'opacity', string> };
        const style = view.getComputedStyle(b);
        return [style.color, style.borderColor, style.backgroundColor, style.opacity].join(' ');
      });
    expect(await look('Cancel')).toBe(await look('Settle'));

    // Delivery runs in the background: refresh until the settled event shows its attempt.
    const settled = page.locator('[data-event-type="payment.settled"]');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          await quiet(page);
          return settled
            .locator('.attempt')
            .first()
            .textContent({ timeout: 1_000 })
            .catch(() => null);
        },
        { timeout: 15_000, interval: 300 },
      )
      .toMatch(/#1.*succeeded.*200/);
    expect(await page.locator('[data-event-type="payment.created"]').count()).toBe(1);
  });

  it('refunds part of it: the refunded amount and a negative ledger entry', async () => {
    await page.getByLabel('Refund amount').fill('50000');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByRole('group', { name: 'Confirm refund' }).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.locator('[data-field="Refunded"]').textContent()).toBe('IDR 50,000');
    await expect.poll(() => page.locator('[data-field="Status"]').textContent()).toBe('settled');
    await expect.poll(() => page.getByTestId('ledger').textContent()).toMatch(/refund.*IDR -50,000.*IDR 0.*IDR -50,000/);
  });

  it("rolls the endpoint's secret from the Webhooks view, confirmed, and shows the new one once", async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('A rolled secret keeps signing for').selectOption({ label: 'an hour' });
    await page.getByRole('button', { name: 'Roll secret', exact: true }).click();
    await page.getByRole('group', { name: 'Confirm roll secret' }).getByRole('button', { name: 'Confirm' }).click();
    const shown = await page.getByTestId('secret').textContent();
    expect(shown).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(shown).not.toBe(firstSecret);
    await page.getByRole('button', { name: 'I have kept it' }).click();
    expect(await page.getByTestId('secret').count()).toBe(0);
  });

  it("runs a check of the endpoint's receiver from the Webhooks view and shows each probe: expected, got, passed", async () => {
    // The test's receiver answers 200 to anything: the genuine probes pass, the forged ones fail.
    await page.getByRole('button', { name: 'Run check', exact: true }).click();
    await page.getByTestId('check-results').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('check-verdict').textContent()).toBe('failed');
    const row = (probe: string) => page.locator(`[data-probe="${probe}"] td`).allTextContents();
    expect(await page.locator('[data-testid="check-results"] tbody tr').count()).toBe(9);
    expect(await row('valid_signature')).toEqual(['valid_signature', '2xx within 3 s', expect.stringMatching(/^200 \(\d+ ms\)$/), 'yes']);
    expect(await row('wrong_secret')).toEqual(['wrong_secret', '4xx', expect.stringMatching(/^200 \(\d+ ms\)$/), 'no']);
  });

  it("edits the endpoint's delivery chaos, then disables and enables it again, from the Webhooks view: the API shows each change", async () => {
    const endpointNow = async () => {
      const listed = await call('GET', '/webhook/endpoints', { key });
      return listed.body.data[0];
    };
    await page.getByLabel('Duplicates (0–3: each delivery sent this many more times)').fill('1');
    await page.getByLabel('Reverse order (events within 2 s of each other newest first)').check();
    await page.getByRole('button', { name: 'Save chaos' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).textContent()).toBe('Saved: 1 duplicate, reverse order.');
    expect((await endpointNow()).chaos).toEqual({ duplicates: 1, reverse_order: true, delay_seconds: 0 });
    await expect.poll(() => page.locator('table.list td').filter({ hasText: '1 duplicate, reverse order' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByRole('group', { name: 'Confirm disable' }).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await endpointNow()).status).toBe('disabled');
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByRole('group', { name: 'Confirm enable' }).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await endpointNow()).status).toBe('enabled');

    // Chaos off again, for what the rest of the file delivers.
    await page.getByLabel('Duplicates (0–3: each delivery sent this many more times)').fill('0');
    await page.getByLabel('Reverse order (events within 2 s of each other newest first)').uncheck();
    await page.getByRole('button', { name: 'Save chaos' }).click();
    await expect.poll(async () => (await endpointNow()).chaos).toEqual({ duplicates: 0, reverse_order: false, delay_seconds: 0 });
  });

  it('keeps the session in memory only: a reload, or another tab, signs in again, and nothing is stored', async () => {
    await quiet(page);
    expect(await page.evaluate('[sessionStorage.length, localStorage.length, document.cookie]')).toEqual([0, 0, '']);
    expect(await page.context().cookies()).toEqual([]);

    const otherTab = await page.context().newPage();
    await otherTab.goto(dashboardUrl());
    await otherTab.getByLabel('Password', { exact: true }).waitFor();
    await otherTab.close();

    await page.reload();
    await page.getByLabel('Password', { exact: true }).waitFor();
    await signIn(page, person.email, person.password);
    await page.getByRole('navigation', { name: 'Views' }).waitFor();
  });

  it("advances the client's clock 25 h from the Clock view, after showing the API's 400 for a time in the past, and the pending bank transfer shows expired with payment.expired", async () => {
    // Last of the person's steps: the advance expires every pending payment of the client.
    const transfer = await createPaymentVia(key, { payment_method: 'bank_transfer', payment_channel: 'bca_va' });
    expect(transfer.status).toBe('pending');

    await page.getByRole('link', { name: 'Clock' }).click();
    await expect.poll(() => page.locator('[data-field="Offset"]').textContent()).toBe('0 s');

    await page.getByLabel('To (your local time)').fill('2020-01-01T00:00');
    await page.getByRole('button', { name: 'Advance to', exact: true }).click();
    await page.getByRole('group', { name: 'Confirm advance to' }).getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^400 VALIDATION_ERROR: Request validation failed — to: must be later than the client's clock, now \S+: the clock never goes backwards/);
    await page.getByRole('group', { name: 'Confirm advance to' }).getByRole('button', { name: 'Keep' }).click();
    expect(await page.locator('[data-field="Offset"]').textContent()).toBe('0 s');

    await page.getByRole('button', { name: '+25 h', exact: true }).click();
    await page.getByRole('group', { name: 'Confirm +25 h' }).getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toMatch(/^Advanced by 1 d 1 h\. The client's clock is now .*, 1 d 1 h ahead of real time\.$/);
    expect(await page.locator('[data-field="Offset"]').textContent()).toBe('90,000 s (1 d 1 h)');

    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('link', { name: transfer.id }).click();
    await expect.poll(() => page.locator('[data-field="Status"]').textContent()).toBe('expired');
    // Expired when its expiry fell due on the client's clock, not when the advance ran.
    expect(await page.locator('[data-field="Expired"] time').getAttribute('datetime')).toBe(transfer.expires_at);
    await expect
      .poll(() =>
        page
          .getByTestId('timeline')
          .locator('[data-event-type]')
          .evaluateAll((events) => events.map((e) => e.getAttribute('data-event-type'))),
      )
      .toEqual(['payment.created', 'payment.expired']);
    await quiet(page);
  });

  it('made no request off 127.0.0.1, logged no console error, had no failed request, and met only the HTTP errors it provoked', () => {
    const all = contexts.map((c) => c.watched);
    expect(all.flatMap((w) => w.outside)).toEqual([]);
    expect(all.flatMap((w) => w.errors)).toEqual([]);
    expect(all.flatMap((w) => w.failed)).toEqual([]);
    // The identity service's refusal of the wrong password (400 NotAuthorizedException at its JSON API, path /),
    // and the one advance to a time in the past (400); nothing else.
    const [only] = all as [Watched];
    expect(all).toHaveLength(1);
    expect(only.errorAnswers.map((a) => `${a.method} ${a.path.endsWith('/sandbox/clock/advance') ? 'advance' : a.path} ${a.status}`)).toEqual([
      'POST / 400',
      'POST advance 400',
    ]);
    // Chromium logs one console line per HTTP error answer: those, and no other console error.
    expect(all.flatMap((w) => w.statusLines).length).toBe(all.flatMap((w) => w.errorAnswers).length);
  });
});
