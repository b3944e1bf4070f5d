/**
 * A shop, as small as a shop can be, for the end-to-end test beside it: its server creates the
 * payment (the key never reaches the browser), sends the customer to the payment page, reads the
 * result from the API when the customer comes back, and takes the webhooks, verified.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ShopEvent {
  readonly type: string;
  readonly data: { readonly object: { readonly id: string; readonly status: string } };
}

export interface Shop {
  /** Where the shop answers, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** The webhooks the shop has received and verified, oldest first. */
  readonly events: ShopEvent[];
  close(): Promise<void>;
}

/** Starts the shop on a free port of 127.0.0.1 and registers its webhook endpoint with the sandbox. */
export async function startShop(sandbox: { baseUrl: string; key: string }): Promise<Shop> {
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${sandbox.key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: T; error?: unknown };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer.error)}`);
    return answer.data;
  };
  const events: ShopEvent[] = [];
  let webhook: Webhook | undefined;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop');
    const html = (status: number, body: string) =>
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Shop</title>${body}`);
    if (req.method === 'GET' && url.pathname === '/') {
      return html(200, '<h1>Your basket: IDR 150,000</h1><form method="post" action="/checkout"><button>Pay by card</button></form>');
    }
    if (req.method === 'POST' && url.pathname === '/checkout') {
      const created = await api<{ payment_url: string }>('POST', '/payment/create', {
        order_id: `ORDER-${randomUUID()}`,
        amount: 150000,
        payment_method: 'card',
        payment_channel: 'credit_card',
        customer: { name: 'Budi', email: 'budi@example.com' },
        return_url: `${shopUrl}/return`,
      });
      return res.writeHead(303, { location: created.payment_url }).end();
    }
    if (req.method === 'GET' && url.pathname === '/return') {
      // The query says which payment came back; its status is read from the API, never trusted from the URL.
      const transaction = await api<{ status: string; order_id: string }>(
        'GET',
        `/transaction/${encodeURIComponent(url.searchParams.get('transaction_id') ?? '')}`,
      );
      return html(200, `<h1>Thank you: payment ${transaction.status}</h1><p>Order ${transaction.order_id}</p>`);
    }
    if (req.method === 'POST' && url.pathname === '/webhooks') {
      const body = await text(req);
      try {
        events.push(webhook!.verify(body, req.headers as Record<string, string>) as ShopEvent);
      } catch {
        return res.writeHead(400).end();
      }
      return res.writeHead(204).end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoint = await api<{ id: string; secret: string }>('POST', '/webhook/endpoints', { url: `${shopUrl}/webhooks`, enabled_events: ['payment.settled'] });
  webhook = new Webhook(endpoint.secret);

  return {
    url: shopUrl,
    events,
    async close() {
      await api('DELETE', `/webhook/endpoints/${endpoint.id}`);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function text(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}
