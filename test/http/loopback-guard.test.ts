import { request } from 'node:http';
import { AdminCreateUserCommand, AdminDeleteUserCommand, AdminGetUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { identityClient } from '../../infra/local/identity-client';
import { freshEmail, newPerson } from '../support/sessions';

/**
 * What a web page can make the servers of `npm start` do (docs/security.md): a page of another site
 * that makes its name resolve to 127.0.0.1 (DNS rebinding) gets no answer of the API or the
 * identity emulator, and a browser reaches the emulator only from the dashboard's own origin, for
 * the calls a person makes without AWS credentials.
 */

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** One request with exactly these headers, `Host` included (fetch cannot set it), as a browser would send it. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const api = new URL(inject('baseUrl'));
const identity = new URL(inject('identityEndpoint'));
/** The dashboard's origin: the local API server's, where the page is served. */
const dashboardOrigin = api.origin;
const cognito = identityClient(inject('identityEndpoint'));
afterAll(() => cognito.destroy());

/** One call of the emulator's JSON API with the headers given (a browser's Origin, Sec-Fetch-*), as the page makes it. */
const identityCall = (action: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  raw(identity.href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`, ...headers },
    body: JSON.stringify(body),
  });

describe('the local API server', () => {
  it.each(['/openapi.json', '/dashboard', '/payment/channels'])('answers GET %s for another Host with 421 and nothing of the API', async (path) => {
    const answer = await raw(`${api.href}${path.slice(1)}`, { headers: { Host: `evil.example:${api.port}` } });
    expect(answer.status).toBe(421);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.text).toBe(`Misdirected Request: this server answers only Host 127.0.0.1:${api.port} (or localhost at the same port).\n`);
  });

  it('answers a Host without a port, or with another port, with 421 too', async () => {
    for (const host of ['evil.example', `127.0.0.1:${Number(api.port) + 1}`, `127.0.0.1.evil.example:${api.port}`]) {
      expect((await raw(`${api.href}/openapi.json`, { headers: { Host: host } })).status, host).toBe(421);
    }
  });

  it('answers its own address and localhost, at its port, in any case', async () => {
    for (const host of [`127.0.0.1:${api.port}`, `localhost:${api.port}`, `LocalHost:${api.port}`]) {
      const answer = await raw(`${api.href}/openapi.json`, { headers: { Host: host } });
      expect(answer.status, host).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ openapi: '3.1.0' });
    }
  });
});

describe('the identity emulator', () => {
  const jwks = () => `${identity.href}${inject('userPoolId')}/.well-known/jwks.json`;

  it('answers another Host with 421 and nothing of the emulator', async () => {
    const answer = await raw(jwks(), { headers: { Host: `evil.example:${identity.port}` } });
    expect(answer.status).toBe(421);
    expect(answer.text).toBe(`Misdirected Request: this server answers only Host 127.0.0.1:${identity.port} (or localhost at the same port).\n`);
    const call = await identityCall(
      'InitiateAuth',
      { ClientId: inject('userPoolClientId'), AuthFlow: 'USER_PASSWORD_AUTH' },
      { Host: `evil.example:${identity.port}` },
    );
    expect(call.status).toBe(421);
    expect((await raw(jwks())).status).toBe(200);
  });

  it("refuses another origin's CORS preflight, naming no origin", async () => {
    const answer = await raw(identity.href, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-amz-target' },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-headers']).toBeUndefined();
  });

  it("allows the dashboard's preflight, at 127.0.0.1 or localhost, naming that origin and never *", async () => {
    for (const origin of [dashboardOrigin, `http://localhost:${api.port}`]) {
      const answer = await raw(identity.href, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-amz-target' },
      });
      expect(answer.status, origin).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers['access-control-allow-methods']).toBe('POST');
      expect(answer.headers['access-control-allow-headers']).toBe('content-type,x-amz-target');
      expect(answer.headers.vary).toMatch(/\bOrigin\b/);
    }
  });

  it('refuses a call from another origin with 403 NotAuthorizedException, naming no origin', async () => {
    const person = await newPerson();
    const answer = await identityCall(
      'InitiateAuth',
      { ClientId: inject('userPoolClientId'), AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: person.email, PASSWORD: person.password } },
      { Origin: 'https://evil.example' },
    );
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(answer.text)).toEqual({
      __type: 'NotAuthorizedException',
      message: `The local identity service answers a browser only from the dashboard (${dashboardOrigin}).`,
    });
  });

  it("signs a person in from the dashboard's origin, and names that origin alone in the answer", async () => {
    const person = await newPerson();
    const answer = await identityCall(
      'InitiateAuth',
      { ClientId: inject('userPoolClientId'), AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: person.email, PASSWORD: person.password } },
      { Origin: dashboardOrigin, 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors' },
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).AuthenticationResult.AccessToken).toEqual(expect.any(String));
    expect(answer.headers['access-control-allow-origin']).toBe(dashboardOrigin);
  });

  it("refuses AdminCreateUser from a browser, even on the dashboard's origin, and makes no one", async () => {
    const email = freshEmail();
    const answer = await identityCall(
      'AdminCreateUser',
      { UserPoolId: inject('userPoolId'), Username: email, UserAttributes: [{ Name: 'email', Value: email }] },
      { Origin: dashboardOrigin },
    );
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toEqual({
      __type: 'NotAuthorizedException',
      message: 'AdminCreateUser needs AWS credentials: the local identity service does not run it for a browser.',
    });
    expect(answer.headers['access-control-allow-origin']).toBe(dashboardOrigin);
    await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: inject('userPoolId'), Username: email }))).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
  });

  it('refuses ListUsers from a browser however it says so: Origin, Sec-Fetch-Site or Sec-Fetch-Mode', async () => {
    const browsers: Record<string, string>[] = [{ Origin: dashboardOrigin }, { 'Sec-Fetch-Site': 'same-origin' }, { 'Sec-Fetch-Mode': 'navigate' }];
    for (const headers of browsers) {
      const answer = await identityCall('ListUsers', { UserPoolId: inject('userPoolId') }, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(answer.text).__type).toBe('NotAuthorizedException');
    }
  });

  it('runs AdminCreateUser and ListUsers for an AWS SDK client, which sends no Origin (the admin CLI, the tests)', async () => {
    const email = freshEmail();
    await cognito.send(new AdminCreateUserCommand({ UserPoolId: inject('userPoolId'), Username: email, MessageAction: 'SUPPRESS' }));
    try {
      const { Users } = await cognito.send(new ListUsersCommand({ UserPoolId: inject('userPoolId'), Filter: `email = "${email}"` }));
      expect(Users?.map((user) => user.Attributes?.find((a) => a.Name === 'email')?.Value)).toEqual([email]);
    } finally {
      await cognito.send(new AdminDeleteUserCommand({ UserPoolId: inject('userPoolId'), Username: email }));
    }
  });
});
