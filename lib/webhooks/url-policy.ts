import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { UrlPolicy } from '../config/webhook-url-policy';
import { urlProblems, urlSyntaxProblem } from '../objects/url-syntax';

export { urlProblems } from '../objects/url-syntax';

/**
 * Which URLs a webhook may be sent to (docs/api.md §11), checked when an endpoint is registered and
 * again before every delivery. Pure apart from the DNS lookup, which is injected.
 *
 * `deployed`: `https://` only; the host must be a name (not an IP literal, not `localhost`) and
 * every address it resolves to must be public unicast. So the sandbox cannot be made to call
 * its own network: loopback, private, link-local (and the metadata service), CGNAT, unique-local,
 * multicast, broadcast, reserved and unspecified addresses are refused, written either way (an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it maps; the IPv6 forms that embed an
 * IPv4 address — NAT64, 6to4, Teredo — are refused outright). Which ranges are special is
 * ipaddr.js's table, not ours: an address is accepted only when it names no special range.
 * `local` (`npm start`): also `http://` and loopback (127.0.0.0/8, ::1, `localhost`), nothing
 * else private. Neither accepts a user name or password in the URL.
 */

/** How long a host name may take to resolve before the URL is refused as unresolvable. */
export const DNS_TIMEOUT_MS = 3_000;

/** One address a host name resolves to, as dns.promises.lookup gives it. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Every address a host name resolves to; `systemResolver` in the service, a fake in tests. */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), every address in its order. */
export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A URL the policy refuses; `problem` is one of `urlProblems`. */
export class UnsafeWebhookUrlError extends Error {
  override readonly name = 'UnsafeWebhookUrlError';
  constructor(readonly problem: string) {
    super(`url ${problem}`);
  }
}

/** Where a delivery may go: the URL, and the checked address to connect to. */
export interface WebhookTarget {
  readonly url: URL;
  /** The host as the URL names it, without IPv6 brackets: for the Host header and TLS SNI. */
  readonly hostname: string;
  /**
   * The address that was checked. Connect to this one, not to the name again: a second lookup
   * could answer differently (DNS rebinding) and reach an address that was never checked.
   */
  readonly address: string;
  readonly family: 4 | 6;
}

/** True when the policy lets a delivery go to this address (IPv4-mapped IPv6 is judged as its IPv4 address). */
export function isAllowedAddress(address: string, policy: UrlPolicy): boolean {
  if (isIP(address) === 0) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (policy === 'local' && range === 'loopback');
}

/** `localhost` and its subdomains are loopback by definition (RFC 6761), whatever a resolver says. */
const isLocalhostName = (name: string) => name === 'localhost' || name.endsWith('.localhost');

/**
 * Checks a webhook URL under `policy` and resolves its host: returns the target with the checked
 * address to connect to, or throws UnsafeWebhookUrlError naming the problem. Registration calls it,
 * and delivery calls it again before every attempt and connects to the address it returns.
 */
export async function resolveWebhookTarget(value: string, policy: UrlPolicy, resolve: HostResolver = systemResolver): Promise<WebhookTarget> {
  const syntax = urlSyntaxProblem(value);
  if (syntax) throw new UnsafeWebhookUrlError(syntax);
  const url = new URL(value);
  const schemes = policy === 'deployed' ? ['https:'] : ['https:', 'http:'];
  if (!schemes.includes(url.protocol)) {
    throw new UnsafeWebhookUrlError(policy === 'deployed' ? urlProblems.httpsOnly : urlProblems.httpOrHttps);
  }
  if (url.username !== '' || url.password !== '') throw new UnsafeWebhookUrlError(urlProblems.credentials);

  // The parser has already normalised the host: `0x7f.1` and `2130706433` are `127.0.0.1` here.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(hostname);
  if (literal !== 0) {
    if (!isAllowedAddress(hostname, policy)) throw new UnsafeWebhookUrlError(urlProblems.privateAddress);
    if (policy === 'deployed') throw new UnsafeWebhookUrlError(urlProblems.ipLiteral);
    return { url, hostname, address: hostname, family: literal === 4 ? 4 : 6 };
  }
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (policy === 'deployed' && isLocalhostName(name)) throw new UnsafeWebhookUrlError(urlProblems.privateAddress);

  const addresses = await resolveWithin(resolve, hostname, DNS_TIMEOUT_MS);
  if (addresses.length === 0) throw new UnsafeWebhookUrlError(urlProblems.unresolvable);
  // Every address, not only the first: a client may connect to any of them.
  if (!addresses.every((a) => isAllowedAddress(a.address, policy))) throw new UnsafeWebhookUrlError(urlProblems.privateAddress);
  const first = addresses[0]!;
  return { url, hostname, address: first.address, family: isIP(first.address) === 4 ? 4 : 6 };
}

/** The resolver's answer, or none when it fails or takes longer than `ms`. */
async function resolveWithin(resolve: HostResolver, hostname: string, ms: number): Promise<readonly ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<readonly ResolvedAddress[]>((done) => {
    timer = setTimeout(() => done([]), ms);
  });
  try {
    return await Promise.race([resolve(hostname).catch(() => []), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
