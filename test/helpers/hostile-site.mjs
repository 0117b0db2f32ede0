// The demo site test/hostile-inputs.test.ts attacks, served by the node adapter in a process of
// its own: a request that blocks the event loop for minutes then blocks only this process, which
// the test kills, instead of the test runner. Like the examples it imports the built package
// (`npm test` builds first).
//
//   node test/helpers/hostile-site.mjs A|B <pages-dir>
//
// prints one JSON line, {"port", "formId", "quizAnswer"}, once listening (the last two for
// variant B: the id of its form of every tag type, and the quiz answer hash a browser gets with
// it). The site: variant A or B's namespaces on the sample posts; variant B's contact forms with
// that form, and its host toolkit with a control panel that echoes what it is forwarded; the
// `hostile/v1` routes (one per `format`, answered by the mock's echo); and a request header
// `x-hostile-role: administrator` that signs in as an administrator. oEmbed
// reaches no network: its fetch serves http://hostile.test/page/<name> and
// http://sanctioned.test/page/<name> from <pages-dir>/<name>.html (a page naming the oEmbed
// endpoint when that file is missing), and a page's oEmbed document from <pages-dir>/<name>.json
// (a small rich document when missing). sanctioned.test is a sanctioned provider, so its HTML
// skips the untrusted-HTML filter.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import {
  capabilitiesOf,
  createRestServer,
  DEFAULT_OEMBED_PROVIDERS,
  memoryStore,
  modulesFromIndex,
  samplePosts,
  seedPosts,
  variantModules,
} from 'site-rest';
import { createNodeHandler, createUserStore } from 'site-rest/node';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'hostile');
const [variant, pagesDir] = process.argv.slice(2);
if ((variant !== 'A' && variant !== 'B') || !pagesDir) throw new Error('usage: hostile-site.mjs A|B <pages-dir>');

const adminCaps = capabilitiesOf(['administrator']);
const admin = { id: 1, username: 'admin', can: (capability) => adminCaps.has(capability) };
const users = await createUserStore({ users: [{ username: 'admin', roles: ['administrator'] }] });

const DISCOVERY_PAGE = '<html><head><link rel="alternate" type="application/json+oembed" href="http://hostile.test/oembed"></head></html>';
const DOCUMENT = JSON.stringify({
  version: '1.0',
  type: 'rich',
  title: 'Embedded',
  html: '<iframe src="http://hostile.test/frame"></iframe>',
});

/** A file of the pages directory, or `fallback` when it has none of that name. */
async function page(name, fallback) {
  try {
    return await readFile(join(pagesDir, name));
  } catch {
    return fallback;
  }
}

/** The fetch oEmbed is given: hostile.test and sanctioned.test answered from the pages directory. */
async function hostileFetch(input) {
  const url = new URL(String(input));
  if (url.pathname.startsWith('/page/')) {
    return new Response(await page(`${url.pathname.slice(6)}.html`, DISCOVERY_PAGE), { headers: { 'content-type': 'text/html' } });
  }
  if (url.hostname === 'hostile.test' && url.pathname === '/oembed') {
    const of = new URL(url.searchParams.get('url') ?? 'http://hostile.test/');
    const name = of.pathname.slice(of.pathname.lastIndexOf('/') + 1);
    return new Response(await page(`${name}.json`, DOCUMENT), { headers: { 'content-type': 'application/json' } });
  }
  return new Response('not found', { status: 404 });
}

const index = JSON.parse(readFileSync(join(FIXTURES, 'routes.json'), 'utf8'));
const store = memoryStore();
await seedPosts(store, samplePosts());
const rest = createRestServer({
  site: { name: 'Hostile inputs', url: 'http://127.0.0.1' },
  store,
  namespaces: [
    ...variantModules(variant, {
      users,
      oembed: {
        fetch: hostileFetch,
        providers: [...DEFAULT_OEMBED_PROVIDERS, { pattern: /^http:\/\/sanctioned\.test\//i, endpoint: 'http://hostile.test/oembed' }],
        cacheSize: 0,
      },
      // The host toolkit's panel echoes what it was forwarded, so hostile slugs, queries and bodies come back through the relay.
      hostToolkit: {
        hostPanel: {
          request: async ({ method, slug, query, body }) => ({ status: 200, body: { method, slug, query, body: body ?? null } }),
        },
        panelLimits: { maxBytes: 64 * 1024 * 1024 },
      },
    }),
    ...modulesFromIndex(index.routes),
  ],
  authenticate: (request) => (request.headers['x-hostile-role'] === 'administrator' ? admin : null),
  onError: (error, { phase, method, route }) =>
    process.stderr.write(
      `unexpected error in ${phase} ${method ?? ''} ${route ?? ''}: ${error instanceof Error ? error.stack : String(error)}\n`,
    ),
});

let formId = null;
let quizAnswer = null;
if (variant === 'B') {
  const form = JSON.parse(readFileSync(join(FIXTURES, 'every-tag-form.json'), 'utf8'));
  const created = await rest.inject({ method: 'POST', path: '/contact-forms/v1/contact-forms', body: form, user: admin });
  if (created.status !== 200) throw new Error(`cannot create the every-tag form: ${created.body}`);
  formId = created.data.id;
  // The hash a browser gets with the quiz question, so that a submission can be valid.
  const refill = await rest.inject({ path: `/contact-forms/v1/contact-forms/${formId}/refill` });
  quizAnswer = refill.data.quiz.capital[1];
}

// Hosts may raise Node's 16 KiB header limit; the suite sends URLs up to 1 MiB.
const http = createServer({ maxHeaderSize: 2 * 1024 * 1024 }, createNodeHandler(rest));
http.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: http.address().port, formId, quizAnswer })}\n`));
