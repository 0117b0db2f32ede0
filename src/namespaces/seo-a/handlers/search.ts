// The URL search of SEOPress's redirections screen: its SearchUrl.
import { toPhpString } from '../../../core/php/values.js';
import { likePattern } from '../../../store/like.js';
import type { Handlers } from '../../define.js';
import type { seoASearchRoutes } from '../routes/search.js';
import type { SeoAStorage } from '../storage.js';
import { postLink } from '../../core-posts/wp-objects.js';
import { POST_TYPES } from '../post-types.js';

/** `/search-url`'s `seopress_search_url_result_limit` (50), capped at 200 as SEOPress caps the filter. */
const SEARCH_LIMIT = 50;
/**
 * Most characters a `search-url` match may need: WordPress's `post_name` is `varchar(200)`, so a
 * longer pattern finds a slug only through a title that long. The cap bounds the `_` scan here
 * (at most 7 words a character) and the database's own `LIKE`, which backtracks (PostgreSQL's
 * worst case grows with the pattern's length times the title's).
 */
const MAX_SEARCH = 200;

/** The seo-a URL search handler. */
export const seoASearchHandlers: Handlers<typeof seoASearchRoutes, SeoAStorage> = {
  async searchUrl(request, context, storage) {
    // `'%' . $url . '%'`: PHP's string of what was sent (an array is "Array", absent is ''), its `_` and `%` wildcards.
    const like = `%${toPhpString(request.params.url)}%`;
    if (likePattern(like).minLength > MAX_SEARCH) return [];
    const posts = await storage.searchPosts({ like, types: POST_TYPES, limit: Math.min(SEARCH_LIMIT, 200) });
    return posts.map((post) => ({ id: String(post.ID), post_title: post.post_title, guid: postLink(post, context.site.home) }));
  },
};
