import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { NO_TABLE } from '../../lib/db/access';
import { NotFoundError } from '../../lib/errors';
import { contract } from '../../lib/http/contract';
import { HTML_MEDIA_TYPE } from '../../lib/http/page/html';
import { pageEndpoint } from '../../lib/http/page/page-endpoint';
import { pageCsp, pageFace, pageHeaders } from '../../lib/http/page/page-face';
import { routes, type PageFace, type Route } from '../../lib/routes';

/** A page of a test's own: public, its errors as pages, its form posting back to itself. */
const testPage = {
  id: 'testPage',
  method: 'GET',
  path: '/test-page/{name}',
  handler: 'functions/test-page.ts',
  face: { kind: 'page', formAction: 'self', errors: 'page' },
  credential: { kind: 'none' },
  table: 'none',
  dynamodb: NO_TABLE,
  summary: 'A page for the tests',
} as const satisfies Route;

const testPageContract = contract({
  route: testPage,
  tag: 'Test',
  params: z.object({ name: z.string().check(z.regex(/^[a-z]+$/)) }),
  response: { status: 200, description: 'A page', schema: z.string(), example: '<!doctype html>' },
});

const invoke = (
  handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>,
  event: Partial<APIGatewayProxyEventV2>,
) => handler({ headers: {}, requestContext: { requestId: 'req-page-1' }, ...event } as APIGatewayProxyEventV2, { awsRequestId: 'req-page-1' } as Context);

describe("a page's headers", () => {
  it("give the dashboard exactly the policy it has always been served with: its own files, the identity service's origin, no form, no framing", () => {
    expect(pageCsp(routes.getDashboard.face, 'https://cognito-idp.eu-west-1.amazonaws.com')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(pageCsp(routes.getDashboard.face)).toContain("; connect-src 'self'; ");
  });

  it('let a page whose face says so post its forms to its own origin, and nowhere else', () => {
    const face: PageFace = { kind: 'page', formAction: 'self', errors: 'page' };
    expect(pageCsp(face)).toContain("; form-action 'self'; ");
    expect(pageCsp(face)).toContain("; connect-src 'self'; ");
  });

  it('keep a page whose path is its credential out of search engines and its token out of Referer headers', () => {
    const tokenPage = { face: testPage.face, credential: { kind: 'pathToken', param: 'token' } } as const;
    expect(pageHeaders(tokenPage)).toMatchObject({ 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex', 'X-Frame-Options': 'DENY' });
    expect(pageHeaders(testPage)).not.toHaveProperty('X-Robots-Tag');
    expect(pageHeaders(routes.getDashboard)).toEqual({
      'Content-Security-Policy': pageCsp(routes.getDashboard.face),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
  });

  it('refuse an origin to connect to for a page whose face names none', () => {
    expect(() => pageFace(testPage, 'https://elsewhere.example')).toThrow(/connects to no origin but its own/);
  });
});

describe('the page face', () => {
  const face = pageFace(testPage);

  it("answers the page with its own media type and caching over the headers every response carries, then the page's", () => {
    const response = face.answer({ statusCode: 200, body: '<p>hi</p>', headers: { 'Content-Type': HTML_MEDIA_TYPE, 'Cache-Control': 'no-cache' } }, 'req-1');
    expect(response).toEqual({
      statusCode: 200,
      headers: {
        'Content-Type': HTML_MEDIA_TYPE,
        'X-Request-Id': 'req-1',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        ...pageHeaders(testPage),
      },
      body: '<p>hi</p>',
    });
    expect(face.answer({ statusCode: 200, body: '', headers: { 'Content-Type': HTML_MEDIA_TYPE } }, 'req-1').headers!['Cache-Control']).toBe('no-store');
  });

  it('answers a known error as an HTML page with its status, its message escaped, never JSON', () => {
    const response = face.refuse(new NotFoundError('No <b>such</b> page'), 'req-2');
    expect(response.statusCode).toBe(404);
    expect(response.headers).toMatchObject({ 'Content-Type': HTML_MEDIA_TYPE, 'X-Request-Id': 'req-2', 'Cache-Control': 'no-store', ...pageHeaders(testPage) });
    expect(response.body).toContain('<h1>Page not found</h1>');
    expect(response.body).toContain('No &lt;b&gt;such&lt;/b&gt; page');
    expect(response.body).not.toMatch(/[{]"|<script|<style/);
  });

  it('answers an unexpected error as a 500 page that names the request id and nothing of the error', () => {
    const response = face.refuse(new Error('ProvisionedThroughputExceededException at lib/db/requests.ts:42'), 'req-3');
    expect(response.statusCode).toBe(500);
    expect(response.headers!['Content-Type']).toBe(HTML_MEDIA_TYPE);
    expect(response.body).toContain('An internal error occurred; request id req-3');
    expect(response.body).not.toMatch(/Provisioned|Exception|requests\.ts/);
  });

  it("answers the dashboard's errors as the envelope it has always answered, with the page's headers", () => {
    const response = pageFace(routes.getDashboard, 'https://id.example').refuse(new NotFoundError('The dashboard has no file x.js'), 'req-4');
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body as string)).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'The dashboard has no file x.js' } });
    expect(response.headers).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      'X-Request-Id': 'req-4',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...pageHeaders(routes.getDashboard, 'https://id.example'),
    });
  });
});

describe('a public page (pageEndpoint)', () => {
  const handler = pageEndpoint(testPageContract, ({ params, requestId }) => ({
    statusCode: 200,
    body: `<p>${params.name} ${requestId}</p>`,
    headers: { 'Content-Type': HTML_MEDIA_TYPE },
  }));

  it('runs its handler with its validated path and answers with its headers', async () => {
    const response = await invoke(handler, { pathParameters: { name: 'budi' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<p>budi req-page-1</p>');
    expect(response.headers).toMatchObject(pageHeaders(testPage));
  });

  it('refuses a query parameter it does not know, and a bad path, with one 400 page naming each', async () => {
    const response = await invoke(handler, { pathParameters: { name: 'B!' }, queryStringParameters: { key: 'sk_sbx_x' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers!['Content-Type']).toBe(HTML_MEDIA_TYPE);
    expect(response.body).toContain('<li><code>name</code>');
    expect(response.body).toContain('<li><code>key</code> is not a recognized query parameter</li>');
  });
});
