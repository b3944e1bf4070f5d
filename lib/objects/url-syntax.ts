/**
 * The rules of a webhook URL that hold whatever the policy (docs/api.md §11), and the wording of
 * every refusal. No address library and no DNS here: the request schemas import this, and so
 * does every webhook function's bundle; the policy itself is lib/webhooks/url-policy.ts.
 */

/** A webhook URL is at most this many characters. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Why a URL is refused: the text after the field name in a validation error (`url` must…). */
export const urlProblems = {
  tooLong: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
  whitespace: 'must not contain spaces or control characters',
  notAbsolute: 'must be an absolute URL such as https://example.com/webhooks',
  httpsOnly: 'must use https',
  httpOrHttps: 'must use http or https',
  credentials: 'must not contain a user name or password',
  ipLiteral: 'must name its host, not an IP address',
  privateAddress: 'must not point to a private, loopback or link-local address',
  unresolvable: 'must name a host that resolves to an address',
} as const;

// A space or control character anywhere: the URL parser would strip or encode some silently.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const WHITESPACE_OR_CONTROL = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * The problem of a URL whatever the policy (length, spaces, not an absolute URL), or undefined:
 * what the request body's schema checks, so it is reported with the body's other errors.
 */
export function urlSyntaxProblem(value: string): string | undefined {
  if (value.length > MAX_WEBHOOK_URL_LENGTH) return urlProblems.tooLong;
  if (WHITESPACE_OR_CONTROL.test(value)) return urlProblems.whitespace;
  if (!URL.canParse(value)) return urlProblems.notAbsolute;
  return undefined;
}
