// `prepare_query_item_for_response`: each queried post as Kadence's query and post blocks read it.
// A page of posts is read in a few batched store calls (meta, terms, authors, featured images,
// pages' ancestors), never one per post.
import { setOwn } from '../../core/own-property.js';
import { toInt } from '../../core/php/values.js';
import { renderContent, theExcerpt } from '../core-posts/text.js';
import { categoryObject, termObject, theTitle } from '../core-posts/wp-objects.js';
import type { RestContext } from '../../core/types.js';
import type { BoundStorage } from '../define.js';
import { ATTACHMENT_META, largeImageSource } from './attachment-image.js';
import { byTermName, isListed, permalinkOf, supports, taxonomiesOf, type ContentTypes } from '../content-types.js';
import type { AuthorRow, BlocksuiteStorage, JsonValue, ObjectTerm, PostRow } from './storage.js';

const THUMBNAIL = '_thumbnail_id';

/** How deep a page's ancestors are followed for its link (WordPress follows every one). */
const MAX_ANCESTORS = 32;

/** A GMT or local date column as Kadence's `prepare_date_response` writes it (`Y-m-d\TH:i:s`); null for WordPress's no-date. */
function dateOf(column: string, nullWhenUnset: boolean): string | null {
  if (nullWhenUnset && column === '0000-00-00 00:00:00') return null;
  return column.replace(' ', 'T');
}

/** Everything a page of items reads besides the posts, each read once for the whole page. */
interface PageData {
  meta: Map<number, Record<string, JsonValue[]>>;
  terms: Map<number, ObjectTerm[]>;
  authors: Map<number, AuthorRow>;
  attachments: Map<number, PostRow>;
  attachmentMeta: Map<number, Record<string, JsonValue[]>>;
  /** Each page's ancestors' slugs, nearest last, for its link. */
  ancestors: Map<number, string[]>;
}

const thumbnailOf = (meta: Record<string, JsonValue[]> | undefined): number => toInt(meta?.[THUMBNAIL]?.[0] ?? 0);

/** The slugs above each hierarchical post, read level by level: one posts read per level for the whole page. */
async function ancestorSlugs(storage: BoundStorage<BlocksuiteStorage>, posts: readonly PostRow[], types: ContentTypes) {
  const known = new Map<number, PostRow>(posts.map((post) => [post.ID, post]));
  const hierarchical = posts.filter((post) => types.postTypes.get(post.post_type)?.hierarchical && post.post_parent > 0);
  let wanted = [...new Set(hierarchical.map((post) => post.post_parent))].filter((id) => !known.has(id));
  for (let level = 0; level < MAX_ANCESTORS && wanted.length > 0; level++) {
    for (const parent of await storage.getPosts(wanted)) known.set(parent.ID, parent);
    wanted = [...new Set(wanted.map((id) => known.get(id)?.post_parent ?? 0))].filter((id) => id > 0 && !known.has(id));
  }
  const out = new Map<number, string[]>();
  for (const post of hierarchical) {
    const slugs: string[] = [];
    const seen = new Set<number>([post.ID]);
    for (let parent = known.get(post.post_parent); parent && !seen.has(parent.ID) && slugs.length < MAX_ANCESTORS;) {
      seen.add(parent.ID);
      slugs.unshift(parent.post_name);
      parent = parent.post_parent > 0 ? known.get(parent.post_parent) : undefined;
    }
    out.set(post.ID, slugs);
  }
  return out;
}

async function pageData(storage: BoundStorage<BlocksuiteStorage>, posts: readonly PostRow[], types: ContentTypes): Promise<PageData> {
  const ids = posts.map((post) => post.ID);
  const taxonomies = [...new Set(posts.flatMap((post) => taxonomiesOf(types, post.post_type).map((taxonomy) => taxonomy.name)))];
  const [meta, related, authors, ancestors] = await Promise.all([
    storage.getPostMeta(ids, [THUMBNAIL]),
    storage.getPostTerms(ids, taxonomies),
    storage.getAuthors([...new Set(posts.map((post) => post.post_author))]),
    ancestorSlugs(storage, posts, types),
  ]);
  const thumbnails = [...new Set(ids.map((id) => thumbnailOf(meta.get(id))).filter((id) => id > 0))];
  const [attachments, attachmentMeta] = await Promise.all([storage.getPosts(thumbnails), storage.getPostMeta(thumbnails, ATTACHMENT_META)]);
  const terms = new Map<number, ObjectTerm[]>();
  for (const item of related) terms.set(item.object_id, [...(terms.get(item.object_id) ?? []), item]);
  // `wp_get_object_terms` orders a post's terms by name.
  for (const list of terms.values()) list.sort((a, b) => byTermName(a.term, b.term));
  return {
    meta,
    terms,
    authors: new Map(authors.map((author) => [author.ID, author])),
    attachments: new Map(attachments.map((attachment) => [attachment.ID, attachment])),
    attachmentMeta,
    ancestors,
  };
}

/** `get_permalink` of a queried post, its ancestors' slugs from the page data. */
function linkOf(post: PostRow, types: ContentTypes, data: PageData, site: RestContext['site']): string {
  return permalinkOf(post, types, data.ancestors.get(post.ID) ?? [], site);
}

/** `taxonomy_info`: for each public, shown taxonomy of the type that the post has terms in, `[{value: termId, label}]`; PHP's empty array (`[]`) when none. */
function taxonomyInfo(post: PostRow, types: ContentTypes, terms: readonly ObjectTerm[]): Record<string, JsonValue> | [] {
  const info: Record<string, JsonValue> = {};
  let any = false;
  for (const taxonomy of taxonomiesOf(types, post.post_type)) {
    if (!isListed(taxonomy)) continue;
    const items = terms
      .filter((item) => item.term.taxonomy === taxonomy.name)
      .map((item) => ({ value: item.term.term_id, label: item.term.name }));
    if (items.length === 0) continue;
    setOwn(info, taxonomy.name, items);
    any = true;
  }
  return any ? info : [];
}

/** One item as Kadence answers it, in its key order. */
function itemOf(post: PostRow, types: ContentTypes, data: PageData, site: RestContext['site']): Record<string, JsonValue> {
  const thumbnail = thumbnailOf(data.meta.get(post.ID));
  const item: Record<string, JsonValue> = {
    id: post.ID,
    date: dateOf(post.post_date, false),
    date_gmt: dateOf(post.post_date_gmt, true),
    modified: dateOf(post.post_modified, false),
    modified_gmt: dateOf(post.post_modified_gmt, true),
    title: { raw: post.post_title, rendered: theTitle(post) },
    excerpt: {
      raw: post.post_excerpt,
      rendered: theExcerpt({ excerpt: post.post_excerpt, password: post.post_password }, () => renderContent(post.post_content)),
    },
    type: post.post_type,
    slug: post.post_name,
    status: post.post_status,
    link: linkOf(post, types, data, site),
    author: post.post_author,
    featured_media: thumbnail !== 0 ? thumbnail : '',
  };
  if (thumbnail !== 0 && supports(types, post.post_type, 'thumbnail'))
    item.featured_image_src_large = largeImageSource(data.attachments.get(thumbnail), data.attachmentMeta.get(thumbnail) ?? {}, site.url);
  const author = data.authors.get(post.post_author);
  item.author_info = supports(types, post.post_type, 'author')
    ? { display_name: author?.display_name ?? '', author_link: `${site.home}/author/${author ? `${author.user_nicename}/` : ''}` }
    : [];
  if (supports(types, post.post_type, 'comments')) item.comment_info = post.comment_count;
  const terms = data.terms.get(post.ID) ?? [];
  if (post.post_type === 'post') {
    item.category_info = terms.filter((related) => related.term.taxonomy === 'category').map((related) => categoryObject(related.term));
    const tags = terms.filter((related) => related.term.taxonomy === 'post_tag').map((related) => termObject(related.term));
    // `get_the_tags()` is false for a post without tags.
    item.tag_info = tags.length > 0 ? tags : false;
  }
  item.taxonomy_info = taxonomyInfo(post, types, terms);
  return item;
}

/** A due scheduled post reads as published, as WP-Cron's `publish_future_post` would have left it. */
function asPublished(post: PostRow, publishedBy: string): PostRow {
  return post.post_status === 'future' && post.post_date_gmt <= publishedBy ? { ...post, post_status: 'publish' } : post;
}

/** The items of queried posts, in their order. */
export async function postItems(
  storage: BoundStorage<BlocksuiteStorage>,
  posts: readonly PostRow[],
  types: ContentTypes,
  context: RestContext,
  publishedBy: string,
): Promise<Record<string, JsonValue>[]> {
  if (posts.length === 0) return [];
  const read = posts.map((post) => asPublished(post, publishedBy));
  const data = await pageData(storage, read, types);
  return read.map((post) => itemOf(post, types, data, context.site));
}
