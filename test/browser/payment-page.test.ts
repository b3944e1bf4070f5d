import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordedEventsOf } from '../support/events';
import { call, newClient } from '../support/fixtures';
import { createPaymentVia } from '../support/payments';
import { launchChromium, watch, type Watched } from './support';

/**
 * The payment page in Debian's Chromium, against the run's local server (`npm start`'s sandbox), with
 * the headers as served: a customer pays (VA, QRIS, e-wallet, retail, each test card, both 3-D
 * Secure branches), lands back at a shop — a tiny server of this file on 127.0.0.1, the payments'
 * return_url — with the outcome in its query and no Referer carrying the token, or at a receipt.
 * Every request each page makes is recorded: none goes to any origin but the sandbox's, except the
 * navigation to the shop. axe finds no serious or critical violation in any state of the page.
 * One browser and one shop for the file.
 */

let browser: Browser;
let shop: Server;
let shopUrl: string;
/** What the shop was asked: the path and query, and the Referer header (null when none). */
const shopVisits: { url: string; referer: string | null }[] = [];
let key: string;
let clientId: string;
const contexts: { context: BrowserContext; watched: Watched; requests: string[]; closed?: boolean }[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  shop = createServer((request, response) => {
    shopVisits.push({ url: request.url ?? '', referer: request.headers.referer ?? null });
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><head><title>Shop</title></head><body><main><h1>Thank you</h1></main></body></html>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  ({ key, clientId } = await newClient());
}, 60_000);

// Each test's contexts are closed after it, their renderers with them; what they watched stays for the last test.
afterEach(async () => {
  await Promise.all(
    contexts
      .filter(({ closed }) => !closed)
      .map(async (opened) => {
        opened.closed = true;
        await opened.context.close();
      }),
  );
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => shop?.close(resolve));
});

/** A page in a fresh context the size of a phone, whose every request is recorded (and anything off 127.0.0.1 aborted). */
async function newPage(): Promise<{ page: Page; requests: string[]; watched: Watched }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const watched = await watch(context);
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  contexts.push({ context, watched, requests });
  return { page: await context.newPage(), requests, watched };
}

const sandboxOrigin = () => new URL(inject('baseUrl')).origin;

/** Every request went to the sandbox's origin, or is the navigation to the shop (once). */
function expectOnlyOwnOrigin(requests: readonly string[], shopNavigations = 0): void {
  const elsewhere = requests.filter((url) => new URL(url).origin !== sandboxOrigin());
  expect(elsewhere.filter((url) => !url.startsWith(`${shopUrl}/`))).toEqual([]);
  expect(elsewhere).toHaveLength(shopNavigations);
}

/**
 * axe's serious and critical violations on the page as it is. Every rule runs in the page itself
 * (axe's legacy mode): the page has no frame whose results would need the blank page the default
 * mode opens to merge them, which cost a second context page and a third load of axe per check.
 */
async function expectAccessible(page: Page, state: string): Promise<void> {
  expect(page.frames(), state).toHaveLength(1);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
  expect(grave, state).toEqual([]);
}

/** The page fits a 375 px wide screen: nothing to scroll sideways. */
async function expectFitsPhone(page: Page): Promise<void> {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
}

const transactionOf = async (id: string) => (await call('GET', `/transaction/${id}`, { key })).body.data;

const payment = (overrides: Record<string, unknown> = {}) => createPaymentVia(key, { return_url: `${shopUrl}/checkout/done?cart=7`, ...overrides });
const cardPayment = (overrides: Record<string, unknown> = {}) =>
  payment({ payment_method: 'card', payment_channel: 'credit_card', amount: 125_000, ...overrides });

async function fillCard(page: Page, number: string, expiry = '12/39'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM/YY)').fill(expiry);
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Budi Santoso');
}

/** Waits for the browser to reach the shop, and returns the outcome its query carries. */
async function atShop(page: Page): Promise<URLSearchParams> {
  await page.waitForURL(`${shopUrl}/**`);
  return new URL(page.url()).searchParams;
}

describe('the payment page in a browser', () => {
  it('VA: a customer reads the number, pays from the keyboard and lands back at the shop with status=settled, its query kept, no Referer', async () => {
    const txn = await payment();
    const { page, requests } = await newPage();

    const response = await page.goto(txn.payment_url);
    expect(response!.headers()['content-security-policy']).toContain(`form-action 'self' ${shopUrl};`);
    await expect.poll(() => page.locator('.code').textContent()).toBe(txn.payment_details.va_number);
    await expect.poll(() => page.getByRole('note').textContent()).toContain('Sandbox');
    await expectAccessible(page, 'VA pending');
    await expectFitsPhone(page);

    await page.getByRole('button', { name: 'Pay', exact: true }).focus();
    await page.keyboard.press('Enter');
    const query = await atShop(page);

    expect(Object.fromEntries(query)).toEqual({ cart: '7', transaction_id: txn.id, order_id: txn.order_id, status: 'settled' });
    expect(new URL(page.url()).pathname).toBe('/checkout/done');
    const visit = shopVisits.find((v) => v.url.includes(txn.id))!;
    expect(visit.referer).toBeNull();
    expect((await transactionOf(txn.id)).status).toBe('settled');
    const events = await recordedEventsOf(clientId, txn.id);
    expect(events.map((e) => [e.type, e.request.source])).toEqual([
      ['payment.created', undefined],
      ['payment.settled', 'payment_page'],
    ]);
    expectOnlyOwnOrigin(requests, 1);
  });

  it('QRIS: the QR code drawn on the page decodes to exactly qr_string; Fail fails it (simulated) and shows a receipt', async () => {
    const txn = await createPaymentVia(key, { payment_method: 'qris', payment_channel: 'qris', amount: 77_500 });
    const { page, requests } = await newPage();
    await page.goto(txn.payment_url);

    const png = PNG.sync.read(await page.locator('svg.qr').screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(txn.payment_details.qr_string);
    await expectAccessible(page, 'QRIS pending');

    await page.getByRole('button', { name: 'Fail' }).click();
    await page.getByRole('heading', { name: 'Failed' }).waitFor();
    expect(await page.getByRole('button').count()).toBe(0);
    expect(await transactionOf(txn.id)).toMatchObject({ status: 'failed', failure_code: 'simulated' });
    await expectAccessible(page, 'receipt');
    expectOnlyOwnOrigin(requests);
  });

  it.each([
    ['ewallet', 'gopay', 50_000],
    ['retail', 'alfamart', 50_000],
  ])('%s: the page shows its instructions and is accessible', async (method, channel, amount) => {
    const txn = await payment({ payment_method: method, payment_channel: channel, amount });
    const { page, requests } = await newPage();
    await page.goto(txn.payment_url);
    if (method === 'retail') await expect.poll(() => page.locator('.code').textContent()).toBe(txn.payment_details.payment_code);
    else await page.getByText('Approve a payment').waitFor();
    await expectAccessible(page, `${method} pending`);
    await expectFitsPhone(page);
    expectOnlyOwnOrigin(requests);
  });

  it.each([
    ['4111 1111 1111 1111', 'settled', null],
    ['5555 5555 5555 4444', 'settled', null],
    ['4000 0000 0000 0002', 'failed', 'card_declined'],
    ['4000 0000 0000 9995', 'failed', 'insufficient_funds'],
  ])('card %s: → %s (%s), back at the shop', async (number, status, code) => {
    const txn = await cardPayment();
    const { page, requests } = await newPage();
    await page.goto(txn.payment_url);
    await fillCard(page, number);
    await page.getByRole('button', { name: /^Pay IDR/ }).click();

    expect((await atShop(page)).get('status')).toBe(status);
    expect(await transactionOf(txn.id)).toMatchObject({ status, failure_code: code, payment_details: { card: { last4: number.slice(-4) } } });
    expectOnlyOwnOrigin(requests, 1);
  });

  it.each([
    ['Complete', 'settled', null],
    ['Fail', 'failed', 'authentication_failed'],
  ])('card 4000 0000 0000 3220: the 3-D Secure challenge, %s → %s', async (button, status, code) => {
    const txn = await cardPayment();
    const { page, requests } = await newPage();
    await page.goto(txn.payment_url);
    await expectAccessible(page, 'card pending');
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: /^Pay IDR/ }).click();

    await page.getByRole('heading', { name: 'Confirm this payment' }).waitFor();
    expect((await transactionOf(txn.id)).status).toBe('pending');
    await expectAccessible(page, '3-D Secure challenge');
    await page.getByRole('button', { name: button, exact: true }).click();

    expect((await atShop(page)).get('status')).toBe(status);
    expect(await transactionOf(txn.id)).toMatchObject({ status, failure_code: code });
    expectOnlyOwnOrigin(requests, 1);
  });

  it('card: a Luhn-invalid number is an inline error on its field, and nothing changes', async () => {
    const txn = await cardPayment();
    const { page, requests } = await newPage();
    await page.goto(txn.payment_url);
    await fillCard(page, '4111 1111 1111 1112');
    await page.getByRole('button', { name: /^Pay IDR/ }).click();

    const number = page.getByLabel('Card number');
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await number.getAttribute('aria-describedby'))!;
    expect(await page.locator(`#${describedBy}`).textContent()).toContain('not valid');
    expect(await number.inputValue()).toBe('');
    expect(await page.getByLabel('Name on the card').inputValue()).toBe('Budi Santoso');
    await expectAccessible(page, 'card error');
    await expectFitsPhone(page);
    expect(await transactionOf(txn.id)).toMatchObject({ status: 'pending', payment_details: {} });
    expect((await recordedEventsOf(clientId, txn.id)).map((e) => e.type)).toEqual(['payment.created']);
    expectOnlyOwnOrigin(requests);
  });

  it('a payment cancelled through the API first shows no action, and its page sends the browser to the shop', async () => {
    const withShop = await payment();
    const withoutShop = await createPaymentVia(key);
    for (const txn of [withShop, withoutShop]) expect((await call('POST', `/transaction/${txn.id}/cancel`, { key, body: {} })).status).toBe(200);
    const { page, requests } = await newPage();

    await page.goto(withoutShop.payment_url);
    await page.getByRole('heading', { name: 'Cancelled' }).waitFor();
    expect(await page.locator('form, button').count()).toBe(0);

    await page.goto(withShop.payment_url);
    expect((await atShop(page)).get('status')).toBe('cancelled');
    expectOnlyOwnOrigin(requests, 1);
  });

  it("needs the shop's origin in the page's form-action: without it, Chromium refuses the redirect after Pay", async () => {
    const txn = await payment();
    // A context of its own, unwatched: the refusal is a console error this test provokes on purpose.
    const context = await browser.newContext();
    const refused: string[] = [];
    await context.route(txn.payment_url, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const csp = response.headers()['content-security-policy']!;
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp.replace(` ${shopUrl}`, '') } });
    });
    const page = await context.newPage();
    page.on('console', (message) => refused.push(message.text()));
    await page.goto(txn.payment_url);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect.poll(() => refused.join('\n')).toContain('form-action');
    expect(page.url().startsWith(shopUrl)).toBe(false);
    expect(shopVisits.some((v) => v.url.includes(txn.id))).toBe(false);
    await context.close();
  });

  it('an unknown token is a 404 page, accessible, that says so', async () => {
    const { page, requests } = await newPage();
    const response = await page.goto(`${inject('baseUrl')}/pay/${'A'.repeat(64)}`);
    expect(response!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectAccessible(page, '404');
    // A link cut short (decision 0413) is the same page, not the API's JSON.
    const cutShort = await page.goto(`${inject('baseUrl')}/pay/`);
    expect(cutShort!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expectOnlyOwnOrigin(requests);
  });

  it('made no request off 127.0.0.1, logged no console error and met no error status it did not provoke', () => {
    for (const { watched } of contexts) {
      expect(watched.outside).toEqual([]);
      expect(watched.errors).toEqual([]);
      expect(watched.failed).toEqual([]);
      expect(watched.errorAnswers.every((a) => (a.status === 400 && a.method === 'POST') || a.status === 404)).toBe(true);
    }
  });
});
