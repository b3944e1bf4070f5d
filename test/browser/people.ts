import { sentCodes } from '../../infra/local/identity';
import { IDENTITY_META, type PageIdentity } from '../../lib/dashboard/identity';

/**
 * The identity service as the dashboard page meets it (docs/api.md §14), for the browser and HTTP
 * tests: where the page says it is, its JSON API called as the page calls it, and the temporary
 * passwords and codes the local emulator "e-mailed" (infra/local/identity.ts `sentCodes`). People made without the page
 * come from test/support/sessions.ts.
 */

/** The identity service a dashboard page names in its `<meta name="sandbox-identity">`, decoded as a browser would; undefined: none. */
export function identityInPage(page: string): PageIdentity | undefined {
  const content = new RegExp(`<meta name="${IDENTITY_META}" content="([^"]*)">`).exec(page)?.[1];
  if (content === undefined) return undefined;
  return JSON.parse(
    content
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
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

/** The last temporary password or code (`kind`) the emulator whose directory is `identityDir` sent to `email`, waiting up to 5 s for it. */
export async function codeSentTo(identityDir: string, email: string, kind: 'temporary_password' | 'code'): Promise<string> {
  for (const deadline = Date.now() + 5_000; ; ) {
    const code = sentCodes(identityDir, email, kind).at(-1);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No code was sent to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
