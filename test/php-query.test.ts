import { describe, expect, it } from 'vitest';
import { PhpInputArray, parsePhpQuery, phpUrlDecode, readUrlencoded } from '../src/core/php/query.js';

/** Keys in PHP order are not observable on plain objects with integer keys, so compare entries. */
function entries(value: unknown): Array<[string, unknown]> {
  return Object.entries(value as Record<string, unknown>);
}

describe('parsePhpQuery: names and values', () => {
  it('last repeated key wins (sources-repeated-key)', () => {
    expect(parsePhpQuery('a=1&a=2')).toEqual({ a: '2' });
  });

  it('dots and spaces in names become underscores (sources-dotted-key)', () => {
    expect(parsePhpQuery('a.b=1&a%20c=2&d+e=3')).toEqual({ a_b: '1', a_c: '2', d_e: '3' });
  });

  it('percent-decodes names and values with + as a space', () => {
    expect(parsePhpQuery('q=a+b%20c%2Bd&%C3%A9t%C3%A9=%E2%9C%93')).toEqual({ q: 'a b c+d', été: '✓' });
  });

  it('keeps invalid percent sequences literally and turns non-UTF-8 bytes into U+FFFD', () => {
    expect(parsePhpQuery('a=100%&b=%zz&c=%4&d=%%41&e=%FF')).toEqual({
      a: '100%',
      b: '%zz',
      c: '%4',
      d: '%A',
      e: '\uFFFD',
    });
  });

  it('skips an empty name and gives a name without "=" the empty string', () => {
    expect(parsePhpQuery('=v&a&&b=&=&c=x=y')).toEqual({ a: '', b: '', c: 'x=y' });
  });

  it('drops leading spaces of a name', () => {
    expect(parsePhpQuery('+a=1&%20%20b.c=2&+=3')).toEqual({ a: '1', b_c: '2' });
  });

  it('ends a name at a decoded NUL but keeps NUL in values', () => {
    expect(parsePhpQuery('a%00b=1&c=x%00y')).toEqual({ a: '1', c: 'x\0y' });
  });

  it('parses the empty string to no variables', () => {
    expect(parsePhpQuery('')).toEqual({});
  });
});

describe('parsePhpQuery: arrays', () => {
  it('empty brackets append to a list (pretty-echo-sources)', () => {
    expect(parsePhpQuery('a=1&b[]=2&b[]=3')).toEqual({ a: '1', b: ['2', '3'] });
  });

  it('named keys make an object (types-arr-assoc)', () => {
    expect(parsePhpQuery('arr[k]=x')).toEqual({ arr: { k: 'x' } });
  });

  it('nests keys', () => {
    expect(parsePhpQuery('a[0][b]=1&a[0][c][]=2')).toEqual({ a: [{ b: '1', c: ['2'] }] });
    expect(parsePhpQuery('requests[0][path]=/p&requests[0][body][n]=2')).toEqual({
      requests: [{ path: '/p', body: { n: '2' } }],
    });
  });

  it('sparse indexes are kept as an object like PHP (types-arr-sparse)', () => {
    const parsed = parsePhpQuery('x[0]=a&x[2]=b');
    expect(Array.isArray(parsed.x)).toBe(false);
    expect(parsed.x).toEqual({ 0: 'a', 2: 'b' });
  });

  it('indexes 0..n-1 in order are a list, out of order they are an object', () => {
    expect(parsePhpQuery('x[0]=a&x[1]=b')).toEqual({ x: ['a', 'b'] });
    expect(Array.isArray(parsePhpQuery('x[1]=a&x[0]=b').x)).toBe(false);
  });

  it('appends after the largest integer key, and at 0 when there is none', () => {
    expect(parsePhpQuery('a[5]=x&a[]=y').a).toEqual({ 5: 'x', 6: 'y' });
    expect(entries(parsePhpQuery('a[k]=x&a[]=y').a)).toEqual([
      ['0', 'y'],
      ['k', 'x'],
    ]);
    expect(parsePhpQuery('a[-3]=x&a[]=y').a).toEqual({ '-3': 'x', '-2': 'y' });
  });

  it('treats only canonical decimal keys as integers', () => {
    expect(parsePhpQuery('a[05]=x&a[]=y').a).toEqual({ '05': 'x', 0: 'y' });
    expect(parsePhpQuery('a[-0]=x&a[]=y').a).toEqual({ '-0': 'x', 0: 'y' });
  });

  it('drops an append after PHP_INT_MAX', () => {
    expect(parsePhpQuery('a[9223372036854775807]=x&a[]=y').a).toEqual({ '9223372036854775807': 'x' });
    expect(parsePhpQuery('a[9223372036854775808]=x&a[]=y').a).toEqual({ '9223372036854775808': 'x', 0: 'y' });
  });

  it('decodes brackets before reading them', () => {
    expect(parsePhpQuery('a%5Bb%5D=1')).toEqual({ a: { b: '1' } });
  });

  it('a "[" that opens no pair becomes "_" with the rest of the name', () => {
    expect(parsePhpQuery('a[b=1&c[d.e f[g=2')).toEqual({ a_b: '1', c_d_e_f_g: '2' });
  });

  it('below the top, an unclosed "[" is cut off as PHP does', () => {
    expect(parsePhpQuery('a[b][c=1')).toEqual({ a: { b: '1' } });
  });

  it('ignores text after a closing bracket that does not open another', () => {
    expect(parsePhpQuery('a[b]c=1&d[e]f[g]=2')).toEqual({ a: { b: '1' }, d: { e: '2' } });
  });

  it('keeps dots and spaces inside brackets', () => {
    expect(parsePhpQuery('a.b[c.d e]=1')).toEqual({ a_b: { 'c.d e': '1' } });
  });

  it('a whitespace-only index appends; a leading space of an index is kept', () => {
    expect(entries(parsePhpQuery('a[ ]=1&a[ x]=2').a)).toEqual([
      ['0', '1'],
      [' x', '2'],
    ]);
  });

  it('a later scalar replaces an array, and an index turns a scalar into an array', () => {
    expect(parsePhpQuery('a[]=1&a=2')).toEqual({ a: '2' });
    expect(parsePhpQuery('a=1&a[b]=2')).toEqual({ a: { b: '2' } });
  });

  it('drops variables that mangling turns into __Host- or __Secure- names', () => {
    expect(parsePhpQuery('..Host-x=1&__Host-y=2&._Secure-z=3')).toEqual({ '__Host-y': '2' });
    // php-src compares nested keys with the start of the whole name.
    expect(parsePhpQuery('a[__Host-x]=1')).toEqual({ a: [] });
  });
});

describe('parsePhpQuery: limits', () => {
  it('64 levels of brackets are kept', () => {
    const name = `a${'[k]'.repeat(64)}`;
    let node: unknown = parsePhpQuery(`${name}=deep`).a;
    for (let i = 0; i < 63; i++) node = (node as Record<string, unknown>).k;
    expect(node).toEqual({ k: 'deep' });
  });

  it('a 65th level deletes the whole variable, earlier entries included', () => {
    const tooDeep = `a${'[k]'.repeat(65)}=x`;
    expect(parsePhpQuery(`a[first]=1&${tooDeep}&b=2`)).toEqual({ b: '2' });
    expect(parsePhpQuery(`${tooDeep}&a[later]=3`)).toEqual({ a: { later: '3' } });
  });

  it('10,000 variables are capped at 1000', () => {
    const query = Array.from({ length: 10_000 }, (_, i) => `v${i}=${i}`).join('&');
    const parsed = parsePhpQuery(query);
    expect(Object.keys(parsed)).toHaveLength(1000);
    expect(parsed.v999).toBe('999');
    expect(parsed.v1000).toBeUndefined();
  });

  it('empty pairs do not count toward the cap of a query string', () => {
    const query = '&'.repeat(5000) + Array.from({ length: 1000 }, (_, i) => `v${i}=1`).join('&&');
    expect(Object.keys(parsePhpQuery(query))).toHaveLength(1000);
  });

  it('a POST body counts empty pairs and still registers the pair crossing the cap', () => {
    const pairs = Array.from({ length: 2000 }, (_, i) => `v${i}=1`);
    expect(Object.keys(readUrlencoded(pairs.join('&'), 'post').toRecord())).toHaveLength(1001);
    expect(Object.keys(readUrlencoded(`&&${pairs.join('&')}`, 'post').toRecord())).toHaveLength(999);
  });

  // Quadratic parsing of these queries takes minutes: the test's own time limit catches it, with no timing asserted.
  it('hostile input stays linear', { timeout: 30_000 }, () => {
    parsePhpQuery(`a${'['.repeat(500_000)}=1`);
    parsePhpQuery(`${'x[y]'.repeat(100_000)}=1`);
    parsePhpQuery(Array.from({ length: 1000 }, () => `${'%zz'.repeat(300)}=${'%FF'.repeat(300)}`).join('&'));
    parsePhpQuery(`a=1&${'b'.repeat(1_000_000)}`);
  });
});

describe('parsePhpQuery: prototype safety', () => {
  it('prototype keys cannot pollute Object.prototype', () => {
    const parsed = parsePhpQuery('__proto__[polluted]=1&constructor[prototype][polluted]=2&prototype=3&a[__proto__][polluted]=4');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value).toEqual({ polluted: '1' });
    expect(parsed.constructor).toEqual({ prototype: { polluted: '2' } });
    expect(parsed.prototype).toBe('3');
    const nested = parsed.a as Record<string, unknown>;
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(nested, '__proto__')?.value).toEqual({ polluted: '4' });
  });
});

describe('phpUrlDecode', () => {
  it('matches php_url_decode', () => {
    expect(phpUrlDecode('a+b%2B%41%')).toBe('a b+A%');
    expect(phpUrlDecode('%E2%9C')).toBe('\uFFFD');
    expect(phpUrlDecode('é%20x')).toBe('é x');
  });
});

describe('PhpInputArray.merge', () => {
  it('renumbers integer keys and lets later string keys win in place, as array_merge', () => {
    const first = readUrlencoded('5=a&x=1&y=2');
    const second = readUrlencoded('x=3&7=b');
    expect(entries(PhpInputArray.merge(first, second).toRecord())).toEqual([
      ['0', 'a'],
      ['1', 'b'],
      ['x', '3'],
      ['y', '2'],
    ]);
  });
});

describe('the plain-query fast path', () => {
  it('gives exactly what the full PHP reader gives', () => {
    const samples = [
      'a=1&b=2&a=3',
      'page=2&per_page=20&context=view&search=hello+world%21',
      'x&y=&z=%zz',
      'a=1&&b=2',
      'name=%E2%9C%93',
      'a-b=1&_c=2',
      'a=1&__proto__=x',
      '1=a&b=2',
      'a.b=1',
      'a[]=1',
      '=v&a=1',
      'a=b=c',
      'rest_route=%2Fx%2Fv1',
    ];
    for (const q of samples) expect(parsePhpQuery(q), q).toEqual(readUrlencoded(q, 'query').toRecord());
  });
});
