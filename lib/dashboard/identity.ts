/**
 * Where the dashboard page signs people in (docs/api.md §14): the identity service's JSON API and
 * the app client it signs in as. The dashboard function reads them once from its environment, puts
 * them in the page it serves (a `<meta name="sandbox-identity">`) and allows exactly that origin in
 * the page's Content-Security-Policy (lib/dashboard/assets.ts).
 */
export interface PageIdentity {
  /** The identity service's JSON API: `https://cognito-idp.<region>.amazonaws.com/` deployed, the emulator's address locally. */
  readonly endpoint: string;
  /** The dashboard's app client of the user pool. */
  readonly clientId: string;
}

/** The name of the page's `<meta>` whose content is the PageIdentity as JSON (the page reads it in dashboard/src/identity.ts). */
export const IDENTITY_META = 'sandbox-identity';

/** The origin the page may connect to besides its own: the identity service's. */
export const identityOrigin = (identity: PageIdentity): string => new URL(identity.endpoint).origin;

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

/** `text` safe inside a double-quoted HTML attribute value. */
const escapeAttribute = (text: string): string => text.replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);

/**
 * The page with the identity service written into its head, as `<meta name="sandbox-identity"
 * content="{…}">` (JSON, escaped for the attribute); with no identity service, the page as it is.
 */
export function pageWithIdentity(page: string, identity: PageIdentity | undefined): string {
  if (!identity) return page;
  const head = page.indexOf('</head>');
  if (head < 0) throw new Error('The dashboard page has no </head> to write the identity service into');
  const meta = `<meta name="${IDENTITY_META}" content="${escapeAttribute(JSON.stringify(identity))}">\n  `;
  return `${page.slice(0, head)}${meta}${page.slice(head)}`;
}
