import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { API_BASE_PATH, type Route } from '../../lib/routes';

/** HTTP API's integration timeout, which handlers see as their remaining time. */
const INTEGRATION_TIMEOUT_MS = 29_000;

export interface HttpRequestParts {
  readonly method: string;
  readonly url: URL;
  /** Header names in any case; values as Node gives them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  readonly requestId: string;
  readonly sourceIp?: string;
  readonly httpVersion?: string;
  /** The matched route and its path parameters; none for the `$default` route. */
  readonly route?: Route;
  readonly pathParameters?: Record<string, string>;
}

/**
 * The API Gateway HTTP API (payload 2.0) event that Lambda would receive for this request: headers
 * lowercased, repeated query parameters joined by commas, path parameters decoded, non-UTF-8
 * bodies base64-encoded. Used by the local server and the benchmark alike.
 */
export function httpApiEvent(request: HttpRequestParts): APIGatewayProxyEventV2 {
  const { url, body, route, pathParameters } = request;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  // A Map, then fromEntries: `__proto__` and `constructor` stay own parameters, as in the JSON event
  // Lambda parses, instead of hitting Object.prototype.
  const query = new Map<string, string>();
  for (const [name, value] of url.searchParams) query.set(name, query.has(name) ? `${query.get(name)},${value}` : value);
  const now = new Date();
  const routeKey = route ? `${route.method} ${API_BASE_PATH}${route.path}` : '$default';
  const isText = body.length === 0 || isUtf8(body);
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: query.size > 0 ? Object.fromEntries(query) : undefined,
    pathParameters: pathParameters && Object.keys(pathParameters).length > 0 ? decodeAll(pathParameters) : undefined,
    body: body.length > 0 ? body.toString(isText ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion ?? '1.1'}`,
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: request.requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

function isUtf8(buffer: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
}

function decodeAll(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      decoded[name] = value;
    }
  }
  return decoded;
}

/** A Lambda context with HTTP API's remaining time, or the function's own timeout when it is not behind the API. */
export function lambdaContext(requestId: string, functionName: string, timeoutMs = INTEGRATION_TIMEOUT_MS): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
