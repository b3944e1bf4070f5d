import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './url-policy';

/**
 * One POST of a signed webhook to a checked target (docs/api.md §11). It connects to the address
 * the URL policy checked, never to the name again (no DNS rebinding); the Host header and TLS
 * server name are the URL's host, so a certificate is verified against the name as usual. No
 * redirect is followed, and at most a few KB of the answer are read, then it is dropped.
 */

/** How much of a receiver's answer is read before the connection is dropped. */
const MAX_RESPONSE_BYTES = 4_096;

const USER_AGENT = 'PaymentSandbox-Webhooks/1.0';

/**
 * What is POSTed: the headers and the body exactly as sent. A signed delivery (signature.ts
 * `SignedWebhook`) is one; a check's forged probes (receiver-check.ts) are others.
 */
export interface OutgoingWebhook {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** What a POST came to: the status of an answer, or why none came. */
export interface SendResult {
  /** The receiver's HTTP status, when it answered in time. */
  readonly status?: number;
  /** From the start of the request to the answer's status line, or to the failure. */
  readonly timeMs: number;
  /** Why no answer came: a timeout, a refused connection… */
  readonly error?: string;
  /** The local sandbox stopped while the POST was under way: nothing is to be recorded (lib/webhooks/dispatch.ts). */
  readonly abandoned?: true;
}

/**
 * Aborted when the local sandbox stops: every POST under way ends at once and is recorded as
 * nothing, as if the process had died, so its attempt is made again when its claim runs out.
 */
let stopping = new AbortController();
const inFlight = new Set<Promise<unknown>>();

/**
 * Abandons every POST under way in this process and waits until they have let go; later POSTs run
 * normally. `npm start` calls it when it stops: what was under way is made again after a restart.
 */
export async function abandonPostsInFlight(): Promise<void> {
  stopping.abort();
  stopping = new AbortController();
  await Promise.allSettled([...inFlight]);
}

/** POSTs `signed` to `target`; a 2xx is success only if its status line arrives within `timeoutMs`. */
export function sendWebhook(target: WebhookTarget, signed: OutgoingWebhook, timeoutMs: number): Promise<SendResult> {
  const sending = send(target, signed, timeoutMs, stopping.signal);
  inFlight.add(sending);
  void sending.finally(() => inFlight.delete(sending));
  return sending;
}

function send(target: WebhookTarget, signed: OutgoingWebhook, timeoutMs: number, stop: AbortSignal): Promise<SendResult> {
  const { url } = target;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([timeout, stop]);
  // Every lookup of this request answers the checked address: the connection can go nowhere else.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const body = Buffer.from(signed.body);
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(stop.aborted ? { timeMs: result.timeMs, abandoned: true } : result);
    };
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      {
        protocol: url.protocol,
        hostname: target.hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...signed.headers, 'content-length': String(body.length), 'user-agent': USER_AGENT },
        lookup,
        servername: target.hostname,
        agent: false,
        signal,
      },
      (res: IncomingMessage) => {
        const result: SendResult = { status: res.statusCode ?? 0, timeMs: elapsed() };
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_RESPONSE_BYTES) {
            res.destroy();
            finish(result);
          }
        });
        res.on('end', () => finish(result));
        res.on('close', () => finish(result));
        res.on('error', () => finish(result));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (stop.aborted) finish({ timeMs: elapsed() });
      else if (timeout.aborted) finish({ timeMs: elapsed(), error: `No answer within ${timeoutMs} ms` });
      else finish({ timeMs: elapsed(), error: describeNetworkError(error) });
    });
    req.end(body);
  });
}

/** A network failure in a few words, with its code: `Connection refused (ECONNREFUSED)`. */
function describeNetworkError(error: NodeJS.ErrnoException): string {
  const known: Record<string, string> = {
    ECONNREFUSED: 'Connection refused',
    ECONNRESET: 'Connection reset',
    EHOSTUNREACH: 'Host unreachable',
    ENETUNREACH: 'Network unreachable',
    ETIMEDOUT: 'Connection timed out',
    EPIPE: 'Connection closed while sending',
  };
  if (error.code && known[error.code]) return `${known[error.code]} (${error.code})`;
  if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')) return `TLS failed: ${error.message}`;
  return error.code ? `${error.message} (${error.code})` : error.message;
}
