import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { dashboardCsp } from '../../lib/dashboard/assets';
import { identityCall, identityInPage } from '../browser/people';

/** GET /dashboard and its files through the local server: public, no data, strict headers. */

const get = (path: string) => fetch(`${inject('baseUrl')}${path}`);

/** The policy every dashboard response carries: its own origin, and the identity service's the page names. */
async function expectedCsp(): Promise<string> {
  const identity = identityInPage(await (await get('/dashboard')).text());
  return dashboardCsp(identity && new URL(identity.endpoint).origin);
}

describe('GET /dashboard', () => {
  it('serves the page without a key, naming only its own script and style sheet, with the strict CSP', async () => {
    const res = await get('/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(await expectedCsp());
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const page = await res.text();
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['data:,', expect.stringMatching(/^dashboard\/app-\w+\.css$/), expect.stringMatching(/^dashboard\/app-\w+\.js$/)]);
    expect(page).not.toMatch(/<script>|<style|sk_sbx_/);
  });

  it("names the sandbox's identity emulator and the dashboard's app client in the page, and its CSP allows exactly that origin", async () => {
    const res = await get('/dashboard');
    const identity = identityInPage(await res.text());
    expect(identity).toEqual({ endpoint: inject('identityEndpoint'), clientId: inject('userPoolClientId') });
    expect(identity!.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(res.headers.get('content-security-policy')).toContain(`; connect-src 'self' ${identity!.endpoint.replace(/\/$/, '')}; `);
    // The app client is the emulator's: a sign-in of nobody is refused as a sign-in, not as an unknown client.
    const answer = await identityCall(identity!, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'Nobody-at-all-1' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toMatch(/^(NotAuthorizedException|UserNotFoundException)$/);
  });

  it('serves the files the page names, cacheable for a year, and 404 for any other name', async () => {
    const page = await (await get('/dashboard')).text();
    for (const file of [...page.matchAll(/"dashboard\/(app-\w+\.(js|css))"/g)].map((m) => m[1]!)) {
      const res = await get(`/dashboard/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe(file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-security-policy')).toBe(await expectedCsp());
    }
    for (const name of ['app.js', 'index.html']) {
      const res = await get(`/dashboard/${name}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: `The dashboard has no file ${name}` } });
    }
  });

  it('refuses a query parameter with 400 VALIDATION_ERROR naming it, and other methods with 405', async () => {
    const res = await get('/dashboard?key=sk_sbx_x');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'key' }] });
    const post = await fetch(`${inject('baseUrl')}/dashboard`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});

/** The Web Storage and cookie APIs a page could keep a credential in, as its script would name them. */
const BROWSER_STORES = ['sessionStorage', 'localStorage', 'indexedDB', 'cookie'] as const;

describe("openapi.json's description of the dashboard", () => {
  const described = (path: string): string => {
    const document = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
    return `${document.paths[path].get.summary}\n${document.paths[path].get.description}`;
  };

  /** The page and its script as they are served: what the dashboard does. */
  async function servedPage() {
    const res = await get('/dashboard');
    const page = await res.text();
    const script = await (await get(`/dashboard/${/"dashboard\/(app-\w+\.js)"/.exec(page)![1]}`)).text();
    return { script, csp: res.headers.get('content-security-policy')!, identity: identityInPage(page)! };
  }

  it('names no browser storage the page does not use, and says the session lives in its memory when it uses none', async () => {
    const { script } = await servedPage();
    const unused = BROWSER_STORES.filter((store) => !script.includes(store));
    for (const path of ['/dashboard', '/dashboard/{asset}']) {
      const text = described(path);
      expect(
        unused.filter((store) => text.includes(store)),
        path,
      ).toEqual([]);
    }
    if (unused.length === BROWSER_STORES.length) expect(described('/dashboard')).toMatch(/\bmemory\b/);
  });

  it("says a person signs in at the identity service, as the page's script does, and never that the page asks for a server key", async () => {
    const { script } = await servedPage();
    // The page signs in with a password at the identity service's JSON API (decisions 0171, 0190).
    expect(script).toContain('X-Amz-Target');
    expect(script).toContain('USER_PASSWORD_AUTH');
    const text = described('/dashboard');
    expect(text).toMatch(/\bsigns? in\b/);
    expect(text).toContain('identity service');
    expect(text).not.toMatch(/asks? for a (server )?key|enters? (a|your) (server )?key/i);
  });

  it('describes the Content-Security-Policy the page is served with: requests to this origin and the identity service only', async () => {
    const { csp, identity } = await servedPage();
    const connect = /connect-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(connect).toEqual(["'self'", new URL(identity.endpoint).origin]);
    const text = described('/dashboard');
    expect(text).not.toContain('requests to this origin only');
    expect(text).toContain("requests to this origin and the stage's identity service only");
  });
});
