// Yoast's screens driven end to end as a new site's administrator drives them, on the SQL store
// (embedded PGlite, and a PostgreSQL server when SITE_REST_TEST_DATABASE_URL names one): a post
// written through core/v2, the setup wizard, the bulk editor, the sidebar's scores indexed and
// counted, the AI generator on the recorded Yoast AI (its server calling the site back, its first
// token refused once), and the heads `get_head` answers for the post, its category, the home page
// and a 404 — the same again from a second server on the same tables, as after a restart.
import { afterAll, describe, expect, it } from 'vitest';
import { packagedFixtures, serviceDoubles, serviceRecordings } from '../src/cli/fixtures.js';
import { createRestServer, variantB, type RestServer, type SiteStore } from '../src/index.js';
import type { SqlClient } from '../src/store/sql/client.js';
import { sqlStore } from '../src/store/sql/index.js';
import { freshPrefix, testDatabases } from './helpers/sql-backends.js';
import { userWith } from './helpers/users.js';

const HOME = 'http://flows.test';
const SITE = { name: 'Flows Site', url: HOME };
const NS = '/seo-b/v1';
const admin = userWith(1, 'administrator');
const DB_MS = 120_000;

/** Variant B's core/v2 and seo-b on `store`, every outside service on its recorded double. */
function serverOn(store: SiteStore): RestServer {
  const doubles = serviceDoubles(serviceRecordings(packagedFixtures()));
  const seoB = {
    yoastAi: doubles['seo-b/yoast-ai'],
    siteInsights: doubles['seo-b/site-insights'],
    semrush: doubles['seo-b/semrush'],
    wincher: doubles['seo-b/wincher'],
  };
  return createRestServer({ site: SITE, store, namespaces: variantB({ only: ['core/v2', 'seo-b/v1'], seoB }), onError: () => {} });
}

type Head = {
  html: string;
  json: { title: string; description?: string; canonical?: string; schema: { '@graph': Array<{ '@type': unknown }> } };
  status: number;
};

async function headOf(rest: RestServer, url: string): Promise<Head> {
  const answer = await rest.inject<Head>({ path: `${NS}/get_head`, query: { url } });
  expect(answer.status).toBe(200);
  return answer.data;
}

describe.each(testDatabases())('Yoast SEO driven as a new site uses it', (database) => {
  const db = database();
  let client: SqlClient | undefined;
  afterAll(async () => {
    await client?.close();
    await db.dispose();
  });

  it(
    `walks the wizard, the bulk editor, the scores, the AI generator and the heads on ${db.name}, and keeps them for the next server`,
    async () => {
      client = await db.open();
      const prefix = freshPrefix();
      const store = await sqlStore({ ...client, close: async () => undefined }, { tablePrefix: prefix });
      const rest = serverOn(store);
      const call = (method: string, route: string, body?: unknown) =>
        rest.inject<Record<string, unknown>>({ method, path: `${NS}${route}`, user: admin, ...(body === undefined ? {} : { body }) });

      const news = await store.terms.insert({ taxonomy: 'category', name: 'News', slug: 'news' });
      const written = await rest.inject<{ id: number; link: string }>({
        method: 'POST',
        path: '/core/v2/posts',
        user: admin,
        body: { title: 'Hello Yoast', content: '<p>Words about <a href="http://flows.test/">the site</a>.</p>', status: 'publish' },
      });
      expect(written.status).toBe(201);
      const { id, link } = written.data;
      await store.terms.setObjectTerms(id, 'category', [news.term_id]);

      // The first-time configuration wizard, step by step.
      const representation = await call('POST', '/configuration/site_representation', {
        company_or_person: 'company',
        company_name: 'Acme',
        company_logo: '',
        company_logo_id: 0,
        company_or_person_user_id: 0,
      });
      expect(representation.data).toEqual({ success: true, status: 200 });
      const social = await call('POST', '/configuration/social_profiles', {
        facebook_site: 'https://facebook.com/acme',
        twitter_site: 'acme',
        other_social_urls: [],
      });
      expect(social.status).toBe(200);
      expect((await call('POST', '/configuration/enable_tracking', { tracking: false })).data).toEqual({ success: true, status: 200 });
      const steps = ['siteRepresentation', 'socialProfiles', 'personalPreferences'];
      expect((await call('POST', '/configuration/save_configuration_state', { finishedSteps: steps })).status).toBe(200);
      expect((await call('GET', '/configuration/get_configuration_state')).data).toEqual({ success: true, status: 200, data: steps });

      // The bulk editor lists the post and writes its search appearance.
      const listed = await rest.inject<{ posts: Array<{ id: number; seo_title: string }> }>({
        path: `${NS}/bulk_editor/posts`,
        query: { content_type: 'post' },
        user: admin,
      });
      expect(listed.data.posts.map((post) => post.id)).toContain(id);
      const updated = await call('POST', '/bulk_editor/update_search', {
        items: [{ id, seo_title: '%%title%% %%sep%% Acme SEO', meta_description: 'All about Yoast.', focus_keyphrase: 'yoast' }],
      });
      expect(updated.data).toEqual({ results: [{ id, success: true }] });

      // The sidebar's analysis saves its scores with the post; indexing then counts them.
      await store.postMeta.update(id, '_yoast_wpseo_linkdex', '82');
      await store.postMeta.update(id, '_yoast_wpseo_content_score', '60');
      let nextUrl: unknown = true;
      for (let batch = 0; nextUrl !== false; batch++) {
        expect(batch).toBeLessThan(10);
        const indexed = await call('POST', '/indexing/posts');
        expect(indexed.status).toBe(200);
        nextUrl = indexed.data.next_url;
      }
      const amounts = async (route: string) => {
        const answer = await rest.inject<{ scores: Array<{ name: string; amount: number }> }>({
          path: `${NS}${route}`,
          query: { contentType: 'post' },
          user: admin,
        });
        return Object.fromEntries(answer.data.scores.map((score) => [score.name, score.amount]));
      };
      expect((await amounts('/seo_scores')).good).toBe(1);
      expect((await amounts('/readability_scores')).ok).toBe(1);

      // The AI generator: consent, then suggestions through Yoast's PKCE callback and one refused token.
      expect((await call('POST', '/ai_generator/consent', { consent: true })).status).toBe(200);
      const suggestions = await call('POST', '/ai_generator/get_suggestions', {
        type: 'seo-title',
        prompt_content: 'Words about the site.',
        focus_keyphrase: 'yoast',
        language: 'en',
        platform: 'Google',
        editor: 'gutenberg',
      });
      expect(suggestions.status).toBe(200);
      expect(Array.isArray(suggestions.data) && suggestions.data.length > 0).toBe(true);
      expect(JSON.stringify(suggestions.data)).not.toMatch(/eyJ/);

      // The heads a headless front end asks for.
      const heads = async (server: RestServer) => ({
        post: await headOf(server, link),
        term: await headOf(server, `${HOME}/category/news/`),
        home: await headOf(server, `${HOME}/`),
        missing: (await server.inject<Head>({ path: `${NS}/get_head`, query: { url: `${HOME}/no-such-page/` } })).data,
      });
      const first = await heads(rest);
      expect(first.post.status).toBe(200);
      expect(first.post.json.title).toBe('Hello Yoast - Acme SEO');
      expect(first.post.json.description).toBe('All about Yoast.');
      expect(first.post.json.canonical).toBe(link);
      expect(first.post.html).toContain('<title>Hello Yoast - Acme SEO</title>');
      expect(first.term.status).toBe(200);
      expect(first.term.json.title).toContain('News');
      expect(first.home.status).toBe(200);
      expect(first.missing.status).toBe(404);
      expect(first.missing.json.title).toContain('Page not found');

      const again = serverOn(await sqlStore({ ...client, close: async () => undefined }, { tablePrefix: prefix }));
      expect(await heads(again)).toEqual(first);
      expect((await again.inject({ path: `${NS}/configuration/get_configuration_state`, user: admin })).data).toEqual({
        success: true,
        status: 200,
        data: steps,
      });
    },
    DB_MS,
  );
});
