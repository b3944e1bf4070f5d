import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ValidationError, type FieldProblem } from '../../errors';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors';
import { header, MAX_BODY_BYTES } from '../request';

/** What a page's form is sent as (HTML's default for `<form method="post">`). */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

const FORM_CONTENT_TYPE = /^application\/x-www-form-urlencoded[ \t]*(;.*)?$/i;

/** A form field's name: what the page's own forms use (`card_number`, `exp_month`), nothing a browser would make up. */
const FIELD_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** One `%XX` escape; a `%` followed by anything else is no form encoding. */
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/**
 * Reads a page's form post, in the order of a JSON body (docs/api.md §2): media type (415 unless
 * `application/x-www-form-urlencoded`), size (413 over 16 KiB, counted in bytes as sent), then the
 * fields: each name a plain field name (lower-case letters, digits and `_`, starting with a letter;
 * at most 64) sent once, each value text (percent-encoded UTF-8, `+` for a space). Anything else is
 * 400 VALIDATION_ERROR naming each bad field. An absent body is a form without fields. The values
 * are strings: the route's body schema (a strict object) says which fields it takes.
 */
export function readFormBody(event: APIGatewayProxyEventV2): Record<string, string> {
  if (event.body === undefined || event.body === null || event.body === '') return {};
  if (!FORM_CONTENT_TYPE.test(header(event, 'content-type') ?? '')) throw new UnsupportedMediaTypeError(FORM_MEDIA_TYPE);
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.byteLength > MAX_BODY_BYTES) throw new PayloadTooLargeError(MAX_BODY_BYTES);
  const fields: Record<string, string> = {};
  const problems: FieldProblem[] = [];
  for (const pair of raw.toString('latin1').split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decode(at < 0 ? pair : pair.slice(0, at));
    const value = decode(at < 0 ? '' : pair.slice(at + 1));
    if (name === undefined || !FIELD_NAME.test(name)) {
      problems.push({ field: name ?? 'body', message: name === undefined ? 'is not form-encoded text' : 'is not a recognized field' });
    } else if (Object.hasOwn(fields, name)) {
      problems.push({ field: name, message: 'is sent more than once' });
    } else if (value === undefined) {
      problems.push({ field: name, message: 'is not form-encoded text' });
    } else fields[name] = value;
  }
  if (problems.length > 0) throw new ValidationError(problems);
  return fields;
}

/** One name or value as sent: `+` a space, `%XX` the bytes of UTF-8 text; undefined for a bad escape or bytes that are no UTF-8. */
function decode(encoded: string): string | undefined {
  if (BAD_ESCAPE.test(encoded)) return undefined;
  try {
    // The body was read as latin1, one character per byte: bytes sent unescaped are escaped first, so UTF-8 is decoded once.
    return decodeURIComponent(encoded.replace(/\+/g, ' ').replace(/[\u0080-\u00ff]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  } catch {
    return undefined;
  }
}
