// `process_cpt`: the Kadence helper posts a pattern's blocks stand on (a header, its navigation
// menus, a form, a query and its card), made from the `cpt_blocks` the design library sends with
// the pattern, or found by title when made before, and the pattern's blocks pointed at them.
import { isPlainObject } from '../../core/own-property.js';
import { isPhpArray, phpValues, toPhpString } from '../../core/php/values.js';
import type { JsonValue, SiteStore } from '../../store/types.js';
import type { BoundStorage, StorageContext } from '../define.js';
import { updateBlockIds } from './block-ids.js';
import { switchContentColors, switchMetaColors } from './pattern-colors.js';

/** A helper post to add: published, its meta added value by value (`add_post_meta`). */
export interface NewHelperPost {
  /** One of the Kadence helper post types. */
  postType: string;
  /** `post_title`. */
  title: string;
  /** `post_content`. */
  content: string;
  /** Meta keys with their values, in order. */
  meta: ReadonlyArray<readonly [key: string, value: JsonValue]>;
}

/** Where the helper posts live. */
export interface HelperPostsStorage {
  /** `get_posts( [ 'post_type' => …, 'title' => … ] )[0]`: the newest published post of the type with exactly this title, or null. */
  findHelperPost(postType: string, title: string, context: StorageContext): Promise<number | null>;
  /** Adds a published helper post with its meta, written together; answers its id. */
  addHelperPost(post: NewHelperPost, context: StorageContext): Promise<number>;
}

/** A MySQL `LIKE` pattern matching `text` exactly (but for case). */
const likeExactly = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The helper posts on the site store: posts of Kadence's types, their meta as the export carries it. */
export function helperPostsOn(store: SiteStore): HelperPostsStorage {
  return {
    async findHelperPost(postType, title) {
      const { posts } = await store.posts.query({
        type: [postType],
        status: ['publish'],
        nameOrTitleLike: likeExactly(title),
        orderby: 'post_date',
        order: 'desc',
      });
      return posts.find((post) => post.post_title === title)?.ID ?? null;
    },
    async addHelperPost(post, context) {
      return store.transaction(async (tx) => {
        const row = await tx.posts.insert({
          post_type: post.postType,
          post_title: post.title,
          post_content: post.content,
          post_status: 'publish',
          post_author: context.user?.id ?? 0,
        });
        for (const [key, value] of post.meta) await tx.postMeta.add(row.ID, key, value);
        return row.ID;
      });
    },
  };
}

/**
 * The post types helper posts may be made of: the five Kadence types its blocks stand on. The
 * plugin takes `post_type` from the request and publishes whatever it names, so anyone who can
 * edit posts could publish a post or a page; here a helper post of another type is left out.
 */
const HELPER_POST_TYPES = new Set(['kadence_header', 'kadence_navigation', 'kadence_form', 'kadence_query', 'kadence_query_card']);

/** The `cpt_blocks` keys `process_cpt` acts on. */
const HELPER_BLOCKS = new Set(['kadence/header', 'kadence/navigation', 'kadence/advanced-form', 'kadence/query', 'kadence/query-card']);

/** Most helper posts one pattern makes (inner posts included), and how deep inner posts nest. */
const MAX_HELPER_POSTS = 50;
const MAX_DEPTH = 4;

/** What the installation of one pattern's helper posts works with. */
interface Install {
  storage: BoundStorage<HelperPostsStorage>;
  /** `style`: light (or empty) leaves colours alone. */
  style: string;
  /** Posts made or found so far, against {@link MAX_HELPER_POSTS}. */
  count: number;
}

/** A helper post's key in an id map: its exported `ID` as a PHP array key. */
const idKey = (id: unknown): string | null => (typeof id === 'number' || typeof id === 'string' ? toPhpString(id) : null);

/** PHP's `ucfirst`. */
const ucfirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The meta of an exported helper post (`{key: [values…]}`), recoloured for the style. */
function helperMeta(meta: unknown, style: string): Array<readonly [string, JsonValue]> {
  if (!isPlainObject(meta)) return [];
  const recolour = style !== '' && style !== 'light';
  return Object.entries(meta).flatMap(([key, values]) =>
    (isPhpArray(values) ? phpValues(values) : []).map(
      (value) => [key, (recolour ? switchMetaColors(value, style) : value) as JsonValue] as const,
    ),
  );
}

/**
 * `install_single_cpt`: the post of the same type titled as the style names it (`Header Dark`)
 * when there is one, else a new one with its meta, its content's blocks pointed at its inner posts
 * and recoloured; null for a post that cannot be made (no title, another type, over the cap).
 */
async function installOne(data: Record<string, unknown>, idMap: ReadonlyMap<string, number>, install: Install): Promise<number | null> {
  const postType = typeof data.post_type === 'string' ? data.post_type : '';
  if (!HELPER_POST_TYPES.has(postType) || install.count >= MAX_HELPER_POSTS) return null;
  install.count++;
  const recolour = install.style !== '' && install.style !== 'light';
  const given = toPhpString(isPhpArray(data.post_title) ? '' : data.post_title);
  const title = recolour ? `${given} ${ucfirst(install.style)}` : given;
  const existing = await install.storage.findHelperPost(postType, title);
  if (existing !== null) return existing;
  let content = typeof data.post_content === 'string' ? data.post_content : '';
  if (idMap.size > 0) content = updateBlockIds(content, idMap);
  if (recolour) content = switchContentColors(content, install.style);
  return install.storage.addHelperPost({ postType, title, content, meta: helperMeta(data.meta, install.style) });
}

/** `install_inner_posts_cpt`: a post's inner posts first (depth first), then the post pointed at them. */
async function installWithInner(data: Record<string, unknown>, depth: number, install: Install): Promise<number | null> {
  const idMap = new Map<string, number>();
  if (depth < MAX_DEPTH && isPhpArray(data.inner_posts)) {
    for (const inner of phpValues(data.inner_posts)) {
      if (!isPlainObject(inner)) continue;
      const id = await installWithInner(inner, depth + 1, install);
      const key = idKey(inner.ID);
      if (id !== null && key !== null) idMap.set(key, id);
    }
  }
  return installOne(data, idMap, install);
}

/**
 * `process_cpt`: each helper post `cptBlocks` lists for a post-backed block installed (its inner
 * posts first) and the pattern's blocks that named its exported id pointed at it, one post at a
 * time as the plugin does.
 */
export async function installHelperPosts(content: string, cptBlocks: unknown, style: string, storage: Install['storage']): Promise<string> {
  if (!isPlainObject(cptBlocks)) return content;
  const install: Install = { storage, style, count: 0 };
  let out = content;
  for (const [blockName, posts] of Object.entries(cptBlocks)) {
    if (!HELPER_BLOCKS.has(blockName) || !isPhpArray(posts)) continue;
    for (const data of phpValues(posts)) {
      if (!isPlainObject(data)) continue;
      const id = await installWithInner(data, 0, install);
      const key = idKey(data.ID);
      if (id !== null && key !== null) out = updateBlockIds(out, new Map([[key, id]]));
    }
  }
  return out;
}
