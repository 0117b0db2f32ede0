// Worst-case inputs for every entry point of the demo site (test/helpers/hostile-site.mjs), built
// to a size: the shapes behind the findings of issue 10 (nested and overlapping quantifiers,
// replace-until-stable loops, rescans from every position) and the limits PHP and WordPress set,
// scaled up to the largest request the site takes.

/** One mebibyte. */
export const MiB = 1024 * 1024;

/** The largest body the node adapter reads by default is 1 MiB; bodies stay a little under it. */
const BODY = MiB - 8 * 1024;

/** A URL that fits Node's default 16 KiB header limit. */
const URL_DEFAULT = 16 * 1024 - 1024;

/** A URL for hosts that raise the header limit (the hostile site takes 2 MiB of headers). */
const URL_RAISED = MiB - 8 * 1024;

/** The demo's two variants. */
export type Variant = 'A' | 'B';

/** A request as the test sends it over a socket. */
export interface HostileRequest {
  method: string;
  /** Path and query, sent as they are (already percent-encoded where needed). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** What a case may know of the running site. */
export interface SiteFacts {
  /** The id of the form with every tag type (variant B). */
  formId: number;
  /** The hash of its quiz's answer, as a browser gets it with the question (variant B). */
  quizAnswer: string;
}

/** A hostile input built for a running site: the requests, and how many bytes the hang cap scales with. */
export interface BuiltCase {
  /** Bytes of hostile input (a body, a URL, or what the oEmbed fetch serves). */
  size: number;
  /** The measured requests, in order; `{id}` in a path stands for the `id` the first one answered. */
  requests: HostileRequest[];
  /** Files the site's oEmbed fetch serves, by name (`<name>.html` pages, `<name>.json` documents). */
  pages?: Record<string, string>;
  /** Sent after the measured requests, unmeasured, to undo what they stored. */
  cleanup?: HostileRequest[];
}

/** One hostile input: what it is, which variant takes it, and how to build it (only when it runs). */
export interface HostileCase {
  /** Names the input in failure messages and the report. */
  name: string;
  variant: Variant;
  build: (site: SiteFacts) => BuiltCase;
}

const ADMIN = { 'x-hostile-role': 'administrator' };
const JSON_TYPE = { 'content-type': 'application/json' };

/** `unit` repeated until the text is about `bytes` long. */
function fill(unit: string, bytes: number): string {
  return unit.repeat(Math.max(1, Math.floor(bytes / unit.length)));
}

/** `head`, then `unit` repeated, then `tail`, about `bytes` long in all. */
function framed(head: string, unit: string, tail: string, bytes: number): string {
  return head + fill(unit, bytes - head.length - tail.length) + tail;
}

/** A multipart/form-data body of text fields. */
function multipart(fields: ReadonlyArray<readonly [string, string]>, boundary = 'hostileBoundary'): { body: Buffer; contentType: string } {
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `build(n)` for the largest `n` whose JSON text fits `bytes`: escapes (`\t`, `\n`, `\"`) make JSON longer than its text. */
function fitted(bytes: number, build: (n: number) => unknown): string {
  const first = JSON.stringify(build(bytes));
  return first.length <= bytes ? first : JSON.stringify(build(Math.floor((bytes * bytes) / first.length) - 64));
}

function getCase(name: string, variant: Variant, path: () => string): HostileCase {
  return {
    name,
    variant,
    build: () => {
      const built = path();
      return { size: built.length, requests: [{ method: 'GET', path: built }] };
    },
  };
}

function jsonCase(name: string, variant: Variant, path: string, json: () => string): HostileCase {
  return {
    name,
    variant,
    build: () => {
      const body = json();
      return { size: body.length, requests: [{ method: 'POST', path, headers: JSON_TYPE, body }] };
    },
  };
}

/** Query strings: many variables, PHP's bracket rules, percent soup, global params. */
function queryCases(size: number, label: string): HostileCase[] {
  const posts = '/wp-json/core/v2/posts?';
  const url =
    (prefix: string, unit: string, tail = '') =>
    () =>
      framed(prefix, unit, tail, size);
  const cases: Array<[string, Variant, () => string]> = [
    ['many small vars', 'A', url(posts, 'a=1&')],
    ['many a[]= vars', 'B', url(posts, 'a[]=1&')],
    ["vars nested past PHP's 64 levels", 'A', url(posts, `a${'[b]'.repeat(70)}=1&`)],
    ['unclosed brackets', 'B', url(`${posts}a`, '[', '=1')],
    ['%0%0d… percent soup', 'A', url(`${posts}search=`, '%0%0d')],
    ['%%%…4141', 'B', url(`${posts}search=`, '%', '4141')],
    ['a date-time filter with a long fraction', 'A', url(`${posts}after=2023-01-01T10:00:00.`, '0')],
    ['a slug list', 'B', url(`${posts}slug=`, 'a,')],
    ['an include list', 'A', url(`${posts}include=`, '1,')],
    ['a rest_route of slashes', 'B', url('/?rest_route=/core/v2/posts', '/')],
    ['a rest_route with many vars', 'A', url('/?rest_route=/core/v2/posts&', 'a=1&')],
    ['_fields of one long dotted path', 'B', url('/wp-json/?_fields=', 'a.', 'a')],
    ['_fields of many names', 'A', url(`${posts}_fields=`, 'a,', 'id')],
    ['a long _jsonp callback', 'B', url('/wp-json/?_jsonp=', 'a.')],
    ['an oEmbed embed url of %0%0d…', 'A', url('/wp-json/oembed/1.0/embed?url=http://example.test/', '%0%0d')],
    ['an oEmbed embed url of %%%…4141', 'B', url('/wp-json/oembed/1.0/embed?url=http://example.test/', '%', '4141')],
    ['an oEmbed embed url of octets', 'A', url('/wp-json/oembed/1.0/embed?url=http://example.test/', '%AA')],
    ['a format uri value of javascript: runs', 'B', url('/wp-json/hostile/v1/formats/uri?value=', 'javascript:')],
    ['a format email value of a@a, spaces, b', 'A', url('/wp-json/hostile/v1/formats/email?value=a@a', '+', 'b')],
  ];
  return cases.map(([what, variant, path]) => getCase(`query ${label}: ${what}`, variant, path));
}

/** The worst strings for each `format`, as `[label, build(bytes)]`. */
const FORMAT_INPUTS: Record<string, Array<[string, (n: number) => string]>> = (() => {
  const text: Array<[string, (n: number) => string]> = [
    ['percent-encoded octets', (n) => fill('%AA', n)],
    ['"<" runs', (n) => fill('<', n)],
    ['"<a" runs', (n) => fill('<a', n)],
    ['tabs, then a letter', (n) => framed('', '\t', 'x', n)],
    ['"%" runs before octets', (n) => framed('', '%', 'AA', n)],
    ['line breaks', (n) => fill('\r\n', n)],
  ];
  return {
    'hex-color': [['"#" and letters', (n) => framed('#', 'a', '', n)]],
    'date-time': [
      ['a date with a long fraction', (n) => framed('2023-01-01T10:00:00.', '0', '', n)],
      ['digits', (n) => fill('1', n)],
    ],
    email: [
      ['a@a, spaces, b', (n) => framed('a@a', ' ', 'b', n)],
      ['a long domain of labels', (n) => framed('a@', 'a.', 'a', n)],
      ['dots', (n) => fill('.', n)],
    ],
    ip: [
      ['dotted digits', (n) => fill('1.', n)],
      ['colons', (n) => fill(':', n)],
    ],
    uuid: [['letters and dashes', (n) => fill('a-', n)]],
    uri: [
      ['%0%0d…', (n) => framed('http://example.test/', '%0%0d', '', n)],
      ['%%%…4141', (n) => framed('http://example.test/', '%', '4141', n)],
      ['javascript: runs', (n) => fill('javascript:', n)],
      ['entities', (n) => framed('http://example.test/', '&#', '', n)],
    ],
    'text-field': text,
    'textarea-field': text,
  };
})();

function formatCases(): HostileCase[] {
  return Object.entries(FORMAT_INPUTS).flatMap(([format, inputs], i) =>
    inputs.map(([label, build]) =>
      jsonCase(`format ${format}: ${label}`, i % 2 === 0 ? 'A' : 'B', `/wp-json/hostile/v1/formats/${format}`, () =>
        fitted(BODY, (n) => ({ value: build(n) })),
      ),
    ),
  );
}

/** `{"<name>":` opened `depth` times around `inner`, then closed. */
function nestedObjects(name: string, depth: number, inner: string): string {
  return `${`{"${name}":`.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

function jsonCases(): HostileCase[] {
  const shapes = '/wp-json/hostile/v1/shapes';
  const cases: Array<[string, Variant, () => string]> = [
    ['nested arrays past PHP depth', 'A', () => `${fill('[', BODY / 2)}${fill(']', BODY / 2)}`],
    [
      'objects nested 500 deep inside a param, around a long list',
      'B',
      () => `{"object":${nestedObjects('a', 500, framed('[', '"a",', '"a"]', BODY - 5000))}}`,
    ],
    [
      '511 levels of nesting around a long list',
      'A',
      () => `{"list":${'['.repeat(510)}${framed('', '"a",', '"a"', BODY - 1100)}${']'.repeat(510)}}`,
    ],
    ['an unterminated string', 'B', () => framed('{"text":"', 'a', '', BODY)],
    ['lone surrogate escapes', 'A', () => framed('{"text":"', '\\ud800', '"}', BODY)],
    ['a huge number', 'B', () => framed('{"numbers":[', '9', '],"text":"x"}', BODY)],
    ['many distinct list items', 'A', () => JSON.stringify({ list: Array.from({ length: BODY / 10 }, (_, i) => `i${i}`) })],
    [
      'many object members',
      'B',
      () => JSON.stringify({ object: Object.fromEntries(Array.from({ length: BODY / 16 }, (_, i) => [`k${i}`, i])) }),
    ],
    ['anyOf over a long string', 'A', () => JSON.stringify({ choice: fill('x', BODY - 20) })],
    ['_fields of one long dotted path', 'B', () => JSON.stringify({ text: 'x', _fields: framed('', 'a.', 'a', BODY - 40) })],
    ['_fields of many names', 'A', () => JSON.stringify({ text: 'x', _fields: framed('', 'a,', 'text', BODY - 40) })],
    [
      '__proto__ keys 500 deep, around a long list',
      'A',
      () => `{"object":${nestedObjects('__proto__', 500, framed('[', '"a",', '"a"]', BODY - 9000))}}`,
    ],
    [
      'many __proto__ members',
      'B',
      () => `{"object":{${framed('', '"__proto__":{"role":"administrator"},', '"role":"subscriber"', BODY - 20)}}}`,
    ],
  ];
  return cases.map(([what, variant, json]) => jsonCase(`JSON: ${what}`, variant, shapes, json));
}

function bodyCase(name: string, variant: Variant, path: string, contentType: string, body: () => string | Buffer): HostileCase {
  return {
    name,
    variant,
    build: () => {
      const built = body();
      return { size: built.length, requests: [{ method: 'POST', path, headers: { 'content-type': contentType }, body: built }] };
    },
  };
}

function formCases(): HostileCase[] {
  const cases: Array<[string, Variant, () => string]> = [
    ['many small vars', 'A', () => fill('a=1&', BODY)],
    ['many list[]= vars', 'B', () => fill('list[]=a&', BODY)],
    ["vars nested past PHP's 64 levels", 'A', () => fill(`a${'[b]'.repeat(70)}=1&`, BODY)],
    ['unclosed brackets', 'B', () => framed('a', '[', '=1', BODY)],
    ['empty pairs', 'A', () => fill('&', BODY)],
    ['%0%0d… percent soup', 'B', () => framed('text=', '%0%0d', '', BODY)],
    ['%%%…4141', 'A', () => framed('text=', '%', '4141', BODY)],
    ['plus signs', 'B', () => framed('text=', '+', '', BODY)],
  ];
  return cases.map(([what, variant, body]) =>
    bodyCase(`form: ${what}`, variant, '/wp-json/hostile/v1/shapes', 'application/x-www-form-urlencoded', body),
  );
}

function multipartCases(): HostileCase[] {
  const shapes = '/wp-json/hostile/v1/shapes';
  const long = 'b'.repeat(5000);
  const tooLong = 'b'.repeat(6000);
  const one = (headers: string) => `--x\r\n${headers}\r\n\r\nv\r\n--x--\r\n`;
  const cases: Array<[string, Variant, string, () => string | Buffer]> = [
    [
      'many small parts',
      'A',
      'multipart/form-data; boundary=hostileBoundary',
      () => multipart(Array.from({ length: BODY / 80 }, (_, i) => ['list[]', `v${i}`] as const)).body,
    ],
    [
      'a 5,000-character boundary',
      'B',
      `multipart/form-data; boundary=${long}`,
      () =>
        multipart(
          Array.from({ length: Math.floor(BODY / 5100) - 2 }, () => ['list[]', 'v'] as const),
          long,
        ).body,
    ],
    ["a boundary over PHP's limit", 'A', `multipart/form-data; boundary=${tooLong}`, () => fill(`--${tooLong}\r\n`, BODY)],
    [
      'lines that almost close the part',
      'B',
      `multipart/form-data; boundary=${long}`,
      () =>
        `--${long}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${fill(`\n--${long.slice(0, -1)}`, BODY - 10_200)}\r\n--${long}--\r\n`,
    ],
    [
      'a header folded over many lines',
      'A',
      'multipart/form-data; boundary=x',
      () => one(`Content-Disposition: form-data; name="text"${fill('\r\n x', BODY - 100)}`),
    ],
    [
      'a disposition of many parameters',
      'B',
      'multipart/form-data; boundary=x',
      () => one(`Content-Disposition: form-data; ${fill('name="a"; ', BODY - 100)}`),
    ],
    [
      'a name of escaped quotes',
      'A',
      'multipart/form-data; boundary=x',
      () => one(`Content-Disposition: form-data; name="${fill('\\"', BODY - 100)}"`),
    ],
    [
      'a name of brackets',
      'B',
      'multipart/form-data; boundary=x',
      () => one(`Content-Disposition: form-data; name="a${fill('[', BODY - 100)}"`),
    ],
    [
      'many file parts',
      'A',
      'multipart/form-data; boundary=x',
      () =>
        `${Array.from({ length: BODY / 90 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}[a][b]"; filename="f.txt"\r\n\r\nv\r\n`).join('')}--x--\r\n`,
    ],
    [
      'a Content-Type of many parameters',
      'B',
      `multipart/form-data;${fill(' a=b;', 12_000)} boundary=x`,
      () => one('Content-Disposition: form-data; name="text"'),
    ],
  ];
  return cases.map(([what, variant, type, body]) => bodyCase(`multipart: ${what}`, variant, shapes, type, body));
}

/** Fields of the every-tag form (test/fixtures/hostile/every-tag-form.json) a valid submission fills in. */
const VALID_FIELDS: ReadonlyArray<readonly [string, string]> = [
  ['your-name', 'Ana'],
  ['your-email', 'ana@example.test'],
  ['your-site', 'https://example.test/'],
  ['your-phone', '+44 20 7946 0000'],
  ['guests', '4'],
  ['volume', '5'],
  ['visit', '2025-05-01'],
  ['your-message', 'Hello'],
  ['menu[]', 'Tea'],
  ['topics[]', 'News'],
  ['size', 'M'],
  ['terms', '1'],
  ['capital', 'Paris'],
  ['source', 'web'],
];

/**
 * A submission of the every-tag form with `overrides` replacing (or adding to) the fields of a
 * valid one, so that a hostile value a field takes goes on into the mail and the messages.
 */
function submission(name: string, overrides: () => ReadonlyArray<readonly [string, string]>): HostileCase {
  return {
    name,
    variant: 'B',
    build: ({ formId, quizAnswer }) => {
      const given = overrides();
      const replaced = new Set(given.map(([field]) => field));
      const valid = [...VALID_FIELDS, ['_wpcf7_unit_tag', `wpcf7-f${formId}-o1`], ['_wpcf7_quiz_answer_capital', quizAnswer]] as const;
      const { body, contentType } = multipart([...valid.filter(([field]) => !replaced.has(field)), ...given]);
      const path = `/wp-json/contact-forms/v1/contact-forms/${formId}/feedback`;
      return {
        size: body.length,
        requests: [{ method: 'POST', path, headers: { 'content-type': contentType, 'user-agent': 'hostile' }, body }],
      };
    },
  };
}

function contactFormCases(): HostileCase[] {
  const size = BODY - 2048;
  const cases: Array<[string, () => ReadonlyArray<readonly [string, string]>]> = [
    ['contact form: a valid submission', () => []],
    ['contact form text: "<" runs', () => [['your-name', fill('<', size)]]],
    ['contact form email: a@a, spaces, b', () => [['your-email', framed('a@a', ' ', 'b', size)]]],
    ['contact form email: a long domain of labels', () => [['your-email', framed('a@', 'a.', 'a', size)]]],
    ['contact form url: slashes, then a space', () => [['your-site', framed('http://a', '/', ' ', size)]]],
    ['contact form tel: 31 digits, then a letter', () => [['your-phone', `${'1'.repeat(31)}x`]]],
    ['contact form tel: digit groups, then a letter', () => [['your-phone', framed('', '1-', 'x', size)]]],
    ['contact form number: digits, then a letter', () => [['guests', framed('', '1', 'x', size)]]],
    ['contact form range: spaces, then a digit', () => [['volume', framed('', ' ', '1', size)]]],
    ['contact form date: a long year', () => [['visit', framed('', '1', '-01-01', size)]]],
    ['contact form textarea: line breaks', () => [['your-message', fill('\n', size)]]],
    ['contact form textarea: "<" runs, into the mail and the message', () => [['your-message', fill('<', size)]]],
    ['contact form textarea: mail-tag lookalikes', () => [['your-message', fill('[your-name][_raw_menu]', size)]]],
    ['contact form select: a long choice', () => [['menu[]', fill('a', size)]]],
    ['contact form select: many choices', () => Array.from({ length: size / 80 }, () => ['menu[]', 'Tea'] as const)],
    ['contact form checkbox: a long free text', () => [['_wpcf7_free_text_topics', fill('a ', size)]]],
    ['contact form radio: a long choice', () => [['size', fill('a', size)]]],
    ['contact form acceptance: a long value', () => [['terms', fill('a', size)]]],
    [
      'contact form quiz: a long answer',
      () => [
        ['capital', fill('a ', size / 2)],
        ['_wpcf7_quiz_answer_capital', fill('a', size / 2)],
      ],
    ],
    ['contact form hidden: a long value', () => [['source', fill('<a', size)]]],
    ['contact form: undeclared fields', () => Array.from({ length: size / 80 }, (_, i) => [`extra${i}`, 'x'] as const)],
    ['contact form: a long unit tag', () => [['_wpcf7_unit_tag', fill('a', size)]]],
  ];
  return cases.map(([name, overrides]) => submission(name, overrides));
}

/** Creates a published post of `content` (and `title`), reads it in every view, then deletes it. */
function postCase(name: string, post: (n: number) => { content: string; title?: string }): HostileCase {
  return {
    name,
    variant: 'A',
    build: () => {
      const body = fitted(BODY, (n) => ({ title: 'Hostile', excerpt: '', status: 'publish', ...post(n) }));
      return {
        size: body.length,
        requests: [
          { method: 'POST', path: '/wp-json/core/v2/posts', headers: { ...JSON_TYPE, ...ADMIN }, body },
          { method: 'GET', path: '/wp-json/core/v2/posts' },
          { method: 'GET', path: '/wp-json/core/v2/posts/{id}' },
          { method: 'GET', path: '/wp-json/core/v2/posts/{id}?context=edit', headers: ADMIN },
          { method: 'GET', path: '/wp-json/core/v2/posts?search=hostile&context=embed' },
          { method: 'GET', path: '/wp-json/oembed/1.0/embed?url=http%3A%2F%2F127.0.0.1%2F%3Fp%3D{id}' },
        ],
        cleanup: [{ method: 'DELETE', path: '/wp-json/core/v2/posts/{id}?force=true', headers: ADMIN }],
      };
    },
  };
}

function postCases(): HostileCase[] {
  const cases: Array<[string, (n: number) => { content: string; title?: string }]> = [
    ['<div, then "<" runs', (n) => ({ content: framed('<div', '<', '', n - 200) })],
    ['an unclosed tag', (n) => ({ content: framed('<', 'a', '', n - 200) })],
    ['block delimiters', (n) => ({ content: fill('<!-- wp:', n - 200) })],
    ['a block comment of braces', (n) => ({ content: framed('<!-- wp:paragraph ', '{', '', n - 200) })],
    ['many words for the excerpt', (n) => ({ content: framed('<p>', 'hostile ', '</p>', n - 200) })],
    ['entities', (n) => ({ content: fill('&#', n - 200) })],
    ['line breaks', (n) => ({ content: fill('\n\n<p>', n - 200) })],
    ['"<" runs in the title', (n) => ({ content: 'Body', title: fill('<', n - 200) })],
    ['more tags', (n) => ({ content: fill('<!--more-->', n - 200) })],
  ];
  return cases.map(([what, post]) => postCase(`post rendering: ${what}`, post));
}

/** A proxied embed of page `page` of `host`, with the files the site's fetch serves for it. */
function oembedCase(
  name: string,
  variant: Variant,
  host: 'hostile.test' | 'sanctioned.test',
  page: string,
  file: () => [string, string],
): HostileCase {
  return {
    name,
    variant,
    build: () => {
      const [fileName, text] = file();
      return {
        size: text.length,
        pages: { [fileName]: text },
        requests: [{ method: 'GET', path: `/wp-json/oembed/1.0/proxy?url=http%3A%2F%2F${host}%2Fpage%2F${page}`, headers: ADMIN }],
      };
    },
  };
}

/** Provider HTML worst cases, as `[label, build(bytes)]`. */
const PROVIDER_HTML: Array<[string, (n: number) => string]> = [
  ['<pre> openers between line breaks', (n) => framed('<pre>', '\n<pre>', '\n', n)],
  ['iframe tags never closed', (n) => fill('<iframe>', n)],
  ['a blockquote, then iframe tags never closed', (n) => framed('<blockquote>', '<iframe>', '', n)],
  ['an iframe tag of ">" runs', (n) => framed('<iframe ', '>', '', n)],
  ['an iframe, then spaces', (n) => framed('<iframe src="x">', ' ', '', n)],
  ['an iframe of src attributes', (n) => framed('<iframe', ' src="', '></iframe>', n)],
  ['an iframe title of quotes', (n) => framed('<iframe title="', '"', '"></iframe>', n)],
  ['line breaks', (n) => framed('<iframe src="x"></iframe>', '\r\n', '', n)],
  ['"<" runs', (n) => fill('<', n)],
  ['unclosed links', (n) => fill('<a href="', n)],
];

/** Discovery pages, as `[label, build(bytes)]`. */
const DISCOVERY_PAGES: Array<[string, (n: number) => string]> = [
  ['many link tags', (n) => fill('<link ', n)],
  ['a JSON link of unclosed attributes', (n) => framed('<head><link type="application/json+oembed" ', 'a="', '>', n)],
  ['an href of entities', (n) => framed('<head><link type="application/json+oembed" href="', '&amp;', '">', n)],
  ['link tags of unquoted attributes', (n) => fill('<link type=application/json+oembed a=b c ', n)],
  ['no head end', (n) => framed('<html><head><title>', 'x', '', n)],
  ['"<" runs', (n) => fill('<', n)],
];

function oembedCases(): HostileCase[] {
  const cases: HostileCase[] = [];
  let page = 0;
  for (const [label, size] of [
    ['16 KiB', 16 * 1024],
    ['500 KiB', 500 * 1024],
  ] as const) {
    for (const [what, build] of PROVIDER_HTML) {
      for (const host of ['hostile.test', 'sanctioned.test'] as const) {
        const name = `doc${page++}`;
        const kind = host === 'hostile.test' ? 'untrusted' : 'sanctioned';
        const document = () => fitted(size, (n) => ({ version: '1.0', type: 'rich', title: 'Hostile', html: build(n - 80) }));
        cases.push(
          oembedCase(`oEmbed ${kind} provider HTML ${label}: ${what}`, page % 2 === 0 ? 'A' : 'B', host, name, () => [
            `${name}.json`,
            document(),
          ]),
        );
      }
    }
  }
  for (const [what, build] of DISCOVERY_PAGES) {
    const name = `page${page++}`;
    cases.push(
      oembedCase(`oEmbed discovery page 500 KiB: ${what}`, page % 2 === 0 ? 'A' : 'B', 'hostile.test', name, () => [
        `${name}.html`,
        build(500 * 1024),
      ]),
    );
  }
  return cases;
}

function batchCases(): HostileCase[] {
  const item = Math.floor(BODY / 25) - 64;
  const batch = (requests: () => unknown[]) => () => JSON.stringify({ requests: requests() });
  const cases: Array<[string, Variant, () => string]> = [
    ['a 100,000-character item path', 'A', batch(() => [{ path: framed('/core/v2/posts/', 'a', '', 100_000) }])],
    [
      '25 long item paths of digits',
      'B',
      batch(() => Array.from({ length: 25 }, () => ({ path: framed('/core/v2/posts/', '1', 'x', item), method: 'DELETE' }))),
    ],
    ['25 long item paths of slashes', 'A', batch(() => Array.from({ length: 25 }, () => ({ path: framed('http://', '/', '', item) })))],
    [
      '25 items of long queries',
      'B',
      batch(() => Array.from({ length: 25 }, () => ({ path: framed('/hostile/v1/shapes?', 'a=1&', 'text=x', 2000) }))),
    ],
    [
      '25 items of hostile bodies',
      'A',
      batch(() =>
        Array.from({ length: 25 }, () => ({ path: '/hostile/v1/shapes', body: { text: fill('%AA', item - 40), _fields: 'text' } })),
      ),
    ],
    [
      '25 items of many headers',
      'B',
      batch(() =>
        Array.from({ length: 25 }, () => ({
          path: '/hostile/v1/shapes',
          body: { text: 'x' },
          headers: Object.fromEntries(Array.from({ length: item / 16 }, (_, i) => [`h${i}`, 'v'])),
        })),
      ),
    ],
  ];
  return cases.map(([what, variant, json]) => jsonCase(`batch: ${what}`, variant, '/wp-json/batch/v1', json));
}

/** The abilities routes: a run's input checked against the ability's schema before its permission, names matched by the run route's lazy pattern. */
function abilityCases(): HostileCase[] {
  const run = '/wp-json/core-abilities/v1/abilities/core/get-site-info/run?';
  const abilities = '/wp-json/core-abilities/v1/abilities/';
  const cases: Array<[string, () => string]> = [
    ['an input list of many fields', () => framed(run, 'input[fields][]=name&', '', URL_DEFAULT)],
    ["an input field nested past PHP's 64 levels", () => framed(run, `input[fields]${'[a]'.repeat(70)}=1&`, '', URL_DEFAULT)],
    ['an ability name of many slashes before /run', () => framed(abilities, 'a/', 'run', URL_DEFAULT)],
    ['an ability name of many slashes, no /run', () => framed(abilities, 'a/', 'x', URL_DEFAULT)],
  ];
  return cases.map(([what, path]) => getCase(`core-abilities: ${what}`, 'B', path));
}

/** Every hostile case, by entry point. */
export function hostileCases(): Record<string, HostileCase[]> {
  return {
    "query strings (16 KiB, Node's default header limit)": queryCases(URL_DEFAULT, '16 KiB'),
    'query strings (1 MiB, a raised header limit)': queryCases(URL_RAISED, '1 MiB'),
    'JSON bodies': jsonCases(),
    'form bodies': formCases(),
    'multipart bodies': multipartCases(),
    formats: formatCases(),
    'contact-form tag types': contactFormCases(),
    'post rendering': postCases(),
    oEmbed: oembedCases(),
    batch: batchCases(),
    'core-abilities': abilityCases(),
  };
}
