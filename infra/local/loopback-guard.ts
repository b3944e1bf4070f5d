import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The `Host` check of the servers `npm start` runs on loopback: the API and the identity emulator
 * (docs/security.md). A server bound to 127.0.0.1 is still reached by any page a browser on this
 * machine opens: a page of another site whose name it makes resolve to 127.0.0.1 (DNS rebinding)
 * is then same-origin with the server, and its requests carry that site's name in `Host`. So each
 * server answers only the names a browser sends when it was asked for this very server:
 *
 * - `127.0.0.1:<port>`, the address it listens on and every URL `npm start` prints;
 * - `localhost:<port>`: browsers resolve `localhost` to loopback themselves, without asking DNS,
 *   and a page gets that name in `Host` only by being served from this machine, so no other site
 *   can take it on; and people type it.
 *
 * Anything else is 421 Misdirected Request, saying which Host the server answers, and nothing of
 * the server behind it. The port is the one the connection arrived on.
 */

/** The `Host` values a loopback server on `port` answers. */
export const loopbackHosts = (port: number): readonly string[] => [`127.0.0.1:${port}`, `localhost:${port}`];

/** The origins a page served by a loopback server on `port` has: one per name in loopbackHosts. */
export const loopbackOrigins = (port: number): readonly string[] => loopbackHosts(port).map((host) => `http://${host}`);

/** Whether `req` names this server in its `Host` (case aside: a host name is not case-sensitive). */
export function namesThisServer(req: IncomingMessage): boolean {
  const host = req.headers.host?.toLowerCase();
  return host !== undefined && loopbackHosts(req.socket.localPort ?? 0).includes(host);
}

/**
 * Answers 421 and returns false when `req` names another host; true when the request is this
 * server's to answer. Both loopback servers call it first, before anything of theirs runs.
 */
export function admitHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (namesThisServer(req)) return true;
  const [address] = loopbackHosts(req.socket.localPort ?? 0);
  const body = `Misdirected Request: this server answers only Host ${address} (or localhost at the same port).\n`;
  res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
  return false;
}
