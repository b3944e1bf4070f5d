import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_BASE_PATH, matchRoute, type Method, type Route } from '../lib/routes';
import { httpApiEvent, lambdaContext } from '../infra/local/lambda-event';

/** A request below the API base path, e.g. `{ method: 'GET', path: '/transactions?limit=20' }`. */
export interface ApiRequest {
  readonly method: Method;
  readonly path: string;
  readonly body?: unknown;
  /** A page's form, sent as `application/x-www-form-urlencoded` (in place of a JSON body). */
  readonly form?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request's body as sent, with its media type: JSON, a form, or none. */
function payloadOf(req: ApiRequest): { payload: string; type: string } | undefined {
  if (req.form !== undefined) return { payload: new URLSearchParams(req.form).toString(), type: 'application/x-www-form-urlencoded' };
  return req.body === undefined ? undefined : { payload: JSON.stringify(req.body), type: 'application/json' };
}

export interface ApiResponse {
  readonly status: number;
  readonly text: string;
}

/** Parses a response body, or fails with the status and body in the message. */
export function json(response: ApiResponse): any {
  try {
    return JSON.parse(response.text);
  } catch {
    throw new Error(`Not JSON (HTTP ${response.status}): ${response.text.slice(0, 200)}`);
  }
}

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/** How long the bench keeps an idle connection for its next request: under the minimal service's keep-alive timeout (Node's 5 s; the local server's is 65 s). */
const IDLE_SOCKET_MS = 4_000;

/**
 * The API as a client sees it: node:http with keep-alive sockets (as a real client and the
 * SDK both keep theirs), so the HTTP arm pays one request on a warm socket, not a handshake.
 */
export class HttpApi {
  private readonly agent: Agent;
  private readonly base: URL;

  constructor(
    baseUrl: string,
    readonly key: string,
    sockets = 1,
  ) {
    this.base = new URL(baseUrl);
    // A socket idle for IDLE_SOCKET_MS is dropped, before a server's keep-alive timeout (the minimal
    // service keeps Node's 5 s) closes it: a request is never written to a socket the server is closing ("socket hang up").
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets, timeout: IDLE_SOCKET_MS });
  }

  send(req: ApiRequest): Promise<ApiResponse> {
    const body = payloadOf(req);
    const payload = body?.payload;
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}`, ...req.headers };
    if (body !== undefined) {
      headers['content-type'] = body.type;
      headers['content-length'] = String(Buffer.byteLength(body.payload));
    }
    return new Promise((resolve, reject) => {
      const r = request(
        {
          agent: this.agent,
          host: this.base.hostname,
          port: this.base.port,
          method: req.method,
          path: `${this.base.pathname}${req.path}`,
          headers,
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      r.on('timeout', () => r.destroy(new Error(`${req.method} ${req.path} timed out`)));
      r.on('error', reject);
      r.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The same request handed straight to the route's Lambda handler — the module instance the local
 * server loaded — as the API Gateway v2 event it would receive: the handler's own time, without
 * the HTTP hop. This is the time Lambda bills.
 */
export class DirectInvoker {
  private readonly handlers = new Map<Route, Handler>();

  constructor(readonly key: string) {}

  async send(req: ApiRequest): Promise<ApiResponse> {
    const url = new URL(`${API_BASE_PATH}${req.path}`, 'http://127.0.0.1');
    const { match } = matchRoute(req.method, url.pathname);
    if (!match) throw new Error(`No route for ${req.method} ${url.pathname}`);
    const handler = await this.handlerOf(match.route);
    const result = await handler(this.event(req, url, match.route, match.pathParameters), lambdaContext(randomUUID(), 'bench'));
    return { status: result.statusCode ?? 200, text: result.body ?? '' };
  }

  /** Loads a route's handler ahead of timing. */
  async handlerOf(route: Route): Promise<Handler> {
    let handler = this.handlers.get(route);
    if (!handler) {
      handler = ((await import(join(projectRoot, route.handler))) as { handler: Handler }).handler;
      this.handlers.set(route, handler);
    }
    return handler;
  }

  private event(req: ApiRequest, url: URL, route: Route, pathParameters: Record<string, string>): APIGatewayProxyEventV2 {
    const body = payloadOf(req);
    return httpApiEvent({
      method: req.method,
      url,
      headers: {
        host: '127.0.0.1',
        'user-agent': 'bench',
        authorization: `Bearer ${this.key}`,
        ...(body === undefined ? {} : { 'content-type': body.type, 'content-length': String(Buffer.byteLength(body.payload)) }),
        ...req.headers,
      },
      body: Buffer.from(body?.payload ?? '', 'utf8'),
      requestId: randomUUID(),
      route,
      pathParameters,
    });
  }
}
