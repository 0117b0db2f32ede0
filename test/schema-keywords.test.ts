/**
 * Readable behaviour tests of WordPress's schema keywords, through the public functions.
 * The exhaustive comparison with WordPress is schema-vectors.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { RestError } from '../src/core/errors/rest-error.js';
import { assertValidArgSchema, compileArg, sanitizeValue, validateValue, type ArgSchema } from '../src/core/schema/index.js';

/** The error code validation gives, or `true`. */
function check(value: unknown, schema: ArgSchema, param = 'p'): true | string {
  const result = validateValue(value, schema, param);
  return result === true ? true : result.code;
}

/** The error message validation gives. */
function messageOf(value: unknown, schema: ArgSchema, param = 'p'): string | undefined {
  const result = validateValue(value, schema, param);
  return result === true ? undefined : result.message;
}

describe('type', () => {
  it('reads integers from query text as WordPress does', () => {
    const schema: ArgSchema = { type: 'integer' };
    for (const ok of ['5', '5.0', '1e1', ' 5', '+5', 5, 5.0]) expect(check(ok, schema)).toBe(true);
    for (const bad of ['1.5', '0x1A', '', [], 1.5]) expect(check(bad, schema)).toBe('rest_invalid_type');
    expect(sanitizeValue('1e1', schema)).toBe(10);
    expect(validateValue('x', schema, 'count')).toEqual(
      new RestError('rest_invalid_type', 'count is not of type integer.', { param: 'count' }),
    );
  });

  it('reads booleans in any letter case, but not "yes" or ""', () => {
    const schema: ArgSchema = { type: 'boolean' };
    for (const ok of [true, false, 1, 0, 'TRUE', 'False', '1', '0']) expect(check(ok, schema)).toBe(true);
    for (const bad of ['yes', '', 2, null]) expect(check(bad, schema)).toBe('rest_invalid_type');
    expect(sanitizeValue('FALSE', schema)).toBe(false);
    expect(sanitizeValue('true', schema)).toBe(true);
  });

  it('reads lists from comma- or space-separated text, and {"0":…} objects', () => {
    const schema: ArgSchema = { type: 'array', items: { type: 'integer' } };
    expect(sanitizeValue('1,2', schema)).toEqual([1, 2]);
    expect(sanitizeValue('1, 2', schema)).toEqual([1, 2]);
    expect(sanitizeValue('', schema)).toEqual([]);
    expect(sanitizeValue({ 0: '1', 1: '2' }, schema)).toEqual([1, 2]);
    expect(check({ k: '1' }, schema)).toBe('rest_invalid_type');
  });

  it('does not turn JSON numbers into strings', () => {
    expect(validateValue(5, { type: 'string' }, 'req')).toEqual(
      new RestError('rest_invalid_type', 'req is not of type string.', { param: 'req' }),
    );
  });

  it('picks the first listed type the value fits', () => {
    const schema: ArgSchema = { type: ['integer', 'string'] };
    expect(sanitizeValue('5', schema)).toBe(5);
    expect(sanitizeValue('abc', schema)).toBe('abc');
    expect(messageOf(true, schema)).toBe('p is not of type integer,string.');
    expect(sanitizeValue(true, schema)).toBeNull();
  });

  it('lets untyped and non-built-in types through unchanged, enum aside', () => {
    expect(check(['anything'], { type: 'bool' })).toBe(true);
    expect(sanitizeValue('abc', { type: 'int' })).toBe('abc');
    expect(check('c', { enum: ['a', 'b'] })).toBe('rest_not_in_enum');
    expect(check('x', { type: 'null' })).toBe('rest_invalid_type');
  });
});

describe('numbers', () => {
  it('reports bounds as WordPress words them, without a final dot', () => {
    expect(messageOf(11, { type: 'integer', minimum: 1, maximum: 10 })).toBe('p must be between 1 (inclusive) and 10 (inclusive)');
    expect(messageOf(0, { type: 'integer', minimum: 1 })).toBe('p must be greater than or equal to 1');
    expect(messageOf(0, { type: 'number', minimum: 0, maximum: 1, exclusiveMinimum: true })).toBe(
      'p must be between 0 (exclusive) and 1 (inclusive)',
    );
    expect(validateValue(10, { type: 'integer', maximum: 10, exclusiveMaximum: true }, 'p')).toEqual(
      new RestError('rest_out_of_bounds', 'p must be less than 10', null),
    );
  });

  it('checks multipleOf before bounds, and integer-ness after both', () => {
    expect(messageOf(1.25, { type: 'number', multipleOf: 0.5 })).toBe('p must be a multiple of 0.5.');
    expect(check('1.5', { type: 'integer', maximum: 1 })).toBe('rest_out_of_bounds');
    expect(check('1.5', { type: 'integer', maximum: 2 })).toBe('rest_invalid_type');
  });
});

describe('strings', () => {
  it('counts code points, not UTF-16 units', () => {
    const schema: ArgSchema = { type: 'string', maxLength: 5 };
    expect(check('😀'.repeat(5), schema)).toBe(true);
    expect(messageOf('😀'.repeat(6), schema)).toBe('p must be at most 5 characters long.');
    expect(messageOf('a', { type: 'string', minLength: 2 })).toBe('p must be at least 2 characters long.');
    expect(messageOf('', { type: 'string', minLength: 1 })).toBe('p must be at least 1 character long.');
  });

  it('matches patterns unanchored, as PCRE does', () => {
    expect(check('abc', { type: 'string', pattern: 'b' })).toBe(true);
    expect(messageOf('abcd', { type: 'string', pattern: '^[A-Z]{3}$' })).toBe('p does not match pattern ^[A-Z]{3}$.');
    expect(check('éé', { type: 'string', pattern: '^\\p{L}+$' })).toBe(true);
    // PCRE's "$" also matches before a final newline.
    expect(check('ABC\n', { type: 'string', pattern: '^[A-Z]{3}$' })).toBe(true);
  });

  it('reads PCRE-only syntax as PHP does', () => {
    expect(check('a{', { type: 'string', pattern: '^a{$' })).toBe(true);
    expect(check('#1', { type: 'string', pattern: '^\\#\\d$' })).toBe(true);
    expect(check('42', { type: 'string', pattern: '^(?P<n>\\d+)$' })).toBe(true);
    expect(check('☺', { type: 'string', pattern: '^\\x{263a}$' })).toBe(true);
  });
});

describe('format', () => {
  it('validates date-time as RFC 3339 with T or space, Z, offsets and fractions', () => {
    const schema: ArgSchema = { type: 'string', format: 'date-time' };
    for (const ok of ['2023-01-01T10:00:00', '2023-01-01 10:00:00', '2023-01-01T10:00:00Z', '2023-01-01T10:00:00.123+02:00']) {
      expect(check(ok, schema)).toBe(true);
    }
    expect(validateValue('2023-01-01', schema, 'p')).toEqual(new RestError('rest_invalid_date', 'Invalid date.', null));
    expect(check('2023-13-01T00:00:00', schema)).toBe('rest_invalid_date');
    // strtotime() gives 0 for the epoch itself, and WordPress reads that as a failure.
    expect(check('1970-01-01T00:00:00Z', schema)).toBe('rest_invalid_date');
  });

  it('validates email, ip, uuid and hex-color', () => {
    expect(check('user@example.test', { type: 'string', format: 'email' })).toBe(true);
    expect(messageOf('not an email', { type: 'string', format: 'email' })).toBe('Invalid email address.');
    for (const ip of ['127.0.0.1', '::1', '2001:db8::8a2e:370:7334', '::ffff:192.0.2.1']) {
      expect(check(ip, { type: 'string', format: 'ip' })).toBe(true);
    }
    expect(messageOf('999.0.0.1', { type: 'string', format: 'ip' })).toBe('p is not a valid IP address.');
    expect(check('123e4567-e89b-12d3-a456-426614174000', { type: 'string', format: 'uuid' })).toBe(true);
    expect(messageOf('123E4567-E89B-12D3-A456-426614174000', { type: 'string', format: 'uuid' })).toBe('p is not a valid UUID.');
    expect(check('#fff', { type: 'string', format: 'hex-color' })).toBe(true);
    expect(messageOf('fff', { type: 'string', format: 'hex-color' })).toBe('Invalid hex color.');
  });

  it('only sanitizes uri, with esc_url_raw', () => {
    const schema: ArgSchema = { type: 'string', format: 'uri' };
    expect(check('not a url', schema)).toBe(true);
    expect(sanitizeValue('not a url', schema)).toBe('http://not%20a%20url');
    expect(sanitizeValue('javascript:alert(1)', schema)).toBe('');
    expect(sanitizeValue('example.test/x', schema)).toBe('http://example.test/x');
    expect(sanitizeValue('/relative?a=1', schema)).toBe('/relative?a=1');
  });

  it('cleans text fields with sanitize_text_field', () => {
    expect(sanitizeValue('  <b>x</b>\nline  %41', { type: 'string', format: 'text-field' })).toBe('x line');
    expect(sanitizeValue('<b>x</b>\nline', { type: 'string', format: 'textarea-field' })).toBe('x\nline');
    expect(sanitizeValue('a < b', { type: 'string', format: 'text-field' })).toBe('a &lt; b');
  });

  it('escapes each "<" that no ">" closes (wp_pre_kses_less_than), then strips the tags and keeps the text around them', () => {
    const text = (value: string) => sanitizeValue(value, { type: 'string', format: 'text-field' });
    const textarea = (value: string) => sanitizeValue(value, { type: 'string', format: 'textarea-field' });
    expect(text('a <b c')).toBe('a &lt;b c');
    expect(text('<<b>x')).toBe('&lt;x');
    expect(text('<<<')).toBe('&lt;&lt;&lt;');
    expect(text('a < b <c')).toBe('a &lt; b &lt;c');
    expect(text('<i <b>x</b> <j')).toBe('&lt;i x &lt;j');
    expect(text('<a &amp; b &x')).toBe('&lt;a &amp; b &amp;x');
    expect(text('<a<b>>x>y')).toBe('&lt;a>x>y');
    expect(text('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
    expect(text('x <y\n')).toBe('x &lt;y');
    expect(textarea('x <y\nz')).toBe('x &lt;y\nz');
    expect(text('a<!-- c -->b<?php x ?>c<!DOCTYPE html>d<b title="x>y">e</b>f')).toBe('abcdef');
    expect(textarea('<p>one</p><p>two')).toBe('onetwo');
    expect(text('<'.repeat(100_000))).toBe('&lt;'.repeat(100_000));
    expect(textarea(`<div${'<a'.repeat(50_000)}`)).toBe(`&lt;div${'&lt;a'.repeat(50_000)}`);
  });

  it('applies formats to strings only', () => {
    expect(check(5, { type: 'integer', format: 'email' })).toBe(true);
    expect(check('abc', { format: 'email' })).toBe('rest_invalid_email');
  });
});

describe('enum', () => {
  it('lists the allowed values as WordPress does', () => {
    expect(messageOf('x', { type: 'string', enum: ['red', 'green', 'blue'] })).toBe('p is not one of red, green, and blue.');
    expect(messageOf('x', { type: 'string', enum: ['a', 'b'] })).toBe('p is not one of a and b.');
    expect(messageOf([1], { type: 'array', enum: [[1, 2]] })).toBe('p is not [1,2].');
  });

  it('compares the sanitized value', () => {
    expect(check('1', { type: 'integer', enum: [1, 2] })).toBe(true);
    expect(check('b,a', { type: 'array', enum: [['b', 'a']] })).toBe(true);
  });
});

describe('arrays', () => {
  it('names items by index and checks counts and uniqueness', () => {
    expect(messageOf(['1', 'x'], { type: 'array', items: { type: 'integer' } }, 'list')).toBe('list[1] is not of type integer.');
    expect(messageOf([1, 2, 3], { type: 'array', maxItems: 2 })).toBe('p must contain at most 2 items.');
    expect(messageOf([], { type: 'array', minItems: 1 })).toBe('p must contain at least 1 item.');
    expect(messageOf([1, 1], { type: 'array', uniqueItems: true })).toBe('p has duplicate items.');
    expect(check(['1', 1], { type: 'array', uniqueItems: true })).toBe(true);
  });
});

describe('objects', () => {
  const meta: ArgSchema = {
    type: 'object',
    properties: { a: { type: 'integer' }, c: { type: 'object', properties: { d: { type: 'boolean' } } } },
    required: ['a'],
    additionalProperties: false,
  };

  it('checks required properties, then additional ones, then counts', () => {
    expect(validateValue({}, meta, 'meta')).toEqual(new RestError('rest_property_required', 'a is a required property of meta.', null));
    expect(messageOf({ a: 1, z: 2 }, meta, 'meta')).toBe('z is not a valid property of Object.');
    expect(messageOf({ a: 1, c: { d: 'x' } }, meta, 'meta')).toBe('meta[c][d] is not of type boolean.');
    expect(messageOf({}, { type: 'object', minProperties: 1 })).toBe('p must contain at least 1 property.');
    expect(messageOf({ a: 1, b: 2 }, { type: 'object', maxProperties: 1 })).toBe('p must contain at most 1 property.');
  });

  it('accepts draft-3 required on a property', () => {
    expect(check({}, { type: 'object', properties: { a: { type: 'string', required: true } } })).toBe('rest_property_required');
  });

  it('accepts lists and "" as objects', () => {
    expect(check([1, 2], { type: 'object' })).toBe(true);
    expect(check('', meta, 'meta')).toBe('rest_property_required');
  });

  it('sanitizes known, pattern and additional properties, dropping forbidden ones', () => {
    const schema: ArgSchema = {
      type: 'object',
      properties: { a: { type: 'integer' } },
      patternProperties: { '^x_': { type: 'boolean' } },
      additionalProperties: false,
    };
    expect(sanitizeValue({ a: '5', x_1: 'true', z: 1 }, schema)).toEqual({ a: 5, x_1: true });
  });
});

describe('anyOf and oneOf', () => {
  it('reports the failing member, by title when it has one', () => {
    const anyOf: ArgSchema = {
      anyOf: [
        { title: 'Alpha', type: 'string', pattern: '^[a-z]+$' },
        { title: 'Digits', type: 'string', pattern: '^[0-9]+$' },
      ],
    };
    expect(check('abc', anyOf)).toBe(true);
    expect(messageOf('a1', anyOf)).toBe('p is not a valid Alpha and Digits.');
    expect(messageOf(5, { anyOf: [{ type: 'string' }, { type: 'boolean' }] })).toBe('p does not match any of the expected formats.');
  });

  it('rejects a value matching several oneOf members', () => {
    const oneOf: ArgSchema = {
      oneOf: [
        { title: 'Small', type: 'integer', maximum: 5 },
        { title: 'Big', type: 'integer', minimum: 3 },
      ],
    };
    expect(validateValue(4, oneOf, 'p')).toEqual(
      new RestError('rest_one_of_multiple_matches', 'p matches Small and Big, but should match only one.', { positions: [0, 1] }),
    );
    expect(sanitizeValue('7', oneOf)).toBe(7);
  });
});

describe('compileArg', () => {
  it('validates, then sanitizes, with one compiled parser', () => {
    const parse = compileArg({ type: 'array', items: { type: 'integer', minimum: 1 } });
    expect(parse('1,2', 'ids')).toEqual([1, 2]);
    expect(parse('1,0', 'ids')).toEqual(new RestError('rest_out_of_bounds', 'ids[1] must be greater than or equal to 1', null));
    expect(parse([3], 'other')).toEqual([3]);
  });

  it('returns sanitize errors too', () => {
    const parse = compileArg({ type: 'array', items: { type: 'integer' }, uniqueItems: true });
    expect(parse(['1', '1.0'], 'p')).toEqual(new RestError('rest_duplicate_items', 'p has duplicate items.', null));
  });
});

describe('assertValidArgSchema', () => {
  it('accepts WordPress descriptors, unknown keywords and callbacks included', () => {
    const schema: unknown = {
      type: ['string', 'null'],
      properties: [],
      'x-custom': true,
      items: { type: 'object', properties: { a: { type: 'integer', required: true } } },
      validateCallback: () => true,
    };
    expect(() => assertValidArgSchema(schema, 'GET /demo arg "p"')).not.toThrow();
  });

  it('names the place and the keyword of a malformed descriptor', () => {
    expect(() => assertValidArgSchema({ type: 5 }, 'GET /demo arg "p"')).toThrow(
      new TypeError('GET /demo arg "p": schema keyword "type" must be a type name or a non-empty list of type names (got 5)'),
    );
    expect(() => assertValidArgSchema({ pattern: '(' }, 'arg "p"')).toThrow(
      new TypeError('arg "p": schema keyword "pattern" is not a valid regular expression (got "(")'),
    );
    expect(() => assertValidArgSchema({ items: { minimum: '1' } }, 'arg "p"')).toThrow(/schema keyword "items\.minimum" must be a number/);
    expect(() => assertValidArgSchema({ additionalProperties: { type: 1 } }, 'arg "p"')).toThrow(/"additionalProperties\.type"/);
    expect(() => assertValidArgSchema(null, 'arg "p"')).toThrow(/arg "p": the argument schema must be an object/);
  });
});
