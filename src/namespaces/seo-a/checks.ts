import type { RestUser } from '../../core/types.js';
import type { AnalysisPost } from './analysis-storage.js';

/**
 * WordPress's `edit_post` meta capability for one post (`map_meta_cap`): the post type's
 * `edit_posts` (`edit_pages` for pages), `edit_others_…` for another author's, `edit_published_…`
 * once published or scheduled, `edit_private_…` for another's private one. No post: refused.
 */
export function canEditPost(user: RestUser | null, post: Pick<AnalysisPost, 'type' | 'status' | 'author'> | null): boolean {
  if (!user || !post) return false;
  const plural = post.type === 'page' ? 'pages' : 'posts';
  const published = post.status === 'publish' || post.status === 'future';
  const caps = [`edit_${plural}`];
  if (post.author !== user.id) {
    caps.push(`edit_others_${plural}`);
    if (published) caps.push(`edit_published_${plural}`);
    else if (post.status === 'private') caps.push(`edit_private_${plural}`);
  } else if (published) caps.push(`edit_published_${plural}`);
  return caps.every((cap) => user.can(cap));
}
