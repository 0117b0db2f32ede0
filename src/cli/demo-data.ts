// The data `site-rest serve` writes into a new store: a contact form and the sample posts. The
// build writes them once into the demo's PGlite template (`store/sql/pglite-template.ts`), so a
// new data directory starts with them; on any other store they are written on its first start.
import { seedContactForms } from '../namespaces/contact-forms/index.js';
import { samplePosts, seedPosts } from '../namespaces/core-posts/index.js';
import type { SiteFacts } from '../core/types.js';
import type { SiteStore, StoreTables } from '../store/types.js';
import { WXR_IMPORTED_OPTION } from '../wxr/import/importer.js';

/** The demo site's users, as the recorded WordPress site had them. */
export const DEMO_USERS = [
  { username: 'admin', roles: ['administrator'], email: 'admin@example.test' },
  { username: 'author', roles: ['author'], email: 'author@example.test' },
  { username: 'subscriber', roles: ['subscriber'], email: 'subscriber@example.test' },
];

/** The demo site's facts at `url`, as variant A or B presents them. */
export function demoSite(variant: 'A' | 'B', url: string): SiteFacts {
  const site: SiteFacts = { name: 'Example Site', description: '', url, home: url, gmt_offset: '0', timezone_string: '' };
  return variant === 'B' ? { ...site, page_for_posts: 0, page_on_front: 0, show_on_front: 'posts' } : site;
}

/** The option marking a store the demo has started on; its value is when. */
const DEMO_SEEDED_OPTION = 'site_rest_demo_seeded';

/** The address the demo's template is written for: the demo's default (a form's hash is made with it). */
export const DEMO_TEMPLATE_HOME = 'http://127.0.0.1:8080';

/** Writes the demo's contact form and sample posts into a store that has none of them yet. */
export async function seedDemoData(tables: StoreTables, home: string): Promise<void> {
  // The form first: it takes id 1, below the sample posts' own ids 4–28.
  await seedContactForms(tables, { home });
  const { total } = await tables.posts.query({ type: ['post'], limit: 0 });
  if (total === 0) await seedPosts(tables, samplePosts());
}

/**
 * Writes the demo's data on the store's first start only, in one transaction with the marker
 * option, so a restart keeps what was written and seeds nothing twice, a start cut short seeds
 * again, and processes starting at once on one database seed once. A store made from the demo's
 * template has the data already and gets only the marker, and so does a store holding an import
 * (`site-rest import`): the imported site is the site. Answers whether this was the first start.
 */
export async function seedOnce(store: SiteStore, home: string): Promise<boolean> {
  return store.transaction(async (tx) => {
    if (!(await tx.options.add(DEMO_SEEDED_OPTION, new Date().toISOString(), false))) return false;
    // A store holding a WordPress site's import is that site: the demo adds none of its content (its users still get passwords).
    if ((await tx.options.get(WXR_IMPORTED_OPTION)) === undefined) await seedDemoData(tx, home);
    return true;
  });
}
