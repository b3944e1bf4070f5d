import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`; .ci/run installs it): playwright cannot download one here. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, and nothing of Chromium's own that would reach the network. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export interface Watched {
  /** Console errors and uncaught exceptions, besides Chromium's own line for each HTTP error status. */
  readonly errors: string[];
  /** Chromium's "Failed to load resource: … status of N" lines: one per HTTP error answer, which `errorAnswers` accounts for. */
  readonly statusLines: string[];
  /** Requests that failed at the network level (refused, aborted, blocked). */
  readonly failed: string[];
  /** Requests to anything but 127.0.0.1: aborted, and listed here. */
  readonly outside: string[];
  /** Every answer with a status of 400 or more: method, path, status. */
  readonly errorAnswers: { method: string; path: string; status: number }[];
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Waits until the page has had no request under way for 200 ms: a reload then aborts nothing. */
export async function quiet(page: Page, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let idleSince = Date.now();
  while (Date.now() < deadline) {
    if ((inFlight.get(page)?.size ?? 0) > 0) idleSince = Date.now();
    else if (Date.now() - idleSince >= 200) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`requests still under way after ${timeoutMs} ms`);
}

/** Watches a context's pages: console, page errors, failed requests, and every request off 127.0.0.1 (aborted). */
export async function watch(context: BrowserContext): Promise<Watched> {
  const watched: Watched = { errors: [], statusLines: [], failed: [], outside: [], errorAnswers: [] };
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.hostname === '127.0.0.1') return route.continue();
    watched.outside.push(url.href);
    return route.abort('blockedbyclient');
  });
  const onPage = (page: Page) => {
    const pending = new Set<unknown>();
    inFlight.set(page, pending);
    page.on('request', (request) => pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => pending.delete(request));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      (/^Failed to load resource: the server responded with a status of \d+/.test(text) ? watched.statusLines : watched.errors).push(text);
    });
    page.on('pageerror', (error) => watched.errors.push(`uncaught: ${error.message}`));
    page.on('requestfailed', (request) => watched.failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400) {
        watched.errorAnswers.push({ method: response.request().method(), path: new URL(response.url()).pathname, status: response.status() });
      }
    });
  };
  context.on('page', onPage);
  for (const page of context.pages()) onPage(page);
  return watched;
}
