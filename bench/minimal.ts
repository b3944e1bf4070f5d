import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { getItem } from '../lib/db/requests';
import type { Db } from '../lib/db/db';
import { keys } from '../lib/db/keys';
import type { StoredTransaction } from '../lib/payments/items';
import type { ApiRequest } from './client';

/**
 * The bench's minimal service (part 1, "HTTP/minimal"): a bare node:http server on 127.0.0.1 that
 * answers each request with only what any service of this API must do — read the body, look the
 * key up (one strongly consistent GetItem of its hash record, for an authenticated route) and make
 * the endpoint's own business calls — and a small JSON answer. No framework, no validation, no
 * rate limit, no clock: the yardstick for what the sandbox's design costs per request, beside the
 * floor that makes the sandbox's very calls ("HTTP/same-calls").
 */
export interface MinimalService {
  readonly baseUrl: string;
  /** The request `request` (as the endpoint gets it) to send to the minimal service so that it runs `work` after the key lookup. */
  request(request: ApiRequest, work: () => Promise<void>, authenticated: boolean): ApiRequest;
  close(): Promise<void>;
}

/**
 * A request the minimal service answers by itself, without a work header, as an ordinary service
 * would (what a load generator sends): after the key lookup, `answer` makes the route's calls and
 * returns the body to send.
 */
export type FixedRoutes = Readonly<Record<string, () => Promise<string>>>;

/**
 * The answer to a request whose path holds a parameter (a cancel's id): undefined for a request
 * it does not serve. Its work's result, when not a string, is answered with a small JSON body.
 */
export type RouteOf = (method: string, path: string) => (() => Promise<unknown>) | undefined;

/** The key of a fixed route: its method and its path as sent, query included (e.g. `GET /transactions?limit=20`). */
export const fixedRoute = (method: string, path: string) => `${method} ${path}`;

const WORK_HEADER = 'x-bench-work';
const ANSWER = JSON.stringify({ success: true, data: {} });

export async function startMinimalService(db: Db, keyHash: string, fixed: FixedRoutes = {}, routeOf?: RouteOf): Promise<MinimalService> {
  const pending = new Map<string, { work: () => Promise<unknown>; authenticated: boolean }>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const id = String(req.headers[WORK_HEADER]);
        // A client may send its base path's slash twice (`//transactions`): the route is the path below it.
        const path = String(req.url).replace(/^\/+/, '/');
        const answer = fixed[fixedRoute(String(req.method), path)] ?? routeOf?.(String(req.method), path);
        const job = answer ? { work: answer, authenticated: true } : pending.get(id);
        pending.delete(id);
        try {
          if (!job) throw new Error(`minimal service: no work ${id}`);
          // Read the body as its media type says: a page's form, or JSON.
          if (chunks.length > 0) {
            const text = Buffer.concat(chunks).toString('utf8');
            if (String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) new URLSearchParams(text);
            else JSON.parse(text);
          }
          if (job.authenticated) {
            const Item = await getItem(db, { Key: keys.apiKeyHash(keyHash), ConsistentRead: true });
            if (!Item) throw new Error('minimal service: the bench key is unknown');
          }
          const body = await job.work();
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(typeof body === 'string' ? body : ANSWER);
        } catch (error) {
          res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ success: false, error: String(error) }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    request(request, work, authenticated) {
      const id = randomUUID();
      pending.set(id, { work, authenticated });
      return { ...request, headers: { ...request.headers, [WORK_HEADER]: id } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The minimal service in a process of its own (bench/minimal-worker.ts, part 13): what it is told. */
export interface MinimalWorkerConfig {
  readonly dynamoEndpoint: string;
  readonly tableName: string;
  /** The hash of the key its requests carry (what its key lookup reads). */
  readonly keyHash: string;
  /** The client whose page of transactions it lists and whose transaction it reads. */
  readonly clientId: string;
  /** GET /payment/channels' body, as the sandbox answered it once. */
  readonly channels: string;
  /** The transaction GET /transaction/{id} reads. */
  readonly readOnlyId: string;
  /** The client the bench writes the copies to cancel for, and the stored transaction they copy. */
  readonly floorClientId: string;
  readonly template: StoredTransaction;
}

/** What the worker prints once it listens. */
export interface MinimalWorkerReady {
  readonly baseUrl: string;
}

/** The routes part 13 sends it, below its base URL (no API base path, as in part 1). */
export const MINIMAL_PATHS = {
  channels: '/payment/channels',
  list: '/transactions?limit=20',
  get: (id: string) => `/transaction/${id}`,
  cancel: (id: string) => `/transaction/${id}/cancel`,
} as const;
