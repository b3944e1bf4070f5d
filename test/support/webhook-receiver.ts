import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { idTime } from '../../lib/ids';
import { REORDER_WINDOW_MS } from '../../lib/webhooks/delivery-plan';

/**
 * A webhook receiver on 127.0.0.1 and a random port, as a developer would run next to `npm start`.
 * It keeps every request it gets, and answers each as `answer` says: a status, or `hang` (never
 * answers, so the sender's timeout ends the attempt); a promise of one holds the answer until then.
 */

export interface Received {
  readonly headers: IncomingHttpHeaders;
  /** The body exactly as sent (what the signature covers). */
  readonly body: string;
  readonly method: string;
  readonly path: string;
}

export type Answer = number | 'hang';

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Waits until `count` requests (matching `which`, if given) have arrived; fails after `timeoutMs`. */
  waitFor(count: number, options?: { which?: (r: Received) => boolean; timeoutMs?: number }): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(answer: (nth: number, request: Received) => Answer | Promise<Answer> = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const waiting = new Set<() => void>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request: Received = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        method: req.method ?? '',
        path: req.url ?? '',
      };
      received.push(request);
      for (const wake of waiting) wake();
      const status = await answer(received.length, request);
      if (res.destroyed) return; // the sender gave up, or the receiver closed, while the answer was held
      if (status === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    waitFor: (count, options = {}) =>
      new Promise<Received[]>((resolve, reject) => {
        const matching = () => received.filter(options.which ?? (() => true));
        const check = () => {
          if (matching().length < count) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(matching());
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`expected ${count} webhook requests, got ${matching().length} within ${options.timeoutMs ?? 10_000} ms`));
        }, options.timeoutMs ?? 10_000);
        waiting.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Verifies a received request with the standardwebhooks library (the reference implementation
 * of the specification, which no one here wrote) and returns the payload it verified; throws when
 * the signature, the id or the timestamp does not hold.
 */
export function verified(secret: string, request: Received): unknown {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(request.body, headers);
}

/** The event id a received request carries (its `webhook-id`). */
export const webhookIdOf = (request: Received): string => String(request.headers['webhook-id']);

/**
 * What chaos `reverse_order` promises of the order a create and its settle arrive in (docs/api.md
 * §17), each sent `copies` times: recorded within the window's 2 s of each other, one window sends
 * the settle and its copies, then the create and its copies. Recorded further apart (a test cannot
 * choose: on a loaded machine the simulate that records the settle can come more than 2 s after the
 * create), they are two windows, each made by its own worker when it falls due, and the contract
 * promises no order between them: with the stream behind, both fall due together and their requests
 * interleave. Then only what arrived is compared. `arrived` is the types in the order they came;
 * `expect(actual, apart).toEqual(expected)` holds when the promise does, `apart` saying how far apart they were recorded.
 */
export function reverseOrderPromise(
  arrived: readonly string[],
  createdId: string,
  settledId: string,
  copies = 1,
): { actual: string[]; expected: string[]; apart: string } {
  const apartMs = idTime(settledId).getTime() - idTime(createdId).getTime();
  const apart = `recorded ${apartMs} ms apart`;
  const within = apartMs <= REORDER_WINDOW_MS;
  const expected = ['payment.settled', 'payment.created'].flatMap((type) => Array<string>(copies).fill(type));
  return within ? { actual: [...arrived], expected, apart } : { actual: [...arrived].sort(), expected: expected.sort(), apart };
}
