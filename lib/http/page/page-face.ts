import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { PageFace, RouteCredential } from '../../routes';
import type { FieldError } from '../envelope';
import { baseHeaders, toHttpResponse } from '../http-response';
import { errorResult } from '../respond';
import type { Responder } from '../responder';
import { escapeHtml, HTML_MEDIA_TYPE } from './html';

/** What a page's handler answers: HTML, or one of the page's own files, with its media type and any header of its own. */
export interface PageResult {
  readonly statusCode: number;
  readonly body: string;
  /** Its `Content-Type`, and what else it says of itself: a `Cache-Control` for a file a browser may keep, a `Location`. */
  readonly headers: { readonly 'Content-Type': string } & Readonly<Record<string, string>>;
  /** What this answer's policy allows beyond its face's: see PolicyAdditions. */
  readonly policy?: PolicyAdditions;
}

/**
 * What one answer of a page may allow beyond its face's policy, for what that answer holds: the
 * origins its forms' posts may be redirected to (a browser checks `form-action` on every redirect
 * of a form's post, so a page whose action sends the browser back to a shop names the shop's
 * origin), and the hashes (`sha256-…`) of its own inline style sheets.
 */
export interface PolicyAdditions {
  readonly formTargets?: readonly string[];
  readonly styleHashes?: readonly string[];
}

/** A page route's declaration, as its face reads it. */
interface PageRoute {
  readonly face: PageFace;
  readonly credential: RouteCredential;
}

/**
 * A page's Content-Security-Policy (STYLE.md, "Pages are routes with a stricter face"): its own
 * script, style sheet and images only, no inline code, no plugin, no framing, no `<base>`; it talks
 * to its own origin, and to `connectOrigin` when its face says it connects there (the dashboard:
 * the identity service); its forms post nowhere, or to its own origin when its face says so.
 * `additions` are what one answer allows beyond that: the origins its forms' posts may be
 * redirected to, and its own inline style sheets by hash (PolicyAdditions; decision 0251).
 */
export function pageCsp(face: PageFace, connectOrigin?: string, additions: PolicyAdditions = {}): string {
  const { formTargets = [], styleHashes = [] } = additions;
  if (formTargets.length > 0 && face.formAction !== 'self') throw new Error('A page whose forms post nowhere has no form target either');
  return [
    "default-src 'none'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' '),
    "img-src 'self' data:",
    connectOrigin ? `connect-src 'self' ${connectOrigin}` : "connect-src 'self'",
    "base-uri 'none'",
    `form-action ${face.formAction === 'self' ? ["'self'", ...formTargets].join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers of every response of a page, success or error, over those every response carries: its
 * policy, no sniffing, no referrer (a path's token must not leak to another site), no framing, its
 * own browsing context; and, for a page whose path is its credential, no search engine either.
 */
export function pageHeaders(route: PageRoute, connectOrigin?: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': pageCsp(route.face, connectOrigin),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(route.credential.kind === 'pathToken' && { 'X-Robots-Tag': 'noindex' }),
  };
}

/**
 * The page face's responder: the handler's page or file with the page's headers, and an error as an
 * HTML error page with its status (never JSON, never a stack: an unexpected error is a 500 that
 * names the request id, its detail in the log), or, for a page whose face says so (the dashboard),
 * as the JSON envelope with the page's headers. `connectOrigin` is where its face connects.
 */
export function pageFace(route: PageRoute, connectOrigin?: string): Responder<PageResult> {
  if (connectOrigin !== undefined && !route.face.connects)
    throw new Error('A page connects to no origin but its own unless its face says where (lib/routes.ts)');
  const headers = pageHeaders(route, connectOrigin);
  const withPageHeaders = (response: APIGatewayProxyStructuredResultV2) => ({ ...response, headers: { ...response.headers, ...headers } });
  return {
    answer: (result, requestId) => ({
      statusCode: result.statusCode,
      headers: {
        ...baseHeaders(result.headers['Content-Type'], requestId),
        ...result.headers,
        ...headers,
        ...(result.policy && { 'Content-Security-Policy': pageCsp(route.face, connectOrigin, result.policy) }),
      },
      body: result.body,
    }),
    refuse: (error, requestId) => {
      const refusal = errorResult(error, requestId);
      if (route.face.errors === 'envelope') return withPageHeaders(toHttpResponse(refusal, requestId));
      const { code, message, details } = (refusal.body as { error: { code: string; message: string; details?: readonly FieldError[] } }).error;
      return {
        statusCode: refusal.statusCode,
        headers: { ...baseHeaders(HTML_MEDIA_TYPE, requestId), ...refusal.headers, ...headers },
        body: errorPage(refusal.statusCode, code, message, details, requestId),
      };
    },
  };
}

/** What an error page's heading says, by status; any other is "Something went wrong". */
const HEADINGS: Readonly<Record<number, string>> = {
  400: 'This request cannot be taken',
  403: 'Not allowed',
  404: 'Page not found',
  405: 'Not allowed',
  409: 'Already changed',
  413: 'Too much was sent',
  415: 'This request cannot be taken',
  429: 'Too many requests',
  503: 'Unavailable for the moment',
};

/**
 * A page's error, for a person: the status, the contract's code and message (which never hold a
 * stack or an AWS error: lib/http/respond.ts), each bad field, and the request id to quote. Plain
 * HTML with nothing to load or run, so the page's policy holds for it too.
 */
function errorPage(status: number, code: string, message: string, details: readonly FieldError[] | undefined, requestId: string): string {
  const heading = HEADINGS[status] ?? 'Something went wrong';
  const fields = details?.length
    ? `\n<ul>\n${details.map((d) => `<li><code>${escapeHtml(d.field)}</code> ${escapeHtml(d.message)}</li>`).join('\n')}\n</ul>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${status} ${escapeHtml(heading)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(message)}</p>${fields}
<p><small>${status} ${escapeHtml(code)} · request id <code>${escapeHtml(requestId)}</code></small></p>
</main>
</body>
</html>
`;
}
