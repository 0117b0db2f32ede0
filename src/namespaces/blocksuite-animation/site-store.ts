// Lottie animations on the site store as Kadence's `wp_insert_post` leaves them: a published
// `kadence_lottie` post with MIME type `application/json`, its slug from the title, comments
// closed (the type does not support them), the id as slug when the title leaves none, and the GUID WordPress gives a post type without
// pretty links.
import { sanitizeTitle } from '../../core/schema/sanitize-title.js';
import { mysqlDate } from '../../store/rows.js';
import type { SiteStore } from '../../store/types.js';
import type { StorageContext } from '../define.js';
import type { BlocksuiteAnimationStorage } from './storage.js';

/** The post type Kadence registers for animations. */
export const LOTTIE_POST_TYPE = 'kadence_lottie';

/** The site's local time of an instant, from its `gmt_offset` in hours. */
const localDate = (ms: number, context: StorageContext): string => mysqlDate(ms + (Number(context.site.gmt_offset ?? 0) || 0) * 3_600_000);

/** The default animation storage, on the site store; `now` is the clock in milliseconds. */
export function blocksuiteAnimationStorageOn(store: SiteStore, now: () => number = Date.now): BlocksuiteAnimationStorage {
  return {
    async getPost(id) {
      const post = await store.posts.get(id);
      return post && { ID: post.ID, post_type: post.post_type, post_status: post.post_status, post_content: post.post_content };
    },
    createAnimation: ({ title, content, author }, context) =>
      store.transaction(async (tx) => {
        const at = now();
        const post = await tx.posts.insert({
          post_type: LOTTIE_POST_TYPE,
          post_status: 'publish',
          post_mime_type: 'application/json',
          post_title: title,
          post_content: content,
          post_author: author,
          post_name: sanitizeTitle(title),
          comment_status: 'closed',
          ping_status: 'closed',
          post_date: localDate(at, context),
          post_date_gmt: mysqlDate(at),
          post_modified: localDate(at, context),
          post_modified_gmt: mysqlDate(at),
        });
        // A title with nothing left for a slug gets the id, as `sanitize_title( $title, $post_ID )` falls back to it.
        const named = post.post_name === '' ? { post_name: String(post.ID) } : {};
        await tx.posts.update(post.ID, { ...named, guid: `${context.site.home}/?post_type=${LOTTIE_POST_TYPE}&p=${post.ID}` });
        return post.ID;
      }),
  };
}
