// Issue 10, deliverable 2: hostile inputs answered while the site stays live. Every entry point of the demo site gets
// inputs built to be worst-case up to the size the site accepts (test/helpers/hostile-inputs.ts),
// over a real socket through the node adapter. Each is answered, never with a 5xx or a stack trace,
// while a probe `GET /wp-json/` sent meanwhile still gets its answer. The bound is one of liveness,
// not speed: a super-linear path on these sizes blocks for minutes to hours, far past it, while
// CI's noise stays far inside it. How fast each input is answered is measured by
// `node bench/hostile-inputs.mjs` (and `HOSTILE_REPORT=<file>` records every request here). Property tests with fast-check back this up over random hostile requests to
// every route of both variants.
//
// The site runs in child processes (test/helpers/hostile-site.mjs, on the built package: `npm
// test` builds first, else run `npm run build`), so that an input that blocks its event loop for
// hours blocks only a process the test can kill and start again.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { hostileCases, MiB, type BuiltCase, type HostileCase, type HostileRequest, type Variant } from './helpers/hostile-inputs.js';
import { propertyRuns } from './helpers/property-runs.js';

const ROOT = join(import.meta.dirname, '..');
const SITE_SCRIPT = join(ROOT, 'test', 'helpers', 'hostile-site.mjs');

/**
 * How long a request of `bytes` may take before the site is taken for hung, killed and started
 * again: 5 s plus 10 s per MiB, some twenty times what a linear path takes on a busy CI machine.
 * `HOSTILE_HARD_CAP_MS` raises it to measure failing cases.
 */
function hardCapMs(bytes: number): number {
  return Number(process.env.HOSTILE_HARD_CAP_MS ?? 0) || Math.round(5000 + (10_000 * bytes) / MiB);
}

/** A probe may wait this much longer than the hostile request's cap before it counts as unanswered. */
const PROBE_SLACK_MS = 250;

/** A running demo site. */
interface Site {
  variant: Variant;
  port: number;
  formId: number;
  quizAnswer: string;
  child: ChildProcessWithoutNullStreams;
  /** What the site wrote to stderr (its `onError` reports) since the last look. */
  errors: string[];
}

const pagesDir = mkdtempSync(join(tmpdir(), 'site-rest-hostile-'));
const sites = new Map<Variant, Site>();

async function startSite(variant: Variant): Promise<Site> {
  if (!existsSync(join(ROOT, 'dist', 'index.js'))) throw new Error('hostile-inputs runs on the built package: run `npm run build` first');
  const child = spawn(process.execPath, [SITE_SCRIPT, variant, pagesDir], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const errors: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => errors.push(chunk));
  const facts = await new Promise<{ port: number; formId: number | null; quizAnswer: string | null }>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`hostile site ${variant} did not start in 15 s: ${errors.join('')}`)), 15_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!out.includes('\n')) return;
      clearTimeout(timer);
      resolve(JSON.parse(out) as { port: number; formId: number | null; quizAnswer: string | null });
    });
    child.on('exit', (code) => reject(new Error(`hostile site ${variant} exited with ${code}: ${errors.join('')}`)));
  });
  return { variant, port: facts.port, formId: facts.formId ?? 0, quizAnswer: facts.quizAnswer ?? '', child, errors };
}

async function site(variant: Variant): Promise<Site> {
  const running = sites.get(variant);
  if (running && running.child.exitCode === null && running.child.signalCode === null) return running;
  const started = await startSite(variant);
  sites.set(variant, started);
  return started;
}

function stop(variant: Variant): void {
  const running = sites.get(variant);
  sites.delete(variant);
  running?.child.kill('SIGKILL');
}

afterAll(() => {
  for (const variant of [...sites.keys()]) stop(variant);
  rmSync(pagesDir, { recursive: true, force: true });
});

/** What a request got: its status and body, or nothing within the cap; and how long it took. */
interface Answer {
  status: number | null;
  body: string;
  ms: number;
  /** Why there is no answer: the cap passed, or the connection failed. */
  failure?: string;
}

/**
 * Sends a request on a connection of its own. `sent` resolves once the whole request is written;
 * the answer resolves when the response has ended, or with a failure after `capMs`.
 */
function send(port: number, req: HostileRequest, capMs: number): { sent: Promise<void>; answer: Promise<Answer> } {
  const start = performance.now();
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<Answer>((resolve) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const headers = { ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    // Answers may carry headers past Node's 16 KiB default (pagination links repeat the query); read them.
    const outgoing = request({
      host: '127.0.0.1',
      port,
      method: req.method,
      path: req.path,
      headers,
      agent: false,
      maxHeaderSize: 4 * MiB,
    });
    const done = (answer: Omit<Answer, 'ms'>) => {
      clearTimeout(timer);
      markSent();
      resolve({ ...answer, ms: Math.round(performance.now() - start) });
    };
    const timer = setTimeout(() => {
      outgoing.destroy();
      done({ status: null, body: '', failure: `no answer within ${capMs} ms` });
    }, capMs);
    outgoing.on('finish', markSent);
    outgoing.on('error', (error) => done({ status: null, body: '', failure: error.message }));
    outgoing.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => done({ status: null, body: '', failure: error.message }));
    });
    outgoing.end(body);
  });
  return { sent, answer };
}

/**
 * The 5xx answers a plugin gives on purpose, by route: SEOPress's `by-url` returns WP_Errors without
 * a status, which WordPress serves as 500 (plugins.md's cross-cutting notes keep that quirk).
 */
const INTENDED_5XX: Readonly<Record<string, readonly string[]>> = {
  '/seo-a/v1/posts/by-url': ['missing_parameters', 'not_found'],
  // Kadence: `include` as text fails `count()` in its validator (PHP 8's TypeError), `/reset`'s
  // callback does not exist, `get_library`'s upstream error has no status, and an unknown event
  // label is answered `{message: "Event not handled."}` with 500.
  '/blocksuite/v1/post-query': ['internal_server_error'],
  '/blocksuite-design-library/v1/reset': ['rest_invalid_handler'],
  '/blocksuite-design-library/v1/get_library': ['http_request_failed'],
  '/blocksuite-design-library/v1/handle_event': ['Event not handled.'],
  // Yoast's custom-field search takes `strlen()` of `query`: a list or object is PHP 8's TypeError.
  '/seo-b/v1/meta/search': ['internal_server_error'],
  // Site Kit wraps `activate_plugin()`'s error for the missing WP Consent API in a WP_Error without a status.
  '/site-insights/v1/core/site/data/consent-api-activate': ['invalid_module_slug'],
  // Site Kit's module info and activation pass `Modules::get_module`'s exception for a slug no module has on as a WP_Error without a status.
  '/site-insights/v1/core/modules/data/info': ['invalid_module_slug'],
  '/site-insights/v1/core/modules/data/activation': ['invalid_module_slug'],
};

/** A JSONP answer: the callback's name, then the JSON it is called with. */
const JSONP = /^\/\*\*\/[\w.]+\(([^]*)\)$/;

/**
 * Whether an answer is a 5xx its plugin gives on purpose for that route, by its `code` (or its
 * `message`, for a plugin's answer that has no code); a HEAD's, without its body, by route alone.
 */
function intended5xx(path: string, method: string, status: number | null, body: string): boolean {
  if (status !== 500 || !Object.hasOwn(INTENDED_5XX, path)) return false;
  if (method === 'HEAD') return body === '';
  try {
    // A `_jsonp` request's answer is its JSON wrapped as WordPress wraps it: `/**/callback(…)`.
    const json = JSONP.exec(body)?.[1] ?? body;
    const answer = JSON.parse(json) as { code?: unknown; message?: unknown };
    return INTENDED_5XX[path]!.includes((answer.code ?? answer.message) as string);
  } catch {
    return false;
  }
}

/** A stack trace, or a source location, in an answer body. */
const STACK_TRACE = /\n\s+at \S|node:internal|\.(?:ts|js|mjs):\d+:\d+/;

/** One measured request of a case and the probes sent while it ran. */
interface Measured {
  label: string;
  hostile: Answer;
  probes: Answer[];
}

const PROBE: HostileRequest = { method: 'GET', path: '/wp-json/' };

/** How often a probe is sent while the hostile request runs. */
const PROBE_INTERVAL_MS = 100;

/** Resolves after `ms`, or as soon as `settled` does, whichever comes first. */
async function untilEither(ms: number, settled: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, ms))), settled]);
  clearTimeout(timer);
}

/**
 * Sends `req` and, once it is written, a probe every {@link PROBE_INTERVAL_MS} until it is
 * answered: a request that reads its body or fetches asynchronously may block only later, and
 * the probe waiting longest shows the longest time the site was blocked.
 */
async function attack(running: Site, req: HostileRequest, capMs: number): Promise<Measured> {
  const hostile = send(running.port, req, capMs);
  let answered = false;
  void hostile.answer.then(() => (answered = true));
  await hostile.sent;
  const probes: Array<Promise<Answer>> = [];
  do {
    // The wait ends early when the answer comes: the last probe, sent after it, then goes at once
    // instead of up to a whole interval later, when the site has long been idle.
    await untilEither(probes.length === 0 ? 10 : PROBE_INTERVAL_MS, hostile.answer);
    probes.push(send(running.port, PROBE, capMs + PROBE_SLACK_MS).answer);
  } while (!answered);
  const label = `${req.method} ${req.path.length > 60 ? `${req.path.slice(0, 57)}...` : req.path}`;
  const answer = await hostile.answer;
  // A site that could not answer in time is stuck: killing it answers the waiting probes at once.
  if (answer.status === null) stop(running.variant);
  return { label, hostile: answer, probes: await Promise.all(probes) };
}

/** The problems of one measured request, as lines naming the case, the input size and the time. */
function problemsOf(name: string, size: number, { label, hostile, probes }: Measured): string[] {
  const what = `${name} (${size} bytes), ${label}`;
  const problems: string[] = [];
  if (hostile.status === null) problems.push(`${what}: ${hostile.failure ?? 'no answer'} after ${hostile.ms} ms`);
  else {
    if (hostile.status >= 500) problems.push(`${what}: answered ${hostile.status}: ${hostile.body.slice(0, 200)}`);
    if (STACK_TRACE.test(hostile.body)) problems.push(`${what}: the answer shows a stack trace: ${hostile.body.slice(0, 200)}`);
  }
  const unanswered = probes.find((probe) => probe.status !== 200);
  if (unanswered) problems.push(`${what}: a probe GET /wp-json/ got ${unanswered.status ?? unanswered.failure} after ${unanswered.ms} ms`);
  return problems;
}

/** A copy of a request with `{id}` in its path replaced. */
function withId(req: HostileRequest, id: string): HostileRequest {
  return { ...req, path: req.path.replaceAll('{id}', id) };
}

/** The id in a JSON answer, or `0`. */
function answeredId(answer: Answer): string {
  try {
    const data = JSON.parse(answer.body) as { id?: unknown };
    return typeof data.id === 'number' ? String(data.id) : '0';
  } catch {
    return '0';
  }
}

/** Runs a case: each request measured with a probe beside it; a site that stops answering is restarted. */
async function runCase(hostileCase: HostileCase): Promise<{ built: BuiltCase; problems: string[]; measured: Measured[] }> {
  let running = await site(hostileCase.variant);
  const built = hostileCase.build(running);
  for (const [name, text] of Object.entries(built.pages ?? {})) writeFileSync(join(pagesDir, name), text);
  running.errors.length = 0;
  const capMs = hardCapMs(built.size);
  const problems: string[] = [];
  const measured: Measured[] = [];
  let id = '0';
  for (const [i, req] of built.requests.entries()) {
    const bytes = req.body === undefined ? 0 : Buffer.byteLength(req.body);
    if (bytes > MiB) problems.push(`${hostileCase.name}: the input builder made a ${bytes}-byte body, over the 1 MiB the site reads`);
    const result = await attack(running, withId(req, id), capMs);
    if (i === 0) id = answeredId(result.hostile);
    measured.push(result);
    problems.push(...problemsOf(hostileCase.name, built.size, result));
    if (result.hostile.status === null) running = await site(hostileCase.variant);
  }
  for (const req of built.cleanup ?? []) await send(running.port, withId(req, id), capMs).answer;
  // The site reports before it answers, but its stderr may reach this process a little later.
  await new Promise((resolve) => setTimeout(resolve, 10));
  const logged = running.errors
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('unexpected error'));
  if (logged.length > 0) problems.push(`${hostileCase.name}: the site logged ${logged[0]}`);
  return { built, problems, measured };
}

/** Where `HOSTILE_REPORT` names a file, one JSON line per measured request is appended to it (for reports). */
function record(name: string, size: number, measured: Measured[]): void {
  const file = process.env.HOSTILE_REPORT;
  if (!file) return;
  const lines = measured.map(({ label, hostile, probes }) =>
    JSON.stringify({
      case: name,
      size,
      label,
      status: hostile.status,
      ms: hostile.ms,
      failure: hostile.failure,
      answer: hostile.body.slice(0, 160),
      probes: probes.length,
      probesAnswered: probes.filter((probe) => probe.status === 200).length,
      slowestProbeMs: Math.max(...probes.map((probe) => probe.ms)),
    }),
  );
  writeFileSync(file, `${lines.join('\n')}\n`, { flag: 'a' });
}

/** Time for the longest case: six requests, each up to its cap with a probe beside it, and restarts. */
const CASE_TIMEOUT_MS = 6 * (2 * hardCapMs(MiB) + PROBE_SLACK_MS) + 30_000;

it('the every-tag form takes the valid submission the contact-form cases start from, so their values reach the mail', async () => {
  const valid = hostileCases()['contact-form tag types']!.find((hostileCase) => hostileCase.name === 'contact form: a valid submission')!;
  const running = await site('B');
  const [req] = valid.build(running).requests;
  const answer = await send(running.port, req!, 10_000).answer;
  expect(JSON.parse(answer.body)).toMatchObject({ status: 'mail_sent' });
});

for (const [entryPoint, cases] of Object.entries(hostileCases())) {
  describe(`hostile ${entryPoint}`, () => {
    for (const hostileCase of cases) {
      it(
        `${hostileCase.name}: answered, no 5xx, probes answered`,
        async () => {
          const { built, problems, measured } = await runCase(hostileCase);
          record(hostileCase.name, built.size, measured);
          expect(problems, problems.join('\n')).toEqual([]);
        },
        CASE_TIMEOUT_MS,
      );
    }
  });
}

/* ------------------------------------------------------------ property tests */

/** Keys that name a prototype or a member of Object.prototype. */
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** WTF-8: UTF-8 that keeps lone surrogates as their three bytes, as a hostile client may send them. */
function wtf8(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Buffer.from(bytes);
}

/** Every byte percent-encoded: a query component a client may send, lone surrogates included. */
function percentEncoded(text: string): string {
  return [...wtf8(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** Short hostile strings: repeated hostile units kept short (the cases above take the long ones), control characters, lone surrogates, huge numbers. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.constantFrom('<', '%', '%0', '[', ']', '.', '1', '1-', '@', ' ', '\\', '"', '{', '&#', '\r\n', '<!-- wp:', 'a.'), fc.nat(24))
    .map(([unit, n]) => unit.repeat(n)),
  fc.constantFrom('\0', '\x1b', '\u2028', '\ud800', '\udfff', '\ud83d', '\ufeff', '%00', '%ED%A0%80'),
  fc.constantFrom('1e309', '-1e309', '-0', '9'.repeat(400), 'NaN', 'Infinity', '0x10', '1e-400', '2023-01-01T10:00:60', '+99:99'),
  fc.constantFrom(...PROTO_KEYS),
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...PROTO_KEYS), hostileString);

/** JSON values with hostile keys and strings, a few levels deep, or nested past PHP's depth. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        hostileString,
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        tie('list'),
        tie('map'),
      ),
      list: fc.array(tie('value'), { maxLength: 5 }),
      map: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 5 }),
    })).value,
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 500, max: 700 })
      .map((depth) => ({ deep: JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown })),
  },
);

/** JSON text of a value whose maps are `[key, value]` pairs: `__proto__` stays an ordinary member. */
function jsonText(value: unknown): string {
  if (Array.isArray(value) && value.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string')) {
    return `{${value.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

const paramName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '_fields',
    '_envelope',
    '_method',
    '_jsonp',
    '_pretty',
    '_embed',
    'rest_route',
    'context',
    'per_page',
    'page',
    'search',
    'url',
    'value',
    'text',
    'list',
    'object',
    'status',
    'requests',
    'id',
    'format',
    'discover',
  ),
  hostileKey.map((key) => (key.includes('[') ? key : `a[${key}]`)),
  hostileKey,
);

const queryString: fc.Arbitrary<string> = fc
  .array(fc.tuple(paramName, hostileString), { maxLength: 6 })
  .map((pairs) => pairs.map(([name, value]) => `${percentEncoded(name)}=${percentEncoded(value)}`).join('&'));

const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'text/plain',
  'application/json; charset=utf-16',
  'application/merge-patch+json',
  'application/json+oembed',
  ';',
  '0',
  'multipart/form-data; boundary="',
  `multipart/form-data; boundary=${'b'.repeat(5200)}`,
);

/** A request body for `type`: hostile JSON, urlencoded pairs, multipart parts, or hostile bytes. */
const hostileBody: fc.Arbitrary<Buffer> = fc.oneof(
  hostileJson.map((value) => wtf8(jsonText(value))),
  queryString.map((text) => Buffer.from(text)),
  fc
    .array(fc.tuple(paramName, hostileString), { maxLength: 5 })
    .map((parts) =>
      Buffer.concat([
        ...parts.map(([name, value]) => wtf8(`--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
        Buffer.from('--x--\r\n'),
      ]),
    ),
  hostileString.map(wtf8),
);

/** The concrete paths of a site's routes: each `(?P<name>…)` filled in by `fill`. */
async function routePaths(running: Site): Promise<string[]> {
  const index = await send(running.port, { method: 'GET', path: '/wp-json/' }, 10_000).answer;
  const routes = Object.keys((JSON.parse(index.body) as { routes: Record<string, unknown> }).routes);
  return routes.map((route) => route.replace(/\(\?P<[^>]+>[^()]*(?:\([^()]*\)[^()]*)*\)/g, '{param}'));
}

describe.each(['A', 'B'] as const)('hostile requests to every route of variant %s (fast-check)', (variant) => {
  it('answer no 5xx, show no stack trace, and never make the site report an exception', async () => {
    const running = await site(variant);
    const paths = await routePaths(running);
    const param = fc.oneof(fc.constantFrom('1', '4', '2', '999999999999999999999', '0'), hostileString.map(percentEncoded));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        param,
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
        queryString,
        contentType,
        hostileBody,
        fc.boolean(),
        async (path, filled, method, query, type, body, signedIn) => {
          running.errors.length = 0;
          const headers: Record<string, string> = {
            ...(type === undefined ? {} : { 'content-type': type }),
            ...(signedIn ? { 'x-hostile-role': 'administrator' } : {}),
          };
          const target = `/wp-json${path.replaceAll('{param}', filled)}${query ? `?${query}` : ''}`;
          const answer = await send(
            running.port,
            { method, path: target, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body },
            10_000,
          ).answer;
          // The site reports before it answers, but its stderr may reach this process a little later.
          await new Promise((resolve) => setTimeout(resolve, 10));
          const what = `${method} ${target} (${type ?? 'no content type'}): ${answer.status ?? answer.failure} ${answer.body.slice(0, 200)}`;
          expect(answer.status, what).not.toBeNull();
          if (!intended5xx(path, method, answer.status, answer.body)) expect(answer.status, what).toBeLessThan(500);
          expect(STACK_TRACE.test(answer.body), what).toBe(false);
          expect(running.errors.join(''), what).toBe('');
        },
      ),
      { numRuns: propertyRuns({ ci: 100, deep: 300 }) },
    );
  }, 120_000);
});
