import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors';
import { ApiError } from '../../lib/http/errors';
import { readFormBody } from '../../lib/http/page/form-body';
import { MAX_BODY_BYTES } from '../../lib/http/request';

const FORM = 'application/x-www-form-urlencoded';

const event = (body: string | undefined, contentType: string | null = FORM, base64 = false) =>
  ({
    body: body !== undefined && base64 ? Buffer.from(body, 'utf8').toString('base64') : body,
    isBase64Encoded: base64,
    headers: contentType ? { 'content-type': contentType } : {},
  }) as unknown as APIGatewayProxyEventV2;

/** What reading the body throws, as the chain answers it: `415 UNSUPPORTED_MEDIA_TYPE`, or the fields a 400 names. */
function refusalOf(fn: () => unknown): string | readonly { field: string; message: string }[] | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.details;
    return error instanceof ApiError ? `${error.status} ${error.code}` : 'neither';
  }
}

describe("readFormBody: a page's form post", () => {
  it('reads each field as text: + and %20 are spaces, percent-escapes are UTF-8, a field without = is empty', () => {
    expect(readFormBody(event('card_number=4111+1111%201111+1111&name=Budi+%C3%A9&cvc='))).toEqual({
      card_number: '4111 1111 1111 1111',
      name: 'Budi é',
      cvc: '',
    });
    expect(readFormBody(event('agree'))).toEqual({ agree: '' });
  });

  it('reads UTF-8 sent without escapes, and a body API Gateway passed in base64, the same way', () => {
    expect(readFormBody(event('name=Budi é'))).toEqual({ name: 'Budi é' });
    expect(readFormBody(event('name=Budi+%C3%A9&exp_month=04', FORM, true))).toEqual({ name: 'Budi é', exp_month: '04' });
  });

  it('takes a charset parameter and any case of the media type, and treats an absent body as a form without fields', () => {
    expect(readFormBody(event('a=1', 'Application/X-WWW-Form-Urlencoded; charset=UTF-8'))).toEqual({ a: '1' });
    expect(readFormBody(event(undefined))).toEqual({});
    expect(readFormBody(event('', null))).toEqual({});
  });

  it('answers 415 for a body that is not a form, JSON included, before looking at its size', () => {
    expect(refusalOf(() => readFormBody(event('{"a":1}', 'application/json')))).toBe('415 UNSUPPORTED_MEDIA_TYPE');
    expect(refusalOf(() => readFormBody(event('a=1', null)))).toBe('415 UNSUPPORTED_MEDIA_TYPE');
    expect(refusalOf(() => readFormBody(event('x'.repeat(MAX_BODY_BYTES + 1), 'multipart/form-data; boundary=x')))).toBe('415 UNSUPPORTED_MEDIA_TYPE');
    expect(() => readFormBody(event('{}', 'application/json'))).toThrow(`Request body must be sent with Content-Type: ${FORM}`);
  });

  it('answers 413 for a form over 16 KiB as sent, counted in bytes', () => {
    const justFits = `a=${'x'.repeat(MAX_BODY_BYTES - 2)}`;
    expect(readFormBody(event(justFits)).a).toHaveLength(MAX_BODY_BYTES - 2);
    expect(refusalOf(() => readFormBody(event(`a=${'é'.repeat(MAX_BODY_BYTES / 2)}`)))).toBe('413 PAYLOAD_TOO_LARGE');
  });

  it('refuses with 400 each field whose name is not a plain field name, naming it', () => {
    expect(refusalOf(() => readFormBody(event('ok=1&Card=2&__proto__=3&a%5B%5D=4&9lives=5&=6')))).toEqual([
      { field: 'Card', message: 'is not a recognized field' },
      { field: '__proto__', message: 'is not a recognized field' },
      { field: 'a[]', message: 'is not a recognized field' },
      { field: '9lives', message: 'is not a recognized field' },
      { field: '', message: 'is not a recognized field' },
    ]);
    expect(refusalOf(() => readFormBody(event(`${'a'.repeat(65)}=1`)))).toEqual([{ field: 'a'.repeat(65), message: 'is not a recognized field' }]);
  });

  it('refuses a field sent twice, and an escape that is not UTF-8 or not an escape at all', () => {
    expect(refusalOf(() => readFormBody(event('outcome=settle&outcome=fail')))).toEqual([{ field: 'outcome', message: 'is sent more than once' }]);
    expect(refusalOf(() => readFormBody(event('name=100%&cvc=%FF')))).toEqual([
      { field: 'name', message: 'is not form-encoded text' },
      { field: 'cvc', message: 'is not form-encoded text' },
    ]);
    expect(refusalOf(() => readFormBody(event('%ZZ=1')))).toEqual([{ field: 'body', message: 'is not form-encoded text' }]);
  });
});
