/**
 * `return_url` of a create (docs/api.md §5; decision 0247): where the payment page sends the
 * customer's browser back to. Only a browser follows it, never the service, so any https host will
 * do; plain http only on the customer's own machine (a CI job's app on its runner), on every stage.
 */

/** A return URL is at most this many characters. */
export const MAX_RETURN_URL_LENGTH = 2048;

/** The hosts an `http://` return URL may name: loopback, as a URL's host is written. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** Why a return URL is refused: the text after the field name in a validation error. */
export const returnUrlProblems = {
  tooLong: `must be at most ${MAX_RETURN_URL_LENGTH} characters`,
  whitespace: 'must not contain spaces or control characters',
  notAscii: 'must be written in ASCII: percent-encode any other character (and punycode a host name)',
  notAbsolute: 'must be an absolute URL such as https://shop.example.com/orders/return',
  scheme: `must use https, or http on ${LOOPBACK_HOSTS.join(', ')}`,
  credentials: 'must not contain a user name or password',
} as const;

// A space or control character anywhere: the URL parser would strip or encode some silently, and
// the browser would then be sent somewhere the merchant never wrote.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const WHITESPACE_OR_CONTROL = /[\u0000-\u0020\u007f]/;
/** Beyond printable ASCII: a URL is returned as given, and a URI (openapi.json's `format: uri`) is ASCII. */
const NOT_ASCII = /[^ -~]/;

/** `http(s)://host`, written out: what "absolute" means here (the parser would take `https:shop.example` and `https:\\shop.example` too). */
const ABSOLUTE = /^https?:\/\/[^/?#\\]/i;

/** The problem of a return URL, or undefined when it is one the page may send a browser to. */
export function returnUrlProblem(value: string): string | undefined {
  if (value.length > MAX_RETURN_URL_LENGTH) return returnUrlProblems.tooLong;
  if (WHITESPACE_OR_CONTROL.test(value)) return returnUrlProblems.whitespace;
  if (NOT_ASCII.test(value)) return returnUrlProblems.notAscii;
  if (!URL.canParse(value)) return returnUrlProblems.notAbsolute;
  const url = new URL(value);
  if ((url.protocol === 'https:' || url.protocol === 'http:') && !ABSOLUTE.test(value)) return returnUrlProblems.notAbsolute;
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && (LOOPBACK_HOSTS as readonly string[]).includes(url.hostname)))) {
    return returnUrlProblems.scheme;
  }
  // Any `@` in the authority: `https://user:pass@…`, and `https://@…`, whose parse hides an empty user.
  if (url.username !== '' || url.password !== '' || /^[^:]+:\/\/[^/?#]*@/.test(value)) return returnUrlProblems.credentials;
  return undefined;
}
