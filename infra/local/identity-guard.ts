import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { admitHost, loopbackOrigins } from './loopback-guard';

/**
 * What a browser may ask of the identity emulator (infra/local/identity.ts; docs/security.md). The
 * emulator itself, `cognito-local`, answers `Access-Control-Allow-Origin: *` and runs every action
 * for whoever calls: any page a browser on this machine opens could list the people, make one or
 * set a password. Real Cognito runs an action without AWS credentials only when it is one a person
 * makes with a client id or their own token (SignUp, InitiateAuth, RevokeToken…); the others
 * (Admin*, ListUsers, CreateUserPool…) need a signed request, which no page can make. Locally
 * requests are not signed, so this listener, in front of the emulator's own:
 *
 * 1. answers only the emulator's own loopback Host (infra/local/loopback-guard.ts), else 421;
 * 2. refuses (403) any request whose `Origin` is not the dashboard's: the page is the one web
 *    client of the local identity service; a refused preflight names no origin, so a browser never
 *    sends the call;
 * 3. names the dashboard's origin, never `*`, in `Access-Control-Allow-Origin`, and only when the
 *    request carries it;
 * 4. refuses an action that needs AWS credentials when a browser sends it (an `Origin`, a
 *    `Sec-Fetch-Site` or a `Sec-Fetch-Mode` header), as Cognito refuses a caller it does not
 *    admit: 403 `NotAuthorizedException`. The AWS SDK clients of the admin CLI, `npm start` and the
 *    tests send none of these headers, and keep every action.
 *
 * Which actions need credentials is what the AWS SDK's own model of Cognito says: an operation it
 * sends unsigned (`smithy.api#noAuth`) is public, any other (one added later included) is not.
 */

export interface IdentityGuardOptions {
  /**
   * The origin of the page that signs people in here, the local API server's (`http://127.0.0.1:<port>`):
   * allowed from a browser at that address and at `localhost` on its port. None: no browser at all.
   */
  readonly dashboardOrigin?: string;
}

/** Cognito's JSON API names the action in `X-Amz-Target: AWSCognitoIdentityProviderService.<action>`. */
const actionOf = (req: IncomingMessage): string | undefined => {
  const target = req.headers['x-amz-target'];
  return typeof target === 'string' ? target.split('.')[1] : undefined;
};

let provider: CognitoIdentityProviderClient['config']['httpAuthSchemeProvider'] | undefined;

/** How the AWS SDK authenticates each operation of the Cognito user pools API: its model, read on first use. */
function authSchemesOf(operation: string): string[] {
  if (!provider) {
    const client = new CognitoIdentityProviderClient({ region: 'local' });
    provider = client.config.httpAuthSchemeProvider;
    client.destroy();
  }
  return provider({ operation, region: 'local' }).map((option) => option.schemeId);
}

/** Whether Cognito runs `action` without AWS credentials: with a client id, a code or a person's own token only. */
const isPublicAction = (action: string): boolean => authSchemesOf(action).includes('smithy.api#noAuth');

/** A browser says so: it sends `Origin` on every cross-origin call, and `Sec-Fetch-*` on every request. */
const fromBrowser = (req: IncomingMessage): boolean =>
  req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined || req.headers['sec-fetch-mode'] !== undefined;

/** A refusal in Cognito's shape: its JSON protocol's content type, the error's `__type` and message. */
function refuse(res: ServerResponse, message: string, corsOrigin?: string): void {
  const body = JSON.stringify({ __type: 'NotAuthorizedException', message });
  res.writeHead(403, {
    'Content-Type': 'application/x-amz-json-1.1',
    'Content-Length': Buffer.byteLength(body),
    Vary: 'Origin',
    ...(corsOrigin ? { 'Access-Control-Allow-Origin': corsOrigin } : {}),
  });
  res.end(body);
}

/** The emulator's request listener, behind the rules above. */
function guardIdentity(emulator: RequestListener, options: IdentityGuardOptions): RequestListener {
  const allowed = new Set(options.dashboardOrigin ? loopbackOrigins(Number(new URL(options.dashboardOrigin).port)) : []);
  return (req, res) => {
    if (!admitHost(req, res)) return;
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) {
      refuse(res, `The local identity service answers a browser only from the dashboard (${options.dashboardOrigin ?? 'none here'}).`);
      return;
    }
    if (req.method === 'OPTIONS' && origin !== undefined && req.headers['access-control-request-method'] !== undefined) {
      const requested = req.headers['access-control-request-headers'];
      res.writeHead(204, {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Methods': 'POST',
        ...(requested ? { 'Access-Control-Allow-Headers': requested } : {}),
        Vary: 'Origin, Access-Control-Request-Headers',
        'Content-Length': '0',
      });
      res.end();
      return;
    }
    const action = actionOf(req);
    if (fromBrowser(req) && action !== undefined && !isPublicAction(action)) {
      refuse(res, `${action} needs AWS credentials: the local identity service does not run it for a browser.`, origin);
      return;
    }
    // The emulator's CORS middleware says `*` on every answer: it is made to say this request's allowed origin, or nothing.
    const setHeader = res.setHeader.bind(res);
    res.setHeader = ((name: string, value: number | string | readonly string[]) => {
      if (name.toLowerCase() !== 'access-control-allow-origin') return setHeader(name, value);
      if (origin === undefined) return res;
      res.appendHeader('Vary', 'Origin');
      return setHeader(name, origin);
    }) as typeof res.setHeader;
    emulator(req, res);
  };
}

/** Serves the emulator's listener, guarded, on 127.0.0.1:`port`. */
export function serveIdentity(emulator: RequestListener, port: number, options: IdentityGuardOptions): Promise<Server> {
  const server = createServer(guardIdentity(emulator, options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
