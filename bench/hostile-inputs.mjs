// `node bench/hostile-inputs.mjs [case …] [--sizes=a,b,…] [--store=pglite]` (after `npm run build`):
// the time one request takes for each super-linear input of issue 10 that the ReDoS sweep's fixes
// made linear, through `createRestServer(…).inject`. Sizes are in input characters; by default the
// sizes the issue measured and 1 MiB. `--store=pglite` runs the seo-a cases on an embedded PGlite
// store instead of the memory store. Prints a Markdown table. Not part of the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRestServer, memoryStore, seoA, variantA, variantB } from '../dist/index.js';
import { pgliteStore } from '../dist/store.js';

const MIB = 1024 * 1024;
const SITE = { name: 'Bench', url: 'http://bench.test' };
const editor = { id: 2, username: 'editor', can: (cap) => ['read', 'edit_posts', 'publish_pages'].includes(cap) };

/** A multipart/form-data body as a browser sends it. */
async function multipart(fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://bench.test/', { method: 'POST', body: form });
  return { body: await request.text(), contentType: request.headers.get('content-type') };
}

/** Variant B with a form holding a long text, an email and a tel field; answers the form's id. */
async function formsServer() {
  const rest = createRestServer({ site: SITE, namespaces: variantB(), onError: () => {} });
  const form = '[text your-name maxlength:2000000] [email your-email] [tel your-phone]';
  const created = await rest.inject({
    method: 'POST',
    path: '/contact-forms/v1/contact-forms',
    body: { title: 'Bench', form, messages: { mail_sent_ok: 'Thanks, [your-name]!' } },
    user: editor,
  });
  if (created.status !== 200) throw new Error(`form not created: ${created.body}`);
  return { rest, id: created.data.id };
}

/** A host route taking one string arg of each `format`. */
function schemaServer() {
  const args = Object.fromEntries(['email', 'uri', 'text-field', 'textarea-field'].map((format) => [format, { type: 'string', format }]));
  const route = {
    path: '/field',
    endpoints: [{ methods: 'POST', permission: 'public', args, handler: (request) => ({ length: JSON.stringify(request.params).length }) }],
  };
  return createRestServer({ site: SITE, namespaces: [{ namespace: 'bench/v1', routes: [route] }], onError: () => {} });
}

const submit = (field, value) => async () => {
  const { rest, id } = await formsServer();
  const { body, contentType } = await multipart({ _wpcf7_unit_tag: 'wpcf7-f1-o1', [field]: value });
  const headers = { 'Content-Type': contentType, 'User-Agent': 'bench' };
  return () => rest.inject({ method: 'POST', path: `/contact-forms/v1/contact-forms/${id}/feedback`, body, headers });
};

const schemaArg = (format, value) => async () => {
  const rest = schemaServer();
  return () => rest.inject({ method: 'POST', path: '/bench/v1/field', body: { [format]: value } });
};

const PROSE = 'Sed ut perspiciatis unde omnis iste natus error sit voluptatem accusantium doloremque laudantium, totam rem aperiam. ';

const args = process.argv.slice(2);
const usePglite = args.includes('--store=pglite');
/** PGlite stores and their data directories, closed and removed when the bench ends. */
const opened = [];

/** The store the seo-a cases run on. */
async function seoStore() {
  if (!usePglite) return memoryStore();
  const dataDir = mkdtempSync(join(tmpdir(), 'site-rest-hostile-'));
  const store = await pgliteStore({ dataDir });
  opened.push({ store, dataDir });
  return store;
}

/**
 * `seo-a/v1/search-url?url=…` (on the memory store, or PGlite with `--store=pglite`) on a site of 200 published posts, each titled
 * with 10,000 characters and slugged with 200: a's (the worst a `_` can meet: every prefix of the
 * piece matches everywhere), or prose.
 */
const seoSearch =
  (url, unit = 'a') =>
  async () => {
    const store = await seoStore();
    const title = unit.repeat(Math.ceil(10_000 / unit.length)).slice(0, 10_000);
    for (let i = 0; i < 200; i++)
      await store.posts.insert({ post_title: title, post_name: `${'a'.repeat(196)}${i}`, post_status: 'publish' });
    const rest = createRestServer({ site: SITE, store, namespaces: [seoA()], onError: () => {} });
    return () => rest.inject({ path: '/seo-a/v1/search-url', body: { url }, headers: { 'content-type': 'application/json' } });
  };

const repeatTo = (unit, n) => unit.repeat(Math.max(1, Math.floor(n / unit.length)));
/** `open` n/3 times, then `close` n/3 times: needles nested inside each other. */
const nested = (open, close, n) => open.repeat(Math.floor(n / 3)) + close.repeat(Math.floor(n / 3));

/** Each hostile input: how to build it at `n` characters, the entry point, and the sizes measured. */
const CASES = {
  'cf tel (digits + x)': { sizes: [25, 31, MIB], make: (n) => submit('your-phone', `${'1'.repeat(n - 1)}x`) },
  'cf email (a@a + spaces + b)': { sizes: [120_004, MIB], make: (n) => submit('your-email', `a@a${' '.repeat(n - 4)}b`) },
  'cf name <style>… (mail-tag message, tags stripped)': { sizes: [60_000, MIB], make: (n) => submit('your-name', repeatTo('<style>', n)) },
  'format email (a@a + spaces + b)': { sizes: [120_004, MIB], make: (n) => schemaArg('email', `a@a${' '.repeat(n - 4)}b`) },
  'format uri (%0…%0d…d)': { sizes: [60_000, MIB], make: (n) => schemaArg('uri', nested('%0', 'd', n)) },
  'format text-field (%4…%41…1)': { sizes: [60_000, MIB], make: (n) => schemaArg('text-field', nested('%4', '1', n)) },
  'format text-field (<style>…)': { sizes: [60_000, MIB], make: (n) => schemaArg('text-field', repeatTo('<style>', n)) },
  'format textarea-field (a + NULs + b)': { sizes: [60_000, MIB], make: (n) => schemaArg('textarea-field', `a${'\0'.repeat(n - 2)}b`) },
  'oembed/1.0/embed url (%0…%0d…d)': {
    sizes: [60_000, MIB],
    make: (n) => async () => {
      const rest = createRestServer({ site: SITE, namespaces: variantA(), onError: () => {} });
      return () => rest.inject({ path: '/oembed/1.0/embed', query: { url: nested('%0', 'd', n) } });
    },
  },
  'seo-a search-url LIKE (%a%a…%b, over 2 MB of titles)': { sizes: [64, 4096, MIB], make: (n) => seoSearch(`${repeatTo('%a', n - 1)}b`) },
  'seo-a search-url LIKE (a_a_…b, over 2 MB of titles)': { sizes: [64, 200], make: (n) => seoSearch(`${repeatTo('a_', n - 1)}b`) },
  'seo-a search-url LIKE (e_e_…b, over 2 MB of prose titles)': {
    sizes: [64, 200],
    make: (n) => seoSearch(`${repeatTo('e_', n - 1)}b`, PROSE),
  },
  'seo-a search-url LIKE (aa…ab, over 2 MB of titles)': { sizes: [64, 200], make: (n) => seoSearch(`${'a'.repeat(n - 1)}b`) },
  'seo-a search-url LIKE (%%%…, over 2 MB of titles)': { sizes: [MIB], make: (n) => seoSearch('%'.repeat(n)) },
  '_fields (a.a.a…)': {
    sizes: [100_000, MIB],
    make: (n) => async () => {
      const rest = createRestServer({ site: SITE, namespaces: variantA(), onError: () => {} });
      return () => rest.inject({ path: '/core/v2/posts', query: { _fields: repeatTo('a.', n) } });
    },
  },
};

const sizesArg = args.find((a) => a.startsWith('--sizes='));
const only = args.filter((a) => !a.startsWith('--'));
const rows = ['| input | size (chars) | status | ms |', '|---|---:|---:|---:|'];
for (const [name, spec] of Object.entries(CASES)) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  const sizes = sizesArg ? sizesArg.slice(8).split(',').map(Number) : spec.sizes;
  for (const size of sizes) {
    const request = await spec.make(size)();
    const started = performance.now();
    const answer = await request();
    const ms = performance.now() - started;
    const row = `| ${name} | ${size.toLocaleString('en')} | ${answer.status} | ${ms.toFixed(1)} |`;
    console.error(row);
    rows.push(row);
  }
}
console.log(rows.join('\n'));
for (const { store, dataDir } of opened) {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}
