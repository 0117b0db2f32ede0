// WordPress objects as plugins' routes get them from a stored post or term: `get_the_title()`,
// `get_permalink()`, the `WP_Term` of `get_the_terms()` and `get_categories()`'s category.
import type { JsonValue, PostRow, TermRow } from '../../store/types.js';
import { permalink } from './render.js';
import { renderTitle } from './text.js';

/** A term as `get_the_terms()` answers it: the `WP_Term`'s public fields. */
export function termObject(term: TermRow): Record<string, JsonValue> {
  return {
    term_id: term.term_id,
    name: term.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.term_id,
    taxonomy: term.taxonomy,
    description: term.description,
    parent: term.parent,
    count: term.count,
    filter: 'raw',
  };
}

/** A category as `get_categories()` and `get_the_category()` answer it: the `WP_Term` with `_make_cat_compat`'s fields. */
export function categoryObject(term: TermRow): JsonValue {
  return {
    ...termObject(term),
    cat_ID: term.term_id,
    category_count: term.count,
    category_description: term.description,
    cat_name: term.name,
    category_nicename: term.slug,
    category_parent: term.parent,
  };
}

/** `get_the_title`: the title texturized, prefixed for a password-protected or private post. */
export function theTitle(post: Pick<PostRow, 'post_title' | 'post_password' | 'post_status'>): string {
  const title = renderTitle(post.post_title);
  if (post.post_password !== '') return `Protected: ${title}`;
  return post.post_status === 'private' ? `Private: ${title}` : title;
}

/** `get_permalink` of a stored post. */
export const postLink = (post: PostRow, home: string): string =>
  permalink({ status: post.post_status, slug: post.post_name, id: post.ID }, home);
