import { isNumeric, toInt } from '../../core/php/values.js';
import { mysqlDate } from '../../store/rows.js';
import type { Handlers } from '../define.js';
import { allowedPostTypes, byTermName, isListed, taxonomiesOf, type ContentTypes } from '../content-types.js';
import { nothingToList } from './errors.js';
import { postItems } from './post-items.js';
import { queriedPosts } from './post-query.js';
import type { blocksuiteRoutes } from './routes.js';
import type { BlocksuiteStorage } from './storage.js';

/** What the handlers run on. */
interface BlocksuiteHandlerDeps {
  /** The site's post types and taxonomies. */
  types: ContentTypes;
  /** The clock in milliseconds: a scheduled post whose date has come reads as published. */
  now: () => number;
}

/** Kadence's post type list for a picker: `{value: name, label}` of each allowed type. */
const typeChoices = (types: ContentTypes) => allowedPostTypes(types).map((type) => ({ value: type.name, label: type.label }));

/** The handlers of the blocksuite route table. */
export function blocksuiteHandlers({
  types,
  now,
}: BlocksuiteHandlerDeps): Handlers<ReturnType<typeof blocksuiteRoutes>, BlocksuiteStorage> {
  return {
    async postQuery(request, context, storage) {
      const publishedBy = mysqlDate(now());
      const posts = await queriedPosts(storage, types, request.params, context.user, publishedBy);
      return postItems(storage, posts, types, context, publishedBy);
    },

    async taxonomiesSelect(request, _context, storage) {
      const source = request.params.source;
      let postTypes: { value: string }[];
      if (source === 'all') postTypes = typeChoices(types);
      else if (!isNumeric(source)) postTypes = [{ value: source }];
      else {
        // `get_post_type( $source )`: the post whose id is the number, as `(int)` reads it.
        const id = toInt(source);
        const [post] = id > 0 ? await storage.getPosts([id]) : [];
        if (!post) return nothingToList();
        // A Kadence query post's conditions may name any type, so it gets every type's taxonomies.
        postTypes = post.post_type === 'kadence_query' ? typeChoices(types) : [{ value: post.post_type }];
      }
      return postTypes.flatMap(({ value }) =>
        taxonomiesOf(types, value)
          .filter(isListed)
          .map((taxonomy) => ({ value: taxonomy.name, label: taxonomy.label })),
      );
    },

    async termSelect(request, _context, storage) {
      const source = request.params.source;
      if (source === '' || source === '0') return nothingToList();
      const taxonomy = types.taxonomies.get(source);
      if (!taxonomy) {
        // `get_terms()` answers a WP_Error for a taxonomy nobody registered, and Kadence walks its
        // two public properties (`errors`, `error_data`) as if they were terms.
        return [
          { value: `${source}|`, label: null },
          { value: `${source}|`, label: null },
        ];
      }
      const terms = await storage.listTerms(source);
      return shownTerms(terms, taxonomy.hierarchical)
        .sort(byTermName)
        .map((term) => ({
          value: `${source}|${term.term_id}`,
          label: term.name,
        }));
    },
  };
}

/**
 * `get_terms( $taxonomy )`'s legacy defaults: `hide_empty` with `hierarchical`, so a term in use,
 * or (in a hierarchical taxonomy) one with a descendant in use; by name.
 */
function shownTerms<T extends { term_id: number; parent: number; count: number }>(terms: readonly T[], hierarchical: boolean): T[] {
  if (!hierarchical) return terms.filter((term) => term.count > 0);
  const byId = new Map(terms.map((term) => [term.term_id, term]));
  const inUse = new Set<number>();
  for (const term of terms) {
    if (term.count <= 0) continue;
    // Mark the term and its ancestors, stopping at one already marked, so each term is marked once.
    const seen = new Set<number>();
    for (let at: T | undefined = term; at && !inUse.has(at.term_id) && !seen.has(at.term_id); at = byId.get(at.parent)) {
      seen.add(at.term_id);
      inUse.add(at.term_id);
    }
  }
  return terms.filter((term) => inUse.has(term.term_id));
}
