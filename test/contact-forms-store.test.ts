// Contact forms and their submissions kept in the site store as Contact Form 7 and Flamingo keep
// them, on the memory store and on embedded PGlite (each store a fresh table prefix of one
// database), and on a PostgreSQL server when SITE_REST_TEST_DATABASE_URL names one: the REST
// answers round-trip, and the rows are the plugins'.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  contactForms,
  createRestServer,
  memoryStore,
  seedContactForms,
  type RestServer,
  type RestUser,
  type SiteStore,
} from '../src/index.js';
import { postgresStore } from '../src/store.js';
import type { SqlClient } from '../src/store/sql/client.js';
import { sqlStore } from '../src/store/sql/index.js';
import { loggedSubmissions } from './helpers/flamingo-log.js';
import { TEST_DATABASE_URL, freshPrefix, pgliteDatabase, postgresDatabase } from './helpers/sql-backends.js';

const NS = '/contact-forms/v1';
const QUIZ_FORM = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'contact-forms', 'quiz-form.json'), 'utf8')) as Record<
  string,
  unknown
>;
const SITE = { name: 'Forms Site', url: 'http://forms.test' };
const editor: RestUser = { id: 2, username: 'editor', can: (cap) => ['read', 'edit_posts', 'publish_pages'].includes(cap) };

/** One PGlite database for the file; each store on it a fresh table prefix, so fresh and empty. */
const pglite = pgliteDatabase();
let client: SqlClient | undefined;
afterAll(async () => {
  await client?.close();
  await pglite.dispose();
});

async function pgliteOnPrefix(): Promise<SiteStore> {
  client ??= await pglite.open();
  return sqlStore({ ...client, close: async () => undefined }, { tablePrefix: freshPrefix() });
}

const backends: Array<[string, () => Promise<SiteStore>]> = [
  ['memory', async () => memoryStore()],
  ['PGlite', pgliteOnPrefix],
];

function serverOn(store: SiteStore, maxSubmissions?: number): RestServer {
  return createRestServer({ site: SITE, store, namespaces: [contactForms({ maxSubmissions })], onError: () => {} });
}

async function submit(rest: RestServer, id: number, fields: Record<string, string>, userAgent = 'vitest'): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ _wpcf7_unit_tag: `wpcf7-f${id}-o1`, ...fields })) form.append(name, value);
  const request = new Request('http://forms.test/', { method: 'POST', body: form });
  const answer = await rest.inject({
    method: 'POST',
    path: `${NS}/contact-forms/${id}/feedback`,
    body: await request.text(),
    headers: { 'Content-Type': request.headers.get('content-type')!, 'User-Agent': userAgent },
  });
  return (answer.data as { status: string }).status;
}

const MAIL = {
  subject: 'Hello from [your-name]',
  sender: 'Site <site@forms.test>',
  recipient: 'office@forms.test',
  body: 'Message: [your-message]',
  additional_headers: 'Reply-To: [your-email]',
};

describe.each(backends)('contact forms on the %s store', (_name, open) => {
  const opened: SiteStore[] = [];
  const fresh = async () => {
    const store = await open();
    opened.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of opened) await store.close();
  });

  it('creates, reads, lists, updates and deletes a form through the REST routes', async () => {
    const store = await fresh();
    const rest = serverOn(store);
    const created = await rest.inject({
      method: 'POST',
      path: `${NS}/contact-forms`,
      body: { title: 'Café menu', locale: 'fr_FR', form: '[text* your-name]', mail: MAIL, additional_settings: 'demo_mode: on' },
      user: editor,
    });
    expect(created.status).toBe(200);
    const { id } = created.data as { id: number };
    const read = await rest.inject<{ slug: string; title: string; locale: string; properties: Record<string, unknown> }>({
      path: `${NS}/contact-forms/${id}`,
      user: editor,
    });
    expect(read.data).toMatchObject({ id, slug: 'cafe-menu', title: 'Café menu', locale: 'fr_FR' });
    expect(read.data.properties).toMatchObject({
      form: { content: '[text* your-name]' },
      mail: { ...MAIL, active: true, use_html: false },
      additional_settings: { content: 'demo_mode: on' },
    });

    const updated = await rest.inject({ method: 'PUT', path: `${NS}/contact-forms/${id}`, body: { title: 'Lunch menu' }, user: editor });
    expect(updated.data).toMatchObject({ id, slug: 'cafe-menu', title: 'Lunch menu' });
    const listed = await rest.inject<Array<{ id: number; title: string; hash: string }>>({ path: `${NS}/contact-forms`, user: editor });
    expect(listed.data.map((form) => form.title)).toEqual(['Lunch menu']);
    expect(listed.data[0]!.hash).toMatch(/^[0-9a-f]{7}$/);

    expect((await rest.inject({ method: 'DELETE', path: `${NS}/contact-forms/${id}`, user: editor })).data).toEqual({ deleted: true });
    expect((await rest.inject({ path: `${NS}/contact-forms/${id}`, user: editor })).status).toBe(404);
    expect((await store.posts.query({ type: ['wpcf7_contact_form'] })).total).toBe(0);
  });

  it('keeps a form as CF7 does: a published wpcf7_contact_form post with its properties in CF7’s post meta', async () => {
    const store = await fresh();
    const rest = serverOn(store);
    const created = await rest.inject({
      method: 'POST',
      path: `${NS}/contact-forms`,
      body: { title: 'Quote', form: '[email* your-email]', mail: MAIL },
      user: editor,
    });
    const { id } = created.data as { id: number };
    const post = await store.posts.get(id);
    expect(post).toMatchObject({
      post_type: 'wpcf7_contact_form',
      post_status: 'publish',
      post_title: 'Quote',
      post_name: 'quote',
      post_author: 2,
    });
    // CF7's save() flattens the properties into the content, which WP_Query's search reads.
    expect(post!.post_content.split('\n').slice(0, 4)).toEqual(['[email* your-email]', '1', MAIL.subject, MAIL.sender]);
    const meta = (await store.postMeta.getMany([id])).get(id)!;
    expect(Object.keys(meta).sort()).toEqual(['_additional_settings', '_form', '_hash', '_locale', '_mail', '_mail_2', '_messages']);
    expect(meta._form).toEqual(['[email* your-email]']);
    expect(meta._mail![0]).toMatchObject({ ...MAIL, active: true });
    expect(meta._hash![0]).toMatch(/^[0-9a-f]{40}$/);
    expect(meta._locale).toEqual(['en_US']);
    const search = await rest.inject<Array<{ id: number }>>({
      path: `${NS}/contact-forms`,
      query: { search: 'office@forms' },
      user: editor,
    });
    expect(search.data.map((form) => form.id)).toEqual([id]);
  });

  it('seeds CF7’s "Contact form 1" into an empty store only', async () => {
    const store = await fresh();
    expect(await seedContactForms(store)).toMatchObject({ title: 'Contact form 1', slug: 'contact-form-1' });
    expect(await seedContactForms(store)).toBeNull();
    const rest = serverOn(store);
    const listed = await rest.inject<Array<{ title: string }>>({ path: `${NS}/contact-forms`, user: editor });
    expect(listed.data.map((form) => form.title)).toEqual(['Contact form 1']);
  });

  it('hashes quiz answers alike in two servers sharing the store, with the nonce_salt it keeps', async () => {
    const store = await fresh();
    const [one, two] = [serverOn(store), serverOn(store)];
    const created = await one.inject<{ id: number }>({ method: 'POST', path: `${NS}/contact-forms`, body: QUIZ_FORM, user: editor });
    const refill = async (rest: RestServer) =>
      (await rest.inject<{ quiz: Record<string, [string, string]> }>({ path: `${NS}/contact-forms/${created.data.id}/refill` })).data.quiz;
    const [fromOne, fromTwo] = await Promise.all([refill(one), refill(two)]);
    expect(fromOne.capital).toEqual(fromTwo.capital);
    expect(await store.options.get('nonce_salt')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logs submissions as Flamingo inbound messages, spam by status, the oldest dropped past maxSubmissions', async () => {
    const store = await fresh();
    const form = (await seedContactForms(store))!;
    const rest = serverOn(store, 2);
    for (const name of ['Ana', 'Ben', 'Cy']) {
      const status = await submit(rest, form.id, {
        'your-name': name,
        'your-email': `${name.toLowerCase()}@example.com`,
        'your-subject': `Hi from ${name}`,
        'your-message': 'Hello',
        password: 'hunter2',
      });
      expect(status).toBe('mail_sent');
    }
    let logged = await loggedSubmissions(store);
    expect(logged.map((entry) => entry.fields['your-name'])).toEqual(['Ben', 'Cy']);
    expect(logged[1]).toMatchObject({
      title: 'Hi from Cy',
      postStatus: 'publish',
      status: 'mail_sent',
      formId: form.id,
      userAgent: 'vitest',
    });
    expect(logged[1]!.metaKeys).toEqual([
      '_field_your-email',
      '_field_your-message',
      '_field_your-name',
      '_field_your-subject',
      '_fields',
      '_from',
      '_from_email',
      '_from_name',
      '_meta',
      '_subject',
      '_submission_status',
    ]);
    expect(await store.postMeta.get(logged[1]!.id, '_from')).toEqual(['Cy <cy@example.com>']);
    // A credential-named field is never stored, not even in the content.
    const { posts } = await store.posts.query({ type: ['flamingo_inbound'] });
    expect(posts.every((post) => !post.post_content.includes('hunter2'))).toBe(true);

    // CF7 takes a submission without a User-Agent for spam; Flamingo files it under its spam status.
    const fields = { 'your-name': 'Bot', 'your-email': 'bot@example.com', 'your-subject': 'Buy', 'your-message': 'Now' };
    expect(await submit(rest, form.id, fields, '')).toBe('spam');
    logged = await loggedSubmissions(store);
    expect(logged.map((entry) => [entry.fields['your-name'], entry.status, entry.postStatus])).toEqual([
      ['Cy', 'mail_sent', 'publish'],
      ['Bot', 'spam', 'flamingo-spam'],
    ]);
  });
});

/** Submissions sent at once through two servers, each on its own store over one database. */
async function concurrentSubmissions(stores: [SiteStore, SiteStore], cap: number, each: number): Promise<void> {
  const form = (await seedContactForms(stores[0]))!;
  const servers = stores.map((store) => serverOn(store, cap));
  const sent = servers.flatMap((rest, s) =>
    Array.from({ length: each }, (_, i) =>
      submit(rest, form.id, { 'your-name': `S${s}-${i}`, 'your-email': 'a@example.com', 'your-subject': 'Hi', 'your-message': 'Hello' }),
    ),
  );
  expect(new Set(await Promise.all(sent))).toEqual(new Set(['mail_sent']));
}

describe('the submission log under concurrent writers', () => {
  it('keeps exactly the cap when two servers share a PGlite store', async () => {
    const store = await pgliteOnPrefix();
    await concurrentSubmissions([store, store], 5, 8);
    expect(await loggedSubmissions(store)).toHaveLength(5);
  });

  it.skipIf(TEST_DATABASE_URL === undefined)(
    'loses none and keeps exactly the cap when two stores on one PostgreSQL server write at once',
    async () => {
      const database = postgresDatabase(TEST_DATABASE_URL!);
      const opened: SiteStore[] = [];
      const pair = async (): Promise<[SiteStore, SiteStore]> => {
        const tablePrefix = freshPrefix();
        const one = await postgresStore({ connectionString: TEST_DATABASE_URL!, tablePrefix });
        const two = await postgresStore({ connectionString: TEST_DATABASE_URL!, tablePrefix });
        opened.push(one, two);
        return [one, two];
      };
      try {
        const capped = await pair();
        await concurrentSubmissions(capped, 5, 10);
        expect(await loggedSubmissions(capped[0])).toHaveLength(5);
        // Under the cap, none is lost.
        const roomy = await pair();
        await concurrentSubmissions(roomy, 100, 10);
        expect(await loggedSubmissions(roomy[1])).toHaveLength(20);
      } finally {
        for (const store of opened) await store.close();
        await database.dispose();
      }
    },
  );
});
