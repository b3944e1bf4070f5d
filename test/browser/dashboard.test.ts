import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createKey } from '../../lib/auth/key-repository';
import { call, newClient, testDb, type TestClient } from '../support/fixtures';
import { createPaymentVia } from '../support/payments';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { launchChromium, quiet, watch, type Watched } from './support';

/**
 * The dashboard in Debian's Chromium, against the run's local server (`npm start`'s sandbox): a
 * person enters a key, finds a payment, settles and refunds it, advances the client's clock until a
 * pending payment expires, and sees what the API recorded.
 * One browser for the file; every request the page makes is watched (nothing leaves 127.0.0.1, no
 * console error, no failed request), and each HTTP error it meets is one the test provoked.
 */

/** The writes the scope probes send with an empty body (refused with 400 before anything is done). */
const PROBED_WRITES = ['/payment/create', '/refund'];
/** The 400s the full key meets: those probes, and the advance to a time in the past it tries. */
const PROVOKED_400 = [...PROBED_WRITES, '/sandbox/clock/advance'];

let browser: Browser;
let receiver: Receiver;
let full: TestClient;
let readOnlyKey: string;
let firstSecret: string;
let payment: { id: string; order_id: string };
/** A payment left pending, for the read-only key to look at. */
let pending: { id: string };
const contexts: { context: BrowserContext; watched: Watched }[] = [];

const dashboardUrl = () => `${inject('baseUrl')}/dashboard`;

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  contexts.push({ context, watched: await watch(context) });
  return context.newPage();
}

async function enterKey(page: Page, key: string): Promise<void> {
  await page.getByLabel('Server key').fill(key);
  await page.getByRole('button', { name: 'Open' }).click();
}

beforeAll(async () => {
  browser = await launchChromium();
  receiver = await startReceiver();
  full = await newClient();
  // A second key of the same client, that may only read.
  readOnlyKey = (await createKey(testDb(), { clientId: full.clientId, scopes: ['transactions:read', 'settlements:read', 'events:read', 'channels:read'] })).key;
  const endpoint = await call('POST', '/webhook/endpoints', { key: full.key, body: { url: receiver.url } });
  expect(endpoint.status).toBe(201);
  firstSecret = endpoint.body.data.secret;
  payment = await createPaymentVia(full.key);
  pending = await createPaymentVia(full.key);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('the dashboard in a browser', () => {
  let page: Page;

  it('loads without a key, shows no data, and says 401 for a wrong key', async () => {
    page = await newPage();
    const started = performance.now();
    await page.goto(dashboardUrl());
    await page.getByLabel('Server key').waitFor();
    console.log(`dashboard: key form usable ${Math.round(performance.now() - started)} ms after navigation started`);
    expect(await page.locator('table').count()).toBe(0);

    await enterKey(page, `sk_sbx_${'x'.repeat(43)}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('401 UNAUTHORIZED: Invalid or missing API key');
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
  });

  it('shows a created payment in the list, opens it, settles it and shows the status, the ledger entry and payment.settled with its webhook attempt', async () => {
    const started = performance.now();
    await enterKey(page, full.key);
    await page.getByTestId('balance').waitFor();
    console.log(`dashboard: overview usable ${Math.round(performance.now() - started)} ms after the key was entered`);

    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('link', { name: payment.id }).click();
    await expect.poll(() => page.locator('[data-field="Status"]').textContent()).toBe('pending');
    await expect.poll(() => page.locator('[data-field="Order id"]').textContent()).toBe(payment.order_id);

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
          return settled.locator('.attempt').first().textContent({ timeout: 1_000 }).catch(() => null);
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

  it('keeps the key across a reload of the tab, but not in a new tab or a new context', async () => {
    await quiet(page);
    await page.reload();
    await page.getByRole('navigation', { name: 'Views' }).waitFor();
    expect(await page.getByLabel('Server key').count()).toBe(0);

    const otherTab = await page.context().newPage();
    await otherTab.goto(dashboardUrl());
    await otherTab.getByLabel('Server key').waitFor();
    await otherTab.close();

    const otherContext = await newPage();
    await otherContext.goto(dashboardUrl());
    await otherContext.getByLabel('Server key').waitFor();
    expect(await otherContext.evaluate('sessionStorage.length')).toBe(0);
  });

  it('gives a read-only key disabled write buttons, and shows the API\'s 403 when one is pressed anyway', async () => {
    const ro = await newPage();
    await ro.goto(`${dashboardUrl()}#/transaction/${pending.id}`);
    await enterKey(ro, readOnlyKey);
    await expect.poll(() => ro.locator('[data-field="Status"]').textContent()).toBe('pending');
    expect(await ro.getByTestId('scopes').textContent()).toBe('4 scopes');
    for (const name of ['Settle', 'Fail', 'Expire', 'Cancel']) expect(await ro.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    expect(await ro.getByRole('button', { name: 'Refund', exact: true }).isDisabled()).toBe(true);
    expect(await ro.getByRole('button', { name: 'Settle', exact: true }).getAttribute('title')).toBe('This key lacks the sandbox:simulate scope');

    // Pressed anyway (the attribute removed): the API refuses, and the page says so in the API's words.
    await ro.getByRole('button', { name: 'Settle', exact: true }).evaluate((button) => {
      (button as unknown as { disabled: boolean }).disabled = false;
    });
    await ro.getByRole('button', { name: 'Settle', exact: true }).click();
    await ro.getByRole('group', { name: 'Confirm settle' }).getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => ro.getByRole('alert').textContent()).toBe('403 FORBIDDEN: Insufficient permissions for this operation');
    await expect.poll(() => ro.locator('[data-field="Status"]').textContent()).toBe('pending');

    await ro.getByRole('link', { name: 'Clock' }).click();
    await ro.getByRole('heading', { name: 'Sandbox clock' }).waitFor();
    expect(await ro.getByText('This key lacks the sandbox:simulate scope.').count()).toBe(1);
    for (const name of ['+1 min', '+1 h', '+25 h', '+7 d', 'Advance by seconds', 'Advance to']) {
      expect(await ro.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
    }
    expect(await ro.getByTestId('clock').count()).toBe(0);

    await ro.getByRole('link', { name: 'Reset' }).click();
    await expect.poll(() => ro.getByText(/sets its sandbox clock back to real time/).count()).toBe(1);
    await ro.getByLabel(/Type .reset. to confirm/).fill('reset');
    expect(await ro.getByRole('button', { name: 'Reset', exact: true }).isDisabled()).toBe(true);
    await quiet(ro);
  });

  it("advances the client's clock 25 h from the Clock view, after showing the API's 400 for a time in the past, and the pending bank transfer shows expired with payment.expired", async () => {
    // Last of the full key's steps: the advance expires every pending payment of the client.
    const transfer = await createPaymentVia(full.key, { payment_method: 'bank_transfer', payment_channel: 'bca_va' });
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
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Advanced by 1 d 1 h\. The client's clock is now .*, 1 d 1 h ahead of real time\.$/);
    expect(await page.locator('[data-field="Offset"]').textContent()).toBe('90,000 s (1 d 1 h)');

    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('link', { name: transfer.id }).click();
    await expect.poll(() => page.locator('[data-field="Status"]').textContent()).toBe('expired');
    // Expired when its expiry fell due on the client's clock, not when the advance ran.
    expect(await page.locator('[data-field="Expired"] time').getAttribute('datetime')).toBe(transfer.expires_at);
    await expect.poll(() => page.getByTestId('timeline').locator('[data-event-type]').evaluateAll((events) => events.map((e) => e.getAttribute('data-event-type')))).toEqual([
      'payment.created',
      'payment.expired',
    ]);
    await quiet(page);
  });

  it('made no request off 127.0.0.1, logged no console error, had no failed request, and met only the HTTP errors it provoked', () => {
    const all = contexts.map((c) => c.watched);
    expect(all.flatMap((w) => w.outside)).toEqual([]);
    expect(all.flatMap((w) => w.errors)).toEqual([]);
    expect(all.flatMap((w) => w.failed)).toEqual([]);
    // The first tab: the wrong key's probes (401), the full key's write probes, refused before doing
    // anything (400), and the one advance to a time in the past (400).
    const [firstContext, , readOnlyContext] = all as [Watched, Watched, Watched];
    for (const answer of firstContext.errorAnswers) {
      expect(answer.status === 401 || (answer.status === 400 && answer.method === 'POST' && PROVOKED_400.some((p) => answer.path.endsWith(p))), JSON.stringify(answer)).toBe(true);
    }
    expect(firstContext.errorAnswers.filter((a) => a.status === 401).length).toBeGreaterThan(0);
    expect(firstContext.errorAnswers.filter((a) => a.path.endsWith('/sandbox/clock/advance')).length).toBe(1);
    // The read-only key: 403 for each scope it lacks (probes and the settle pressed anyway), nothing else.
    expect(readOnlyContext.errorAnswers.map((a) => a.status)).toEqual(readOnlyContext.errorAnswers.map(() => 403));
    expect(readOnlyContext.errorAnswers.some((a) => a.path.endsWith(`/transaction/${pending.id}/simulate`))).toBe(true);
    // Chromium logs one console line per HTTP error answer: those, and no other console error.
    expect(all.flatMap((w) => w.statusLines).length).toBe(all.flatMap((w) => w.errorAnswers).length);
  });
});
