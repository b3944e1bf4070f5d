import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/browser/support';
import { type HttpApi, json } from './client';
import { paymentBody } from './payloads';
import { round, type Summary, summarize } from './stats';

/**
 * Part 12: the payment page as a customer's browser meets it (docs/payment-page.md). Its weight:
 * each state's HTML as served (the page has no script, no style sheet, no image and no font to
 * fetch: the HTML is everything), gzipped. Its speed: in Debian's Chromium, the time from the
 * click on Pay to the shop's return_url receiving the browser, beside POST
 * /transaction/{id}/simulate (the same transition, asked for by a server) timed in the same
 * rounds, interleaved, so both meet the same machine (docs/decisions/0255).
 */

/** What one round trip of a fresh TCP connection carries (10 segments of 1 460 B): the page's whole weight should fit in it. */
export const PAYMENT_PAGE_GZIP_BUDGET_BYTES = 14 * 1024;

/** The click on Pay should bring the customer back to the shop within this, at the median: the response budget of the RAIL model (a reaction to input within 100 ms feels immediate). */
export const PAYMENT_PAGE_CLICK_BUDGET_MS = 100;

const THREE_D_SECURE_CARD = '4000000000003220';

export interface PageState {
  /** What the customer sees: `bank transfer (pending)`, `QRIS (pending)`, `card form`, `3-D Secure challenge`. */
  readonly state: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface PaymentPageResult {
  readonly states: readonly PageState[];
  /** The heaviest state, gzipped. */
  readonly largestGzipBytes: number;
  readonly budgetGzipBytes: number;
  readonly rounds: number;
  /** From the click on Pay (Playwright's, as a team's test clicks) to the shop's server receiving the browser at return_url. */
  readonly clickToRedirect: Summary;
  /** The browser's own part of it: from the start of the form's navigation to its request to the shop (Navigation Timing's requestStart). */
  readonly submitToShopRequest: Summary;
  /** POST /transaction/{id}/simulate (outcome=settle) over HTTP, in the same rounds. */
  readonly simulate: Summary;
  readonly budgetMs: number;
  /** Why the part failed (a page that did not load, a redirect that never came); empty when it ran. */
  readonly failures: string[];
}

interface Shop {
  readonly url: string;
  /** Resolves when the shop's return page is next requested, with the time it was. */
  next(): Promise<number>;
  close(): Promise<void>;
}

/** A shop's return page on 127.0.0.1: answers every request with a small page, and says when one arrived. */
async function startShop(): Promise<Shop> {
  let waiting: ((at: number) => void) | undefined;
  const server = createServer((req, res) => {
    const at = performance.now();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Thank you</title><p>Thank you.</p>');
    if (req.url?.startsWith('/return')) {
      waiting?.(at);
      waiting = undefined;
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/return?cart=bench`,
    next: () => new Promise<number>((resolve) => (waiting = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function createPayment(api: HttpApi, overrides: Record<string, unknown>): Promise<{ id: string; payment_url: string }> {
  const res = await api.send({ method: 'POST', path: '/payment/create', body: { ...paymentBody(), ...overrides } });
  if (res.status !== 201) throw new Error(`payment page part: create failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return json(res).data;
}

async function weigh(state: string, url: string): Promise<PageState> {
  const res = await fetch(url);
  const html = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`payment page part: ${state}: HTTP ${res.status}`);
  return { state, bytes: html.length, gzipBytes: gzipSync(html).length };
}

/** Each state a customer can see before deciding, as served. */
async function weighStates(api: HttpApi, returnUrl: string): Promise<PageState[]> {
  const va = await createPayment(api, { return_url: returnUrl });
  const qris = await createPayment(api, { payment_method: 'qris', payment_channel: 'qris', return_url: returnUrl });
  const card = await createPayment(api, { payment_method: 'card', payment_channel: 'credit_card', return_url: returnUrl });
  const challenged = await createPayment(api, { payment_method: 'card', payment_channel: 'credit_card', return_url: returnUrl });
  const form = new URLSearchParams({ action: 'card', card_number: THREE_D_SECURE_CARD, card_expiry: '12/39', card_cvc: '123', card_name: 'Budi Santoso' });
  const posted = await fetch(challenged.payment_url, { method: 'POST', body: form, redirect: 'manual' });
  if (posted.status !== 303) throw new Error(`payment page part: the 3-D Secure card got HTTP ${posted.status}, not 303`);
  return [
    await weigh('bank transfer (pending)', va.payment_url),
    await weigh('QRIS (pending, with its QR code)', qris.payment_url),
    await weigh('card form', card.payment_url),
    await weigh('3-D Secure challenge', challenged.payment_url),
  ];
}

async function timeSimulate(api: HttpApi): Promise<number> {
  const { id } = await createPayment(api, {});
  const started = performance.now();
  const res = await api.send({ method: 'POST', path: `/transaction/${id}/simulate`, body: { outcome: 'settle' } });
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`payment page part: simulate got HTTP ${res.status} ${res.text.slice(0, 200)}`);
  return ms;
}

async function timeClick(browser: Browser, api: HttpApi, shop: Shop): Promise<{ clickMs: number; browserMs: number }> {
  const { payment_url } = await createPayment(api, { return_url: shop.url });
  const page = await browser.newPage();
  try {
    await page.goto(payment_url);
    const pay = page.getByRole('button', { name: /^Pay/ });
    await pay.waitFor();
    const arrived = shop.next();
    const started = performance.now();
    await pay.click({ noWaitAfter: true });
    const at = await Promise.race([
      arrived,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the shop was not reached within 30 s of the click')), 30_000).unref()),
    ]);
    await page.waitForURL(/\/return\?/);
    // The shop's document starts its timeline where the browser began the form's navigation (its POST to the page, then the 303).
    const browserMs = Number(await page.evaluate("performance.getEntriesByType('navigation')[0].requestStart"));
    return { clickMs: at - started, browserMs };
  } finally {
    await page.close();
  }
}

export async function measurePaymentPage(api: HttpApi, rounds: number, warmup: number): Promise<PaymentPageResult> {
  const shop = await startShop();
  let browser: Browser | undefined;
  const failures: string[] = [];
  const click: number[] = [];
  const browserPart: number[] = [];
  const simulate: number[] = [];
  let states: PageState[] = [];
  try {
    states = await weighStates(api, shop.url);
    browser = await launchChromium();
    for (let i = 0; i < warmup + rounds; i++) {
      // Alternate which arm goes first, so neither always meets the other's after-effects.
      let clicked: { clickMs: number; browserMs: number };
      let simulateMs: number;
      if (i % 2 === 0) {
        clicked = await timeClick(browser, api, shop);
        simulateMs = await timeSimulate(api);
      } else {
        simulateMs = await timeSimulate(api);
        clicked = await timeClick(browser, api, shop);
      }
      if (i < warmup) continue;
      click.push(clicked.clickMs);
      browserPart.push(clicked.browserMs);
      simulate.push(simulateMs);
    }
  } catch (error) {
    failures.push(`payment page: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await browser?.close();
    await shop.close();
  }
  return {
    states,
    largestGzipBytes: Math.max(0, ...states.map((s) => s.gzipBytes)),
    budgetGzipBytes: PAYMENT_PAGE_GZIP_BUDGET_BYTES,
    rounds: click.length,
    clickToRedirect: summarize(click.map((v) => round(v))),
    submitToShopRequest: summarize(browserPart.map((v) => round(v))),
    simulate: summarize(simulate.map((v) => round(v))),
    budgetMs: PAYMENT_PAGE_CLICK_BUDGET_MS,
    failures,
  };
}
