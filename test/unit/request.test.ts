import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http/errors';
import { MAX_BODY_BYTES, readJsonBody } from '../../lib/http/request';

const event = (body: string | undefined, contentType?: string) =>
  ({ body, isBase64Encoded: false, headers: contentType ? { 'content-type': contentType } : {} }) as unknown as APIGatewayProxyEventV2;

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.code}` : 'not an ApiError';
  }
};

describe('readJsonBody', () => {
  it('reads a JSON object sent as application/json, with or without a charset', () => {
    expect(readJsonBody(event('{"a":1}', 'application/json'))).toEqual({ a: 1 });
    expect(readJsonBody(event('{"a":1}', 'Application/JSON; charset=utf-8'))).toEqual({ a: 1 });
  });

  it('treats an empty body as absent', () => {
    expect(readJsonBody(event(undefined))).toBeUndefined();
    expect(readJsonBody(event(''))).toBeUndefined();
  });

  it('answers 415 before looking at size or syntax', () => {
    expect(codeOf(() => readJsonBody(event('x'.repeat(MAX_BODY_BYTES + 1), 'text/plain')))).toBe('415 UNSUPPORTED_MEDIA_TYPE');
    expect(codeOf(() => readJsonBody(event('{}')))).toBe('415 UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 for a body over 16 KiB, counted in bytes', () => {
    const justFits = `{"a":"${'x'.repeat(MAX_BODY_BYTES - 8)}"}`;
    expect(Buffer.byteLength(justFits)).toBe(MAX_BODY_BYTES);
    expect(readJsonBody(event(justFits, 'application/json'))).toBeDefined();
    const multiByte = `{"a":"${'é'.repeat(MAX_BODY_BYTES / 2)}"}`;
    expect(codeOf(() => readJsonBody(event(multiByte, 'application/json')))).toBe('413 PAYLOAD_TOO_LARGE');
  });

  it.each(['{', '[1,2]', '"text"', '42', 'null'])('answers 400 INVALID_JSON for %j', (body) => {
    expect(codeOf(() => readJsonBody(event(body, 'application/json')))).toBe('400 INVALID_JSON');
  });
});
