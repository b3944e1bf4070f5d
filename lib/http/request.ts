import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { InvalidJsonError, PayloadTooLargeError, UnsupportedMediaTypeError } from './errors';

/** Bodies are JSON objects of at most 16 KiB (docs/api.md §1). */
export const MAX_BODY_BYTES = 16 * 1024;

const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;.*)?$/i;

/** Reads a header case-insensitively (API Gateway lowercases them; be safe anyway). */
export function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/**
 * Reads the JSON object body in the contract's order: media type (415), size (413), JSON (400).
 * An absent body is `undefined`; the caller decides whether that is allowed.
 */
export function readJsonBody(event: APIGatewayProxyEventV2): Record<string, unknown> | undefined {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  if (!JSON_MEDIA_TYPE.test(header(event, 'content-type') ?? '')) throw new UnsupportedMediaTypeError();
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.byteLength > MAX_BODY_BYTES) throw new PayloadTooLargeError(MAX_BODY_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new InvalidJsonError('Request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new InvalidJsonError('Request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
