import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { gatewayAnswer } from '../../lib/http/gateway-answers';
import { internalErrorResult, JSON_CONTENT_TYPE, toHttpResponse } from '../../lib/http/http-response';
import { fallbackFunction, matchRoute, routeList, API_BASE_PATH, type Route } from '../../lib/routes';
import { httpApiEvent } from './lambda-event';
import { loadFunction, type FunctionDeclaration, type LocalFunction } from './load-function';
import { admitHost } from './loopback-guard';

type HttpFunction = LocalFunction<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

/** API Gateway refuses bodies over 10 MB before any Lambda runs; so do we. */
const GATEWAY_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * How long an idle kept-alive connection stays open (docs/local.md). Node's default, 5 s, is shorter
 * than most HTTP clients keep an idle socket (Go 90 s, Java's HttpClient 20 minutes, Python's
 * urllib3 until the server closes it): a client that sends on a socket the server is closing at
 * that moment gets "socket hang up" or ECONNRESET. 65 s outlasts the common 60 s; the response's
 * `Keep-Alive: timeout=65` tells clients that read it (Node's fetch) when to drop the socket first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface LocalServer {
  readonly server: Server;
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** The port is taken: said plainly by `npm start` rather than with a stack trace. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use; pass --port N or set PORT to pick another`);
    this.name = 'PortInUseError';
  }
}

/**
 * Loads every handler the route table names. TABLE_NAME and DYNAMODB_ENDPOINT must be set first:
 * handlers read their configuration once, at import, exactly as on Lambda.
 */
export async function loadHandlers(): Promise<LocalHandlers> {
  const load = (route: FunctionDeclaration) => loadFunction<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(route);
  const [loaded, fallback] = await Promise.all([Promise.all(routeList.map(async (route) => [route, await load(route)] as const)), load(fallbackFunction)]);
  return { byRoute: new Map<Route, HttpFunction>(loaded), fallback };
}

/** Every route's handler, and the fallback's. */
export interface LocalHandlers {
  readonly byRoute: ReadonlyMap<Route, HttpFunction>;
  readonly fallback: HttpFunction;
}

/**
 * Serves the API on 127.0.0.1, turning each request into the HTTP API v2 event its Lambda would get;
 * with the handlers given, else loading them first. Given as a promise, the port is taken at once
 * and requests wait for the handlers (`npm start` binds before Java starts, so a busy port is
 * refused at once: infra/local/sandbox.ts). A request that names another host than this server's
 * own loopback address is 421 before any handler sees it (infra/local/loopback-guard.ts).
 */
export async function startLocalServer(options: {
  port: number;
  afterWrite?: () => void;
  handlers?: LocalHandlers | Promise<LocalHandlers>;
}): Promise<LocalServer> {
  const host = '127.0.0.1';
  const handlers = options.handlers ?? (await loadHandlers());

  // The contract's 500 (docs/api.md §2): INTERNAL_ERROR and the request id, never a stack trace.
  // Deployed, a function that crashes gets API Gateway's own 500 instead; locally the server can
  // answer as the contract asks.
  const internalError = (res: ServerResponse, requestId: string) => {
    const answer = toHttpResponse(internalErrorResult(requestId), requestId);
    if (!res.headersSent) res.writeHead(500, answer.headers as Record<string, string>);
    res.end(answer.body);
  };
  const server = createServer((req, res) => {
    if (!admitHost(req, res)) return;
    const requestId = randomUUID();
    handle(req, res, requestId).catch((error: unknown) => {
      // Handlers map their own errors; reaching here means the runtime itself failed.
      console.error('local server: request failed', error);
      internalError(res, requestId);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
    const body = hasNoBody(req) ? EMPTY_BODY : await readBody(req);
    if (body === 'too-large') {
      const { status, body: tooLarge } = gatewayAnswer('GatewayPayloadTooLarge');
      res.writeHead(status, { 'Content-Type': JSON_CONTENT_TYPE });
      res.end(tooLarge);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const { match } = matchRoute(method, url.pathname);
    const event = httpApiEvent({
      method,
      url,
      headers: req.headers,
      body,
      requestId,
      sourceIp: req.socket.remoteAddress,
      httpVersion: req.httpVersion,
      route: match?.route,
      pathParameters: match?.pathParameters,
    });
    // Each request is its route's function (or the fallback's), as deployed: what the grant check records it doing.
    let loaded: LocalHandlers;
    try {
      loaded = await handlers;
    } catch {
      // The start failed (no Java, say): `npm start` says why, once, and exits; a request that came
      // meanwhile is answered, not reported a second time with a stack trace.
      internalError(res, requestId);
      return;
    }
    const { byRoute, fallback } = loaded;
    const invoke = match ? byRoute.get(match.route)! : fallback;
    const result = await invoke(event, requestId);
    res.writeHead(result.statusCode ?? 200, (result.headers ?? {}) as Record<string, string>);
    res.end(result.body ?? '');
    if (method !== 'GET' && method !== 'HEAD') options.afterWrite?.();
  }

  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // A request's headers must arrive within this; kept above the idle timeout, as Node advises.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port) : error));
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    baseUrl: `http://${host}:${port}${API_BASE_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * No Content-Length (or 0) and no Transfer-Encoding: a request without a body (RFC 9112 §6.3), so
 * there is nothing to wait for. Node drains the (empty) request stream itself once the response
 * finishes, and keeps the connection alive; only requests that carry a body are read as a stream.
 */
function hasNoBody(req: IncomingMessage): boolean {
  const { headers } = req;
  return headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0');
}

const EMPTY_BODY = Buffer.alloc(0);

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > GATEWAY_BODY_LIMIT) return 'too-large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
