import { describe, expect, it } from 'vitest';
import { isJsonMediaType, parseContentType } from '../src/core/http/content-type.js';
import { parseBody, type BodyInput, type ParsedBody } from '../src/core/pipeline/body.js';
import { RestError } from '../src/core/errors/rest-error.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

function parsed(input: BodyInput): ParsedBody {
  const result = parseBody(input);
  if (result instanceof RestError) throw new Error(`unexpected ${result.code}: ${JSON.stringify(result.data)}`);
  return result;
}

function jsonError(body: Uint8Array | string, contentType = 'application/json'): unknown {
  const result = parseBody({ method: 'POST', contentType, body });
  if (!(result instanceof RestError)) throw new Error('expected rest_invalid_json');
  return result.toJSON();
}

function jsonErrorCode(body: Uint8Array | string): unknown {
  return (jsonError(body) as { data: { json_error_code: number } }).data.json_error_code;
}

function multipart(parts: string[], boundary = 'XyZ', eol = '\r\n'): string {
  return parts.map((part) => `--${boundary}${eol}${part}${eol}`).join('') + `--${boundary}--${eol}`;
}

const field = (name: string, value: string, eol = '\r\n') => `Content-Disposition: form-data; name="${name}"${eol}${eol}${value}`;

describe('parseContentType', () => {
  it("returns get_content_type()'s value, halves and raw parameters", () => {
    expect(parseContentType('Application/JSON; Charset=UTF-8')).toEqual({
      value: 'application/json',
      type: 'application',
      subtype: 'json',
      parameters: 'Charset=UTF-8',
    });
    expect(parseContentType('application/x-www-form-urlencoded')).toEqual({
      value: 'application/x-www-form-urlencoded',
      type: 'application',
      subtype: 'x-www-form-urlencoded',
      parameters: '',
    });
  });

  it('is null without a header, for an empty one and without a slash', () => {
    expect(parseContentType(undefined)).toBeNull();
    expect(parseContentType('')).toBeNull();
    expect(parseContentType('json')).toBeNull();
  });
});

describe('isJsonMediaType', () => {
  it('accepts application/json and +json types in any case', () => {
    for (const type of [
      'application/json',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'application/json+oembed',
      'application/++json',
      'text/html, application/json',
    ]) {
      expect(isJsonMediaType(type), type).toBe(true);
    }
  });

  it('rejects other types', () => {
    for (const type of ['text/plain', 'application/jsonp', 'application/x-json', 'application/+json', 'xapplication/json', 'text/json']) {
      expect(isJsonMediaType(type), type).toBe(false);
    }
  });

  // A quadratic reading of these headers takes minutes; a linear one milliseconds: the test's own
  // time limit catches the first without asserting a timing that a loaded machine may miss.
  it('stays linear on crafted headers', { timeout: 30_000 }, () => {
    expect(isJsonMediaType(',application/'.repeat(20_000))).toBe(false);
    expect(isJsonMediaType(`application/${'+'.repeat(200_000)}x`)).toBe(false);
  });
});

describe('parseBody: JSON', () => {
  it("invalid JSON answers WordPress's rest_invalid_json (posts-create-invalid-json-unauth)", () => {
    const result = parseBody({ method: 'POST', contentType: 'application/json', body: '{bad' });
    expect(result).toBeInstanceOf(RestError);
    expect((result as RestError).status).toBe(400);
    expect((result as RestError).toJSON()).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
  });

  it('parses JSON for application/json, with a charset, and for +json types (sources-post-json-and-query)', () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json']) {
      expect(parsed({ method: 'POST', contentType, body: '{"a":2,"b":2}' }).json).toEqual({ a: 2, b: 2 });
    }
  });

  it('reads bytes as UTF-8 and strings as they are', () => {
    expect(parsed({ method: 'POST', contentType: 'application/json', body: bytes('{"t":"é✓"}') }).json).toEqual({ t: 'é✓' });
  });

  it('does not parse JSON for text/plain or without a Content-Type (args-json-text-plain-default, args-json-no-content-type)', () => {
    const body = '{"req":"x","count":2}';
    expect(parsed({ method: 'POST', contentType: 'text/plain;charset=UTF-8', body })).toEqual({
      json: undefined,
      form: {},
      contentType: { value: 'text/plain', type: 'text', subtype: 'plain', parameters: 'charset=UTF-8' },
    });
    expect(parsed({ method: 'POST', contentType: undefined, body })).toEqual({ json: undefined, form: {}, contentType: null });
  });

  it('an empty body (or "0", PHP\'s empty()) with a JSON type is no JSON, not an error', () => {
    expect(parsed({ method: 'POST', contentType: 'application/json', body: '' }).json).toBeUndefined();
    expect(parsed({ method: 'POST', contentType: 'application/json', body: undefined }).json).toBeUndefined();
    expect(parsed({ method: 'POST', contentType: 'application/json', body: '0' }).json).toBeUndefined();
  });

  it('a whitespace-only JSON body is a syntax error', () => {
    expect(jsonErrorCode('  \n')).toBe(4);
  });

  it('keeps a literal null and top-level scalars', () => {
    expect(parsed({ method: 'POST', contentType: 'application/json', body: 'null' }).json).toBeNull();
    expect(parsed({ method: 'POST', contentType: 'application/json', body: ' 5 ' }).json).toBe(5);
  });

  it('reads JSON for DELETE and GET as well (sources-delete-json)', () => {
    expect(parsed({ method: 'DELETE', contentType: 'application/json', body: '{"a":6}' }).json).toEqual({ a: 6 });
    expect(parsed({ method: 'GET', contentType: 'application/json', body: '{"a":6}' })).toEqual({
      json: { a: 6 },
      form: {},
      contentType: { value: 'application/json', type: 'application', subtype: 'json', parameters: '' },
    });
    expect(parseBody({ method: 'GET', contentType: 'application/json', body: '[' })).toBeInstanceOf(RestError);
  });

  it('__proto__ in JSON is an own key and pollutes nothing', () => {
    const json = parsed({
      method: 'POST',
      contentType: 'application/json',
      body: '{"__proto__":{"polluted":1},"a":{"__proto__":{"polluted":2}},"constructor":{"prototype":{"polluted":3}}}',
    }).json as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
    expect(Object.keys(json)).toEqual(['__proto__', 'a', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(json, '__proto__')?.value).toEqual({ polluted: 1 });
  });

  it("answers PHP's json_last_error() code and message for each kind of failure", () => {
    expect(jsonError('[1}')).toMatchObject({
      data: { json_error_code: 2, json_error_message: 'State mismatch (invalid or malformed JSON)' },
    });
    expect(jsonError('"abc')).toMatchObject({
      data: { json_error_code: 3, json_error_message: 'Control character error, possibly incorrectly encoded' },
    });
    expect(jsonError(new Uint8Array([0x22, 0xff, 0x22]))).toMatchObject({
      data: { json_error_code: 5, json_error_message: 'Malformed UTF-8 characters, possibly incorrectly encoded' },
    });
    expect(jsonError('["\\ud800"]')).toMatchObject({
      data: { json_error_code: 10, json_error_message: 'Single unpaired UTF-16 surrogate in unicode escape' },
    });
    expect(jsonErrorCode('{"a":1]')).toBe(2);
    expect(jsonErrorCode('{"a":"x\ty"}')).toBe(3);
    expect(jsonErrorCode('[1]\0')).toBe(3);
    expect(jsonErrorCode(new Uint8Array([0x5b, 0xc3, 0x5d]))).toBe(5);
    expect(jsonErrorCode(bytes('[é]'))).toBe(4);
    expect(jsonErrorCode('["\\udc00"]')).toBe(10);
    expect(jsonErrorCode('["\\ud800\\u0041"]')).toBe(10);
    expect(jsonErrorCode('["\\x"]')).toBe(4);
    expect(jsonErrorCode('[1,]')).toBe(4);
    expect(jsonErrorCode('{"a" 1}')).toBe(4);
    expect(jsonErrorCode('01')).toBe(4);
    expect(jsonErrorCode('TRUE')).toBe(4);
    expect(jsonErrorCode('\ufeff{}')).toBe(4);
  });

  it('accepts what PHP accepts, including escaped surrogate pairs', () => {
    expect(parsed({ method: 'POST', contentType: 'application/json', body: '["\\ud83d\\ude00",-0.5e+3,true,null,{}]' }).json).toEqual([
      '😀',
      -500,
      true,
      null,
      {},
    ]);
  });

  it("allows 511 nested containers and answers the depth error at 512, as PHP's depth 512", () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(parsed({ method: 'POST', contentType: 'application/json', body: nested(511) }).json).toBeDefined();
    expect(jsonError(nested(512))).toMatchObject({
      data: { json_error_code: 1, json_error_message: 'Maximum stack depth exceeded' },
    });
    expect(jsonErrorCode('['.repeat(100_000))).toBe(1);
  });
});

describe('parseBody: urlencoded bodies', () => {
  const urlencoded = 'application/x-www-form-urlencoded';

  it('POST form fields are body params with PHP key rules (args-form, sources-post-form-and-query)', () => {
    expect(parsed({ method: 'POST', contentType: urlencoded, body: 'req=x&count=5&tags[]=a&tags[]=b&flag=1' })).toEqual({
      json: undefined,
      form: { req: 'x', count: '5', tags: ['a', 'b'], flag: '1' },
      contentType: { value: urlencoded, type: 'application', subtype: 'x-www-form-urlencoded', parameters: '' },
    });
    expect(parsed({ method: 'POST', contentType: `${urlencoded}; charset=UTF-8`, body: bytes('a=3&b=3') }).form).toEqual({
      a: '3',
      b: '3',
    });
  });

  it('nested batch requests arrive as arrays (batch-form-encoded)', () => {
    const body = 'requests[0][path]=/echo/v1/batchable&requests[0][body][n]=2&requests[0][body][label]=form';
    expect(parsed({ method: 'POST', contentType: urlencoded, body }).form).toEqual({
      requests: [{ path: '/echo/v1/batchable', body: { n: '2', label: 'form' } }],
    });
  });

  it('a POST form without Content-Type has no params (args-form-no-content-type)', () => {
    expect(parsed({ method: 'POST', contentType: undefined, body: 'req=x&count=2' }).form).toEqual({});
  });

  it('PUT, PATCH and DELETE urlencoded bodies are parsed (sources-put-form)', () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      expect(parsed({ method, contentType: urlencoded, body: 'a=4&b=4' }).form).toEqual({ a: '4', b: '4' });
    }
  });

  it('a PUT body without Content-Type is read as urlencoded, as parse_body_params() does', () => {
    expect(parsed({ method: 'PUT', contentType: undefined, body: 'a=1' }).form).toEqual({ a: '1' });
    expect(parsed({ method: 'PUT', contentType: undefined, body: '{"a":1}' }).form).toEqual({ '{"a":1}': '' });
  });

  it('a PUT body renumbers integer keys, as array_merge() does', () => {
    expect(parsed({ method: 'PUT', contentType: urlencoded, body: '5=a&x=b' }).form).toEqual({ 0: 'a', x: 'b' });
  });

  it('GET, HEAD and OPTIONS have no body params', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(parsed({ method, contentType: urlencoded, body: 'a=1' }).form).toEqual({});
    }
  });

  it('a POST overridden to DELETE keeps its form fields', () => {
    expect(parsed({ method: 'DELETE', httpMethod: 'POST', contentType: urlencoded, body: 'a=1&b[]=2' }).form).toEqual({ a: '1', b: ['2'] });
  });

  it('a PUT overridden to POST has no form fields: PHP reads $_POST for a real POST only', () => {
    expect(parsed({ method: 'POST', httpMethod: 'PUT', contentType: urlencoded, body: 'a=1' }).form).toEqual({});
  });

  it('a POST body of "0" still reaches $_POST, though WordPress calls it empty', () => {
    expect(parsed({ method: 'POST', contentType: urlencoded, body: '0' }).form).toEqual({ 0: '' });
    expect(parsed({ method: 'PUT', contentType: urlencoded, body: '0' }).form).toEqual({});
  });

  it('turns bytes that are not UTF-8 into U+FFFD', () => {
    expect(parsed({ method: 'POST', contentType: urlencoded, body: new Uint8Array([0x61, 0x3d, 0xff]) }).form).toEqual({ a: '\uFFFD' });
  });

  it('prototype keys in a form cannot pollute Object.prototype', () => {
    const { form } = parsed({ method: 'POST', contentType: urlencoded, body: '__proto__[polluted]=1&constructor[prototype][polluted]=1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(form, '__proto__')?.value).toEqual({ polluted: '1' });
  });
});

describe('parseBody: multipart bodies', () => {
  const type = 'multipart/form-data; boundary=XyZ';

  it('multipart/form-data text fields are body params with PHP key rules', () => {
    const body = multipart([field('title', 'Hello\r\nworld'), field('tags[]', 'a'), field('tags[]', 'b'), field('a.b', 'é')]);
    expect(parsed({ method: 'POST', contentType: type, body: bytes(body) }).form).toEqual({
      title: 'Hello\r\nworld',
      tags: ['a', 'b'],
      a_b: 'é',
    });
  });

  it('multipart file parts are not params', () => {
    const body = multipart([
      'Content-Disposition: form-data; name="upload"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile body',
      'Content-Disposition: form-data; name="empty"; filename=""\r\n\r\n',
      field('kept', '1'),
    ]);
    expect(parsed({ method: 'POST', contentType: type, body }).form).toEqual({ kept: '1' });
  });

  it('a text field named like an earlier upload is dropped, as PHP protects $_FILES names', () => {
    const body = multipart([
      'Content-Disposition: form-data; name="doc"; filename="a.txt"\r\n\r\nx',
      field('doc', 'text'),
      field('doc[tmp_name]', '/etc/passwd'),
      field('other', 'y'),
    ]);
    expect(parsed({ method: 'POST', contentType: type, body }).form).toEqual({ other: 'y' });
  });

  it('reads quoted names with escapes, bare names, and case-insensitive headers', () => {
    const body = multipart([
      'content-disposition: form-data; name="say \\"hi\\""\r\n\r\n1',
      'CONTENT-DISPOSITION: form-data; NAME=bare\r\n\r\n2',
      "Content-Disposition: form-data; name='single'\r\n\r\n3",
      'Content-Disposition: form-data;\r\n name="folded"\r\n\r\n4',
    ]);
    expect(parsed({ method: 'POST', contentType: type, body }).form).toEqual({ 'say_"hi"': '1', bare: '2', single: '3', folded: '4' });
  });

  it('accepts LF-only line endings and a quoted boundary with parameters after it', () => {
    const body = multipart([field('a', '1', '\n'), field('b', '2', '\n')], 'q r', '\n');
    expect(parsed({ method: 'POST', contentType: 'Multipart/Form-Data; boundary="q r"; charset=utf-8', body }).form).toEqual({
      a: '1',
      b: '2',
    });
  });

  it('normalizes field names as PHP does before registering them', () => {
    const body = multipart([field(' a[ x]junk', '1'), field('b[\t]', '2')]);
    expect(parsed({ method: 'POST', contentType: type, body }).form).toEqual({ a: { x: '1' }, b: ['2'] });
  });

  it('skips parts without Content-Disposition and stops at one with neither name nor filename', () => {
    const body = multipart([
      'Content-Type: text/plain\r\n\r\nno disposition',
      field('a', '1'),
      'Content-Disposition: form-data\r\n\r\n?',
      field('b', '2'),
    ]);
    expect(parsed({ method: 'POST', contentType: type, body }).form).toEqual({ a: '1' });
  });

  it('malformed multipart yields what PHP could read, never a crash', () => {
    const post = (contentType: string, body: string) => parsed({ method: 'POST', contentType, body }).form;
    expect(post('multipart/form-data', multipart([field('a', '1')]))).toEqual({});
    expect(post('multipart/form-data; boundary="open', multipart([field('a', '1')]))).toEqual({});
    expect(post(type, 'garbage without boundaries')).toEqual({});
    expect(post(type, '--XyZ\r\nContent-Disposition: form-data; name="a"')).toEqual({});
    expect(post(type, '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated')).toEqual({ a: 'unterminated' });
    expect(post(type, '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue\r\n--Xy')).toEqual({ a: 'value' });
    expect(post(type, `--XyZ\r\n${'\r\n'.repeat(3)}`)).toEqual({});
  });

  it('a PUT multipart body has no params: parse_body_params() reads urlencoded only', () => {
    const body = multipart([field('a', '1')]);
    expect(parsed({ method: 'PUT', contentType: type, body }).form).toEqual({});
  });

  it("a multipart POST overridden to PUT keeps PHP's $_POST", () => {
    const body = multipart([field('a', '1')]);
    expect(parsed({ method: 'PUT', httpMethod: 'POST', contentType: type, body }).form).toEqual({ a: '1' });
  });

  it('a boundary containing a line break can match no line, so there are no fields', () => {
    const body = multipart([field('a', '1')], 'x\ny');
    expect(parsed({ method: 'POST', contentType: 'multipart/form-data; boundary="x\ny"', body }).form).toEqual({});
  });

  it('registers at most 1000 fields', () => {
    const body = multipart(Array.from({ length: 1100 }, (_, i) => field(`f${i}`, String(i))));
    const { form } = parsed({ method: 'POST', contentType: type, body });
    expect(Object.keys(form)).toHaveLength(1000);
    expect(form.f999).toBe('999');
  });

  // Quadratic parsing of these bodies takes minutes: the test's own time limit catches it, with no timing asserted.
  it('stays linear on hostile bodies', { timeout: 30_000 }, () => {
    const boundary = 'b'.repeat(5000);
    const hostile = `--${boundary}\r\n${field('a', `\n--${boundary.slice(0, -1)}`.repeat(200))}`;
    parsed({ method: 'POST', contentType: `multipart/form-data; boundary=${boundary}`, body: hostile });
    parsed({ method: 'POST', contentType: type, body: '\n'.repeat(1_000_000) });
    parsed({ method: 'POST', contentType: type, body: `--XyZ\r\n${'X: y\r\n'.repeat(100_000)}` });
  });
});
