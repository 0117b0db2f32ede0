import type { SlugFor } from './types.js';

/**
 * WordPress's slug rules (`wp_unique_post_slug`, `wp_unique_term_slug`), written once for every
 * backend: a backend answers which candidates are taken, these functions pick the first free one.
 */

/** Statuses whose posts keep their slug as given (WordPress makes it unique only on publish). */
const UNCHECKED_STATUSES = new Set(['draft', 'pending', 'auto-draft']);

/** Slugs a flat post cannot have: they would be read as a feed or an embed URL. */
const RESERVED_SLUGS = new Set(['feed', 'rdf', 'rss', 'rss2', 'atom', 'embed']);

const MAX_SLUG_LENGTH = 200;

/** Whether WordPress checks this post's slug for uniqueness at all. */
export function slugIsChecked(post: SlugFor): boolean {
  return !UNCHECKED_STATUSES.has(post.post_status) && !(post.post_type === 'revision' && post.post_status === 'inherit');
}

/** The post types whose slugs a post's slug must differ from: every type for an attachment. */
export function slugScope(postType: string): 'all' | 'type' {
  return postType === 'attachment' ? 'all' : 'type';
}

/**
 * The first slug not in `taken`: the slug itself unless taken or reserved (`reserved` only for
 * posts), else `slug-2`, `slug-3`…, the base cut so the whole stays within 200 characters.
 * Linear in the number of taken slugs it steps over.
 */
export function firstFreeSlug(slug: string, taken: ReadonlySet<string>, reserved: boolean): string {
  if (!taken.has(slug) && !(reserved && RESERVED_SLUGS.has(slug))) return slug;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${truncateSlug(slug, MAX_SLUG_LENGTH - (String(suffix).length + 1))}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** `_truncate_post_slug`: cut to `length`, never through a `%XX` escape, trailing hyphens dropped. */
function truncateSlug(slug: string, length: number): string {
  if (slug.length <= length) return slug;
  let cut = slug.slice(0, length);
  const escape = cut.lastIndexOf('%');
  if (escape !== -1 && escape > cut.length - 3) cut = cut.slice(0, escape);
  let end = cut.length;
  while (end > 0 && cut[end - 1] === '-') end--;
  return cut.slice(0, end);
}
