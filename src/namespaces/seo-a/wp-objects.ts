// WordPress objects as SEOPress's routes get them: `get_categories()`'s terms, `get_the_title()` and `get_permalink()`.
import type { JsonValue } from '../../store/types.js';
import { permalink } from '../core-posts/render.js';
import { renderTitle } from '../core-posts/text.js';
import type { PostRow, TermRow } from './storage.js';

/** A category as `get_categories()` answers it: the `WP_Term` with `_make_cat_compat`'s fields. */
export function categoryObject(term: TermRow): JsonValue {
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
    cat_ID: term.term_id,
    category_count: term.count,
    category_description: term.description,
    cat_name: term.name,
    category_nicename: term.slug,
    category_parent: term.parent,
  };
}

/** `get_the_title`: the title texturized, prefixed for a password-protected or private post. */
export function theTitle(post: PostRow): string {
  const title = renderTitle(post.post_title);
  if (post.post_password !== '') return `Protected: ${title}`;
  return post.post_status === 'private' ? `Private: ${title}` : title;
}

/** `get_permalink` of a stored post. */
export const postLink = (post: PostRow, home: string): string =>
  permalink({ status: post.post_status, slug: post.post_name, id: post.ID }, home);

/** Post types SEOPress works on (`WordPressData::getPostTypes`: the public ones but attachments). */
export const POST_TYPES = ['post', 'page'];
