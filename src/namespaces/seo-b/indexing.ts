// Yoast's indexing actions (src/actions/indexing/*.php) on the site store. Yoast's indexable table
// says which objects are built and which have their links counted; here the indexables are read
// live from the store (indexables.ts), so what is kept is only the walk: a fingerprint beside each
// object (post meta, term meta) of what it was built from, and for link counting the links it
// found. An object whose post, term or meta changed since no longer matches its fingerprint and is
// built again, as Yoast's watchers rebuild a changed post's indexable.
import type { BoundStorage } from '../define.js';
import type { JsonValue, PostRow, TermRow } from '../../store/types.js';
import { isPlainObject } from '../../core/own-property.js';
import { toInt } from '../../core/php/values.js';
import { postAddress } from '../url-to-post.js';
import {
  BUILDER_VERSIONS,
  INDEXABLE_TAXONOMIES,
  NO_LINK_COUNTS,
  POST_META_KEYS,
  TAXONOMY_META_OPTION,
  contentLinks,
  dateArchiveIndexable,
  homePageIndexable,
  postIndexable,
  postTypeArchiveIndexable,
  stamp,
  systemPageIndexable,
  termIndexable,
  termMetaOf,
  type Indexable,
  type LinkCounts,
} from './indexables.js';
import type { SeoBStorage } from './storage.js';

type Storage = BoundStorage<SeoBStorage>;

/** The post or term meta key of an object's build fingerprint. */
const BUILT = '_yoast_indexable_built';
/** The post or term meta key of what link counting found: `{stamp, count, targets}`. */
const LINKS = '_yoast_indexable_links';
/** The post meta key of how many objects link to a post. */
const INCOMING = '_yoast_indexable_incoming';
/** The option listing the built indexables without an object of their own (archives, home page, system pages) by their builder version. */
const BUILT_OPTION = 'wpseo_indexables_built';

/** Yoast's batch sizes (`wpseo_*_indexation_limit`, `wpseo_link_indexing_limit`; the general action's 4). */
export const LIMITS = { posts: 25, terms: 25, archives: 25, general: 4, links: 5 } as const;

/** Posts read per store query while looking for ones to build. */
const SCAN_PAGE = 200;

/** The site facts the indexing needs. */
export interface IndexingSite {
  /** The home URL, no trailing slash. */
  home: string;
  /** The post types Yoast indexes (public, attachments left out). */
  postTypes: readonly string[];
  /** The post types with an archive page. */
  archiveTypes: readonly string[];
  /** Whether the front page lists the posts (`show_on_front` `posts` and no `page_on_front`): only then has it a home-page indexable. */
  blogFront: boolean;
}

/** The settings object an option holds, or an empty one. */
export function settingsOf(value: JsonValue | undefined): Readonly<Record<string, JsonValue>> {
  return isPlainObject(value) ? value : {};
}

/** Each post of some types and statuses, by ascending id, a page of the store at a time. */
async function* postsOf(storage: Storage, types: readonly string[], status?: string[]): AsyncGenerator<PostRow[]> {
  for (let offset = 0; ; offset += SCAN_PAGE) {
    const page = await storage.queryPosts({
      type: [...types],
      ...(status ? { status } : {}),
      orderby: 'ID',
      order: 'asc',
      offset,
      limit: SCAN_PAGE,
    });
    if (page.posts.length > 0) yield page.posts;
    if (page.posts.length < SCAN_PAGE) return;
  }
}

/** What a post's indexable is built from, as its fingerprint covers it. */
const postStamp = (post: PostRow, meta: Readonly<Record<string, JsonValue>>): string =>
  stamp(BUILDER_VERSIONS.post, [post, POST_META_KEYS.map((key) => meta[key] ?? null)]);

/** What a term's indexable is built from. */
const termStamp = (term: TermRow, meta: Readonly<Record<string, JsonValue>>): string => stamp(BUILDER_VERSIONS.term, [term, meta]);

/** The link counts kept beside an object. */
function linkCountsOf(meta: Readonly<Record<string, JsonValue>>): LinkCounts {
  const links = meta[LINKS];
  const counted = isPlainObject(links) ? toInt(links.count ?? 0) : null;
  const incoming = meta[INCOMING];
  return { linkCount: counted, incoming: incoming === undefined ? (counted === null ? null : 0) : toInt(incoming) };
}

/** The meta keys a post's indexable is read from, its link counts included. */
const POST_READ_KEYS: readonly string[] = [...POST_META_KEYS, LINKS, INCOMING];

/** The indexables of some posts, read from the store as they are now. */
export async function postIndexables(storage: Storage, posts: readonly PostRow[], home: string): Promise<Indexable[]> {
  const metas = await storage.getPostsMeta(
    posts.map((post) => post.ID),
    POST_READ_KEYS,
  );
  return posts.map((post) => {
    const meta = metas.get(post.ID) ?? {};
    return postIndexable(post, meta, home, linkCountsOf(meta));
  });
}

/** `Indexable_Post_Indexation_Action::index`: up to 25 posts not built (or changed since), built. */
export async function indexPosts(storage: Storage, site: IndexingSite): Promise<Indexable[]> {
  const built: Indexable[] = [];
  for await (const posts of postsOf(storage, site.postTypes)) {
    const candidates = posts.filter((post) => post.post_status !== 'auto-draft');
    const metas = await storage.getPostsMeta(
      candidates.map((post) => post.ID),
      [...POST_READ_KEYS, BUILT],
    );
    for (const post of candidates) {
      const meta = metas.get(post.ID) ?? {};
      const fingerprint = postStamp(post, meta);
      if (meta[BUILT] === fingerprint) continue;
      await storage.setPostMeta(post.ID, new Map([[BUILT, fingerprint]]));
      built.push(postIndexable(post, meta, site.home, linkCountsOf(meta)));
      if (built.length >= LIMITS.posts) return built;
    }
  }
  return built;
}

/** The terms of the indexable taxonomies, with their `wpseo_taxonomy_meta` option. */
async function indexableTerms(storage: Storage): Promise<{ terms: TermRow[]; option: JsonValue | undefined }> {
  const lists = await Promise.all(INDEXABLE_TAXONOMIES.map((taxonomy) => storage.listTerms(taxonomy)));
  const terms = lists.flat().sort((a, b) => a.term_id - b.term_id);
  return { terms, option: await storage.getOption(TAXONOMY_META_OPTION) };
}

/** `Indexable_Term_Indexation_Action::index`: up to 25 terms not built (or changed since), built. */
export async function indexTerms(storage: Storage, site: IndexingSite): Promise<Indexable[]> {
  const { terms, option } = await indexableTerms(storage);
  const kept = await storage.getTermsMeta(
    terms.map((term) => term.term_id),
    [BUILT, LINKS],
  );
  const built: Indexable[] = [];
  for (const term of terms) {
    const meta = termMetaOf(option, term);
    const own = kept.get(term.term_id) ?? {};
    const fingerprint = termStamp(term, meta);
    if (own[BUILT] === fingerprint) continue;
    await storage.setTermMeta(term.term_id, new Map([[BUILT, fingerprint]]));
    built.push(termIndexable(term, meta, site.home, { linkCount: linkCountsOf(own).linkCount, incoming: null }));
    if (built.length >= LIMITS.terms) break;
  }
  return built;
}

/** Marks indexables without an object of their own as built, by key, at their builder version. */
async function markBuilt(storage: Storage, keys: ReadonlyMap<string, number>): Promise<void> {
  if (keys.size > 0) await storage.mergeOption(BUILT_OPTION, Object.fromEntries(keys));
}

/** `Indexable_Post_Type_Archive_Indexation_Action::index`: the archives not built at the current version. */
export async function indexArchives(storage: Storage, site: IndexingSite): Promise<Indexable[]> {
  const builtKeys = settingsOf(await storage.getOption(BUILT_OPTION));
  const titles = settingsOf(await storage.getOption('wpseo_titles'));
  const version = BUILDER_VERSIONS['post-type-archive'];
  const todo = site.archiveTypes.filter((type) => builtKeys[`post-type-archive:${type}`] !== version).slice(0, LIMITS.archives);
  await markBuilt(storage, new Map(todo.map((type) => [`post-type-archive:${type}`, version])));
  return todo.map((type) => postTypeArchiveIndexable(type, site.home, titles));
}

/** `Indexable_General_Indexation_Action::index`: the 404 and search pages, the date archive and the blog's home page, when not built. */
export async function indexGeneral(storage: Storage, site: IndexingSite): Promise<Indexable[]> {
  const builtKeys = settingsOf(await storage.getOption(BUILT_OPTION));
  const titles = settingsOf(await storage.getOption('wpseo_titles'));
  const wanted: Array<[string, number, () => Indexable]> = [
    ['system-page:404', BUILDER_VERSIONS['system-page'], () => systemPageIndexable('404', titles)],
    ['system-page:search-result', BUILDER_VERSIONS['system-page'], () => systemPageIndexable('search-result', titles)],
    ['date-archive', BUILDER_VERSIONS['date-archive'], () => dateArchiveIndexable(titles)],
  ];
  if (site.blogFront) wanted.push(['home-page', BUILDER_VERSIONS['home-page'], () => homePageIndexable(site.home, titles)]);
  const todo = wanted.filter(([key]) => !Object.hasOwn(builtKeys, key));
  await markBuilt(storage, new Map(todo.map(([key, version]) => [key, version])));
  return todo.map(([, , build]) => build());
}

/** What link counting kept for an object: its fingerprint and the posts it links to. */
interface KeptLinks {
  stamp: string;
  targets: number[];
}

function keptLinks(value: JsonValue | undefined): KeptLinks | null {
  if (!isPlainObject(value) || typeof value.stamp !== 'string' || !Array.isArray(value.targets)) return null;
  return { stamp: value.stamp, targets: value.targets.filter((id): id is number => typeof id === 'number') };
}

/** The indexable posts some internal links point at (`url_to_postid`), each once. */
async function linkTargets(storage: Storage, site: IndexingSite, addresses: readonly string[]): Promise<number[]> {
  const ids = new Set<number>();
  const slugs = new Set<string>();
  for (const address of addresses) {
    const found = postAddress(address, site.home);
    if (found && 'id' in found) ids.add(found.id);
    else if (found) slugs.add(found.slug);
  }
  const targets = new Set<number>();
  if (ids.size > 0)
    for (const post of (await storage.queryPosts({ type: [...site.postTypes], include: [...ids] })).posts) targets.add(post.ID);
  if (slugs.size > 0) {
    const bySlug = await storage.queryPosts({ type: [...site.postTypes], slug: [...slugs], status: ['publish'] });
    for (const post of bySlug.posts) targets.add(post.ID);
  }
  return [...targets].sort((a, b) => a - b);
}

/** Moves the incoming counts of the posts an object stopped or started linking to (`update_incoming_links_for_related_indexables`). */
async function moveIncoming(storage: Storage, before: readonly number[], after: readonly number[]): Promise<void> {
  const was = new Set(before);
  const now = new Set(after);
  const changes = new Map<number, number>();
  for (const id of was) if (!now.has(id)) changes.set(id, -1);
  for (const id of now) if (!was.has(id)) changes.set(id, 1);
  if (changes.size === 0) return;
  const counts = await storage.getPostsMeta([...changes.keys()], [INCOMING]);
  for (const [id, by] of changes) {
    const current = toInt(counts.get(id)?.[INCOMING] ?? 0);
    await storage.setPostMeta(id, new Map([[INCOMING, Math.max(0, current + by)]]));
  }
}

/** Counts one object's links (`Indexable_Link_Builder::build`) and keeps them; answers its internal link count. */
async function countLinks(
  storage: Storage,
  site: IndexingSite,
  content: string,
  before: KeptLinks | null,
  keep: (kept: JsonValue) => Promise<void>,
): Promise<number> {
  const links = contentLinks(content, site.home);
  const targets = await linkTargets(storage, site, links.internal);
  await keep({ stamp: stamp(1, [content]), count: links.internal.length, targets });
  await moveIncoming(storage, before?.targets ?? [], targets);
  return links.internal.length;
}

/** `Post_Link_Indexing_Action::index`: up to 5 published posts whose links are not counted (or whose content changed since), counted. */
export async function indexPostLinks(storage: Storage, site: IndexingSite): Promise<Indexable[]> {
  const done: PostRow[] = [];
  for await (const posts of postsOf(storage, site.postTypes, ['publish'])) {
    const kept = await storage.getPostsMeta(
      posts.map((post) => post.ID),
      [LINKS],
    );
    for (const post of posts) {
      const before = keptLinks(kept.get(post.ID)?.[LINKS]);
      if (before?.stamp === stamp(1, [post.post_content])) continue;
      await countLinks(storage, site, post.post_content, before, (value) => storage.setPostMeta(post.ID, new Map([[LINKS, value]])));
      done.push(post);
      if (done.length >= LIMITS.links) return postIndexables(storage, done, site.home);
    }
  }
  return postIndexables(storage, done, site.home);
}

/** `Term_Link_Indexing_Action::index`: up to 5 terms whose description's links are not counted (or changed since), counted. */
export async function indexTermLinks(storage: Storage, site: IndexingSite): Promise<Indexable[]> {
  const { terms, option } = await indexableTerms(storage);
  const kept = await storage.getTermsMeta(
    terms.map((term) => term.term_id),
    [LINKS],
  );
  const done: Indexable[] = [];
  for (const term of terms) {
    const before = keptLinks(kept.get(term.term_id)?.[LINKS]);
    if (before?.stamp === stamp(1, [term.description])) continue;
    const count = await countLinks(storage, site, term.description, before, (value) =>
      storage.setTermMeta(term.term_id, new Map([[LINKS, value]])),
    );
    done.push(termIndexable(term, termMetaOf(option, term), site.home, { ...NO_LINK_COUNTS, linkCount: count }));
    if (done.length >= LIMITS.links) break;
  }
  return done;
}
