// `node bench/issue10-replay.mjs` (after `npm run build`): replays each finding of issue 10 against
// the demo server (`site-rest serve --variant A|B`, `site-rest mock`, and the hostile-inputs test's
// site for oEmbed provider HTML, the one input the demo cannot fetch: its proxy refuses loopback),
// over real sockets on 127.0.0.1 only. Each hostile request is sent beside a probe `GET /wp-json/`
// sent once the request is written; a row gives the input's size, the status and code, how long
// the answer took and how long the probe waited. Bounded: about 550 requests, each capped at 60 s.
// Prints Markdown. Not part of the tests.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRestServer } from '../dist/index.js';

const ROOT = join(import.meta.dirname, '..');
const CAP_MS = 60_000;
const KIB = 1024;
const MIB = 1024 * KIB;
const ADMIN_PASSWORD = 'JYjArBocMBLFl8bF044teAtu';
const ADMIN = { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` };
const JSON_TYPE = { 'content-type': 'application/json' };
const tmp = mkdtempSync(join(tmpdir(), 'issue10-replay-'));
const children = [];
const rows = [];
const notes = [];

/** Starts a child process and resolves with its port once `portOf` finds one in its output. */
function startProcess(args, portOf) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start: ${out}`)), 20_000);
    const look = (chunk) => {
      out += chunk;
      const port = portOf(out);
      if (port) {
        clearTimeout(timer);
        resolve({ port, child, output: () => out });
      }
    };
    child.stdout.setEncoding('utf8').on('data', look);
    child.stderr.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${out}`)));
  });
}

const serve = (variant) =>
  startProcess(
    ['dist/cli.js', 'serve', '--memory', '--variant', variant, '--port', '0', '--app-password', `admin:${ADMIN_PASSWORD}`],
    (out) => out.match(/127\.0\.0\.1:(\d+)/)?.[1],
  );

/** One request on its own connection; `onSent` runs once the whole request is written. */
function send(port, { method = 'GET', path, headers = {}, body }, onSent = () => {}) {
  const started = performance.now();
  const bytes = body === undefined ? undefined : Buffer.from(body);
  return new Promise((resolve) => {
    const outgoing = request({
      host: '127.0.0.1',
      port,
      method,
      path,
      agent: false,
      maxHeaderSize: 4 * MIB,
      headers: { ...headers, ...(bytes ? { 'content-length': bytes.length } : {}) },
    });
    const timer = setTimeout(() => outgoing.destroy(new Error(`no answer in ${CAP_MS} ms`)), CAP_MS);
    const done = (answer) => {
      clearTimeout(timer);
      resolve({ ...answer, ms: performance.now() - started });
    };
    outgoing.on('finish', onSent);
    outgoing.on('response', (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    outgoing.on('error', (error) => done({ status: null, headers: {}, body: String(error.message) }));
    outgoing.end(bytes);
  });
}

/** A hostile request and a probe `GET /wp-json/` sent once the hostile one is written. */
async function hostile(port, req) {
  let probe = Promise.resolve({ ms: NaN, status: 0 });
  const answer = await send(port, req, () => {
    probe = send(port, { path: '/wp-json/' });
  });
  const probed = await probe;
  return { ...answer, probeMs: probed.ms, probeStatus: probed.status };
}

/** The WordPress error code of an answer, or the first batch item's status and code. */
function codeOf(answer) {
  try {
    const data = JSON.parse(answer.body);
    if (Array.isArray(data?.responses)) return data.responses.map((r) => `${r.status} ${r.body?.code ?? ''}`.trim()).join(', ');
    return data?.code ?? '';
  } catch {
    return answer.body.slice(0, 60).replace(/\s+/g, ' ');
  }
}

function row(finding, variant, input, size, answer, extra = '') {
  const line = `| ${finding} | ${variant} | ${input} | ${size.toLocaleString('en')} | ${answer.status} ${codeOf(answer)} | ${answer.ms.toFixed(0)} | ${answer.probeMs?.toFixed(0) ?? ''} | ${extra} |`;
  console.error(line);
  rows.push(line);
}

const note = (text) => {
  console.error(text);
  notes.push(text);
};

function rssMiB(pid) {
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
  return kb / 1024;
}

/** A multipart/form-data body as a browser sends it. */
async function multipart(fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const made = new Request('http://replay.test/', { method: 'POST', body: form });
  return { body: Buffer.from(await made.arrayBuffer()), headers: { 'content-type': made.headers.get('content-type') } };
}

const post = (port, path, body, headers = ADMIN) =>
  send(port, { method: 'POST', path, headers: { ...headers, ...JSON_TYPE }, body: JSON.stringify(body) });
const nested = (open, close, n) => open.repeat(Math.floor(n / 3)) + close.repeat(Math.floor(n / 3));

async function variantA() {
  const { port } = await serve('A');
  // format: uri cleanup (deepReplace) and the text-field loop, through the public oEmbed endpoint;
  // 60 KB does not fit Node's 16 KiB request head, so the URL goes in a JSON body, as WordPress reads it.
  for (const size of [60_000, MIB - 64]) {
    const url = nested('%0', 'd', size);
    const answer = await hostile(port, {
      method: 'POST',
      path: '/wp-json/oembed/1.0/embed',
      headers: { ...JSON_TYPE, 'x-http-method-override': 'GET' },
      body: JSON.stringify({ url }),
    });
    row('format: uri / text-field cleanup via oEmbed', 'A', 'url `%0…%0d…d` (JSON body, GET override)', size, answer);
  }
  const inQuery = await hostile(port, {
    path: `/wp-json/oembed/1.0/embed?url=${encodeURIComponent(nested('%0', 'd', 12_000)).slice(0, 15_000)}`,
  });
  row('format: uri / text-field cleanup via oEmbed', 'A', 'url `%0…%0d…d` in the query', 15_000, inQuery);

  // Post rendering: a published post of `<div` + n `<`, re-rendered by every anonymous list view.
  for (const n of [60_000, MIB - 200]) {
    const created = await post(port, '/wp-json/core/v2/posts', { title: 'Hostile', status: 'publish', content: `<div${'<'.repeat(n)}` });
    const list = await hostile(port, { path: '/wp-json/core/v2/posts' });
    row(
      'post rendering',
      'A',
      `content \`<div\` + ${n.toLocaleString('en')} \`<\`: anonymous list view`,
      n + 4,
      list,
      `create: ${created.status} in ${created.ms.toFixed(0)} ms`,
    );
    const id = JSON.parse(created.body).id;
    await send(port, { method: 'DELETE', path: `/wp-json/core/v2/posts/${id}?force=true`, headers: ADMIN });
  }

  // Batch item paths against route regexes.
  for (const n of [2_048, 2_049, 100_000, MIB - 100]) {
    const path = `/core/v2/posts/${'a'.repeat(n - 15)}`;
    const answer = await hostile(port, {
      method: 'POST',
      path: '/wp-json/batch/v1',
      headers: JSON_TYPE,
      body: JSON.stringify({ requests: [{ path }] }),
    });
    row('batch item path', 'A', 'one item, path `/core/v2/posts/aaa…`', path.length, answer);
  }

  // A batch item's method through __proto__ (the batch method enum is POST, PUT, PATCH, DELETE).
  const protoBatch = await hostile(port, {
    method: 'POST',
    path: '/wp-json/batch/v1',
    headers: JSON_TYPE,
    body: '{"requests":[{"path":"/core/v2/posts","__proto__":{"method":"GET"}}]}',
  });
  row('`__proto__` in a batch item', 'A', '`{"path":"/core/v2/posts","__proto__":{"method":"GET"}}`, anonymous', 70, protoBatch);

  // Password-protected posts and anonymous search.
  const secret = await post(port, '/wp-json/core/v2/posts', {
    title: 'Protected',
    status: 'publish',
    password: 'pw',
    content: 'zebraquokka secret text',
  });
  const secretId = JSON.parse(secret.body).id;
  for (const { who, headers } of [
    { who: 'anonymous', headers: {} },
    { who: 'admin', headers: ADMIN },
  ]) {
    const found = await send(port, { path: '/wp-json/core/v2/posts?search=zebraquokka', headers });
    const ids = JSON.parse(found.body).map((p) => p.id);
    row('protected post in search', 'A', `${who} \`?search=zebraquokka\` (post ${secretId} has a password)`, 11, found, `ids: [${ids}]`);
  }
  for (const guess of ['zebraq', 'zebraquokka secret t']) {
    const found = await send(port, { path: `/wp-json/core/v2/posts?search=${encodeURIComponent(guess)}` });
    row(
      'protected post in search',
      'A',
      `anonymous prefix guess \`${guess}\``,
      guess.length,
      found,
      `ids: [${JSON.parse(found.body).map((p) => p.id)}]`,
    );
  }

  // Invalid dates.
  // WordPress reads second 60 and any offset as strtotime does; only dates no post can have are refused.
  for (const date of ['2023-01-01T10:00:60', '2023-01-01T10:00:00+99:99', '0000-01-01T00:00:00+01:00', '9999-12-31T23:59:60']) {
    const created = await post(port, '/wp-json/core/v2/posts', { title: 'Dated', date });
    row(
      'dates',
      'A',
      `admin create, date \`${date}\``,
      date.length,
      created,
      created.status === 201 ? `date_gmt ${JSON.parse(created.body).date_gmt}` : '',
    );
  }

  // Link header: CR/LF in a query key.
  const link = await hostile(port, { path: '/wp-json/core/v2/posts?per_page=1&a%0D%0Ab=1&%E2%9C%93=%0A' });
  row('Link header', 'A', 'query key `a\\r\\nb`, value `\\n`', 44, link, `Link: ${String(link.headers.link).slice(0, 90)}`);

  // SSRF: the demo's proxy (nodeOembedFetch) and loopback names.
  for (const target of [`http://localhost:${port}/wp-json/`, `http://127.0.0.1:${port}/`, `http://[::1]:${port}/`]) {
    const answer = await send(port, { path: `/wp-json/oembed/1.0/proxy?url=${encodeURIComponent(target)}&discover=true`, headers: ADMIN });
    row('SSRF', 'A', `admin proxy to \`${target}\``, target.length, answer);
  }

  // CORS, default 'wordpress'.
  const cors = await send(port, { path: '/wp-json/', headers: { origin: 'https://evil.example' } });
  note(
    `CORS default (A): Access-Control-Allow-Origin=${cors.headers['access-control-allow-origin']}, Allow-Credentials=${cors.headers['access-control-allow-credentials']}, Vary=${cors.headers.vary}`,
  );

  await clientErrors(port, 'A');
  await loginLimit(port);
}

/** HTTP-level client errors over raw sockets. */
async function clientErrors(port, variant) {
  const cases = [
    ['malformed request line', 'GARBAGE / NONSENSE\r\n\r\n', false],
    ['malformed header', 'GET /wp-json/ HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n', false],
    [
      'body short of its Content-Length (half-closed)',
      'POST /wp-json/core/v2/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":',
      false,
    ],
    ['20 KB header', `GET /wp-json/ HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`, true],
  ];
  for (const [what, bytes, keepOpen] of cases) {
    const started = performance.now();
    const raw = await new Promise((resolve) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(bytes);
        if (!keepOpen) socket.end();
      });
      socket.setTimeout(10_000, () => socket.destroy());
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('close', () => resolve(received));
      socket.on('error', () => resolve(received));
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const type = head.match(/content-type: ([^\r]*)/i)?.[1] ?? '';
    const answer = { status: Number(head.split(' ')[1]) || null, body, ms: performance.now() - started };
    row('HTTP-level client error', variant, what, bytes.length, answer, `content-type: ${type}`);
  }
}

/** Failed Basic sign-ins for one user from one address, until the limiter answers 429. */
async function loginLimit(port) {
  const bad = { authorization: `Basic ${Buffer.from('author:wrong-password').toString('base64')}` };
  const statuses = [];
  let limited;
  for (let i = 0; i < 12; i++) {
    const answer = await send(port, { path: '/wp-json/core/v2/posts', headers: bad });
    statuses.push(answer.status);
    if (answer.status === 429) limited ??= answer;
  }
  note(
    `login limiter (A, user author, 127.0.0.1): statuses of 12 bad sign-ins: ${statuses.join(',')}; first 429: code ${limited ? codeOf(limited) : '-'}, Retry-After ${limited?.headers['retry-after'] ?? '-'}`,
  );
  const good = await send(port, { path: '/wp-json/core/v2/posts?context=edit', headers: ADMIN });
  note(`  then the admin from the same address: ${good.status} ${codeOf(good)}`);
}

async function variantB() {
  const { port, child } = await serve('B');
  const created = await post(port, '/wp-json/contact-forms/v1/contact-forms', {
    title: 'Replay',
    form: '[text your-name] [email your-email] [tel your-phone]',
  });
  const formId = JSON.parse(created.body).id;
  if (!formId) throw new Error(`form not created: ${created.body}`);
  const feedback = `/wp-json/contact-forms/v1/contact-forms/${formId}/feedback`;
  const submit = async (fields) => {
    const { body, headers } = await multipart({
      _wpcf7_unit_tag: `wpcf7-f${formId}-o1`,
      'your-name': 'Replay',
      'your-email': 'a@example.test',
      ...fields,
    });
    return { method: 'POST', path: feedback, headers: { ...headers, 'user-agent': 'replay' }, body };
  };
  const inputs = [
    ['contact-forms tel', 'tel: digits + `x`', (n) => ({ 'your-phone': `${'1'.repeat(n - 1)}x` }), [25, 31, 64, MIB - 1024]],
    ['format: email trims', 'email: `a@a` + spaces + `b`', (n) => ({ 'your-email': `a@a${' '.repeat(n - 4)}b` }), [120_004, MIB - 1024]],
  ];
  for (const [finding, input, fields, sizes] of inputs) {
    for (const n of sizes) {
      const answer = await hostile(port, await submit(fields(n)));
      row(finding, 'B', input, n, answer, `status field: ${JSON.parse(answer.body).status ?? ''}`);
    }
  }

  // Memory: anonymous submissions with ~1 MiB of undeclared fields each.
  const before = rssMiB(child.pid);
  const junk = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`junk-${i}`, 'x'.repeat(60 * KIB)]));
  const after = [];
  let last;
  const started = performance.now();
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 120; i++) last = await send(port, await submit(junk));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    after.push(rssMiB(child.pid).toFixed(0));
  }
  note(
    `memory (B): 3 rounds of 120 anonymous submissions of 16 undeclared 60 KiB fields (~0.94 MiB each) in ${((performance.now() - started) / 1000).toFixed(1)} s, last ${last.status} ${JSON.parse(last.body).status}: server RSS ${before.toFixed(0)} MiB before, ${after.join(' / ')} MiB after each round`,
  );

  const path = `/core/v2/posts/${'1'.repeat(100_000)}x`;
  const batch = await hostile(port, {
    method: 'POST',
    path: '/wp-json/batch/v1',
    headers: JSON_TYPE,
    body: JSON.stringify({ requests: [{ path, method: 'DELETE' }] }),
  });
  row('batch item path', 'B', 'one DELETE item, path `/core/v2/posts/111…x`', path.length, batch);

  await clientErrors(port, 'B');
}

/** oEmbed provider HTML through the hostile-inputs test's site (its fetch serves pages from a folder). */
async function providerHtml() {
  const pages = join(tmp, 'pages');
  rmSync(pages, { recursive: true, force: true });
  mkdirSync(pages);
  const shapes = [
    { what: '`<pre>` openers between line breaks', build: (n) => `<pre>${'\n<pre>'.repeat(Math.floor(n / 6))}\n` },
    { what: 'line breaks after an iframe', build: (n) => `<iframe src="x"></iframe>${'\r\n'.repeat(Math.floor(n / 2))}` },
  ];
  const docs = [];
  for (const [i, { what, build }] of shapes.entries()) {
    for (const size of [16 * KIB, 500 * KIB]) {
      for (const host of ['hostile.test', 'sanctioned.test']) {
        const name = `doc${docs.length}`;
        const text = JSON.stringify({ version: '1.0', type: 'rich', title: 'Hostile', html: build(size) });
        writeFileSync(join(pages, `${name}.json`), text);
        docs.push({ name, what, host, size: text.length, shape: i });
      }
    }
  }
  const { port } = await startProcess(['test/helpers/hostile-site.mjs', 'A', pages], (out) => out.match(/"port":(\d+)/)?.[1]);
  for (const { name, what, host, size } of docs) {
    const answer = await hostile(port, {
      path: `/wp-json/oembed/1.0/proxy?url=http%3A%2F%2F${host}%2Fpage%2F${name}`,
      headers: { 'x-hostile-role': 'administrator' },
    });
    row(
      'oEmbed provider HTML',
      'A (test site)',
      `${host === 'sanctioned.test' ? 'sanctioned' : 'untrusted'} provider: ${what}`,
      size,
      answer,
    );
  }
}

const UNSAFE = '^(a+)+$';
const INDEX = {
  name: 'Replay',
  namespaces: ['replay/v1'],
  routes: {
    '/replay/v1/echo': {
      namespace: 'replay/v1',
      methods: ['POST'],
      endpoints: [
        {
          methods: ['POST'],
          args: {
            code: { type: 'string', pattern: UNSAFE, required: false },
            invite: { type: 'object', properties: { role: { type: 'string', enum: ['subscriber'] } }, required: false },
            strict: {
              type: 'object',
              properties: { role: { type: 'string', enum: ['subscriber'] } },
              additionalProperties: false,
              required: false,
            },
          },
        },
      ],
    },
  },
};

/** Schema patterns at registration, and `site-rest mock`: unsafe patterns, `__proto__`, redaction. */
async function patternsAndMock() {
  const route = {
    path: '/x',
    endpoints: [{ methods: ['POST'], permission: 'public', args: { code: { type: 'string', pattern: UNSAFE } }, handler: () => ({}) }],
  };
  try {
    createRestServer({ site: { name: 'R', url: 'http://r.test' }, namespaces: [{ namespace: 'replay/v1', routes: [route] }] });
    note(`registration of pattern ${UNSAFE}: accepted`);
  } catch (error) {
    note(`registration of pattern ${UNSAFE}: refused: ${error.message.split('\n')[0]}`);
  }
  const indexFile = join(tmp, 'index.json');
  writeFileSync(indexFile, JSON.stringify(INDEX));
  const mock = await startProcess(['dist/cli.js', 'mock', indexFile, '--port', '0'], (out) => out.match(/127\.0\.0\.1:(\d+)/)?.[1]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  note(`mock start-up output:\n${mock.output().replace(/^/gm, '    ')}`);
  const echo = (body) => ({ method: 'POST', path: '/wp-json/replay/v1/echo', headers: JSON_TYPE, body });
  for (const n of [31, 100_000]) {
    const answer = await hostile(mock.port, echo(JSON.stringify({ code: `${'a'.repeat(n - 1)}!` })));
    row('schema `pattern` (mock)', 'mock', `\`${UNSAFE}\` in the index, code \`aaa…!\``, n, answer);
  }
  for (const [what, body] of [
    ['`invite.__proto__.role` = administrator (enum subscriber)', '{"invite":{"__proto__":{"role":"administrator"}}}'],
    ['`invite.role` = administrator (enum subscriber)', '{"invite":{"role":"administrator"}}'],
    ['`strict.__proto__` (additionalProperties false)', '{"strict":{"__proto__":{"role":"administrator"}}}'],
    ['`invite.constructor.prototype.role`', '{"invite":{"constructor":{"prototype":{"role":"administrator"}}}}'],
  ]) {
    const answer = await send(mock.port, echo(body));
    row('`__proto__` in an object arg (mock)', 'mock', what, body.length, answer, `body: ${answer.body.slice(0, 110)}`);
  }
  const secrets = {
    password: 'S1-pw',
    access_token: 'S2-tok',
    client_secret: 'S3-cs',
    private_key: 'S4-pk',
    'auth[password]': 'S5-ap',
    'x-api-key': 'S6-xk',
    _wpnonce: 'S7-nonce',
    passwd: 'S8',
    apiKey: 'S9',
    nested: { signature: 'S10' },
  };
  const query = new URLSearchParams(Object.entries(secrets).filter(([, v]) => typeof v === 'string')).toString();
  const leaks = [];
  for (const { how, req } of [
    { how: 'query', req: { method: 'POST', path: `/wp-json/replay/v1/echo?${query}` } },
    { how: 'JSON body', req: echo(JSON.stringify(secrets)) },
    {
      how: 'form body',
      req: {
        method: 'POST',
        path: '/wp-json/replay/v1/echo',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `${query}&nested[signature]=S10`,
      },
    },
  ]) {
    const answer = await send(mock.port, req);
    const shown = Object.values({ ...secrets, nested: 'S10' }).filter((v) => answer.body.includes(v));
    leaks.push(`${how}: ${answer.status}, secrets echoed: ${shown.length ? shown.join(',') : 'none'}`);
  }
  note(
    `mock redaction of ${Object.keys(secrets).join(', ')}, nested.signature: ${leaks.join('; ')}; server output after: ${mock.output().match(/S\d+-/g) ? 'HAS a secret' : 'no secret'}`,
  );
}

try {
  await variantA();
  await variantB();
  await providerHtml();
  await patternsAndMock();
} finally {
  for (const child of children) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
}
console.log(
  '| finding | variant | input | size (bytes) | status / code | answer ms | probe ms | note |\n|---|---|---|---:|---|---:|---:|---|',
);
console.log(rows.join('\n'));
console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
