import { describe, expect, it } from 'vitest';
import { dashboardCsp } from '../../lib/dashboard/assets';
import { pageHeaders } from '../../lib/http/page/page-face';
import { routes } from '../../lib/routes';
import { pageIdentity } from '../../lib/dashboard/environment';
import { identityOrigin, pageWithIdentity } from '../../lib/dashboard/identity';
import { identityInPage } from '../browser/people';

/** Where the dashboard page signs people in: read from the function's environment, written into the page, allowed by its CSP. */

const PAGE = '<!doctype html>\n<html>\n  <head>\n    <title>Payment Sandbox</title>\n  </head>\n  <body></body>\n</html>\n';
const deployed = { IDENTITY_ENDPOINT: 'https://cognito-idp.eu-west-1.amazonaws.com/', USER_POOL_CLIENT_ID: '4d2k9example' };

describe('pageIdentity', () => {
  it('reads the endpoint and the app client from IDENTITY_ENDPOINT and USER_POOL_CLIENT_ID', () => {
    expect(pageIdentity(deployed)).toEqual({ endpoint: 'https://cognito-idp.eu-west-1.amazonaws.com/', clientId: '4d2k9example' });
    expect(pageIdentity({ IDENTITY_ENDPOINT: 'http://127.0.0.1:9229', USER_POOL_CLIENT_ID: 'local' })).toEqual({
      endpoint: 'http://127.0.0.1:9229/',
      clientId: 'local',
    });
  });

  it('is undefined when neither is set: a stage without an identity service', () => {
    expect(pageIdentity({})).toBeUndefined();
    expect(pageIdentity({ IDENTITY_ENDPOINT: ' ', USER_POOL_CLIENT_ID: '' })).toBeUndefined();
  });

  it('refuses half of it, naming the variable that is missing, and an endpoint that is not https (http only on loopback), as admission does', () => {
    expect(() => pageIdentity({ IDENTITY_ENDPOINT: deployed.IDENTITY_ENDPOINT })).toThrow(/USER_POOL_CLIENT_ID is required/);
    expect(() => pageIdentity({ USER_POOL_CLIENT_ID: 'x' })).toThrow(/IDENTITY_ENDPOINT is required/);
    expect(() => pageIdentity({ IDENTITY_ENDPOINT: 'cognito', USER_POOL_CLIENT_ID: 'x' })).toThrow(/IDENTITY_ENDPOINT must be a URL/);
    expect(() => pageIdentity({ IDENTITY_ENDPOINT: 'javascript:alert(1)', USER_POOL_CLIENT_ID: 'x' })).toThrow(
      /IDENTITY_ENDPOINT must be an https URL \(http only on loopback\)/,
    );
    expect(() => pageIdentity({ IDENTITY_ENDPOINT: 'http://cognito.example.com/', USER_POOL_CLIENT_ID: 'x' })).toThrow(/http only on loopback/);
  });
});

describe('the page and its headers', () => {
  it("writes the identity into the page's head as a <meta> the page reads back exactly", () => {
    const identity = pageIdentity(deployed)!;
    const page = pageWithIdentity(PAGE, identity);
    expect(page).toContain(
      `<meta name="sandbox-identity" content="{&quot;endpoint&quot;:&quot;https://cognito-idp.eu-west-1.amazonaws.com/&quot;,&quot;clientId&quot;:&quot;4d2k9example&quot;}">`,
    );
    expect(page.indexOf('<meta name="sandbox-identity"')).toBeLessThan(page.indexOf('</head>'));
    expect(identityInPage(page)).toEqual(identity);
  });

  it('escapes what would end the attribute or open a tag', () => {
    const identity = { endpoint: 'https://idp.example/', clientId: `a"b'c<script>&amp;` };
    const page = pageWithIdentity(PAGE, identity);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain(`a"b`);
    expect(identityInPage(page)).toEqual(identity);
  });

  it('leaves the page as it is without an identity service', () => {
    expect(pageWithIdentity(PAGE, undefined)).toBe(PAGE);
    expect(() => pageWithIdentity('<html><body></body></html>', pageIdentity(deployed))).toThrow(/no <\/head>/);
  });

  it("lets the page connect to its own origin and exactly the identity service's origin, the rest of the policy unchanged", () => {
    const origin = identityOrigin(pageIdentity(deployed)!);
    expect(origin).toBe('https://cognito-idp.eu-west-1.amazonaws.com');
    expect(dashboardCsp(origin)).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(dashboardCsp(identityOrigin(pageIdentity({ IDENTITY_ENDPOINT: 'http://127.0.0.1:9229/', USER_POOL_CLIENT_ID: 'x' })!))).toContain(
      "connect-src 'self' http://127.0.0.1:9229;",
    );
    expect(dashboardCsp()).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(pageHeaders(routes.getDashboard, origin)).toEqual({
      'Content-Security-Policy': dashboardCsp(origin),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
  });
});
