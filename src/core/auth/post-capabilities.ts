import type { RestUser } from '../types.js';

/** What WordPress's `edit_post` / `delete_post` meta capabilities look at: the post's author, status and type. */
interface PostOwnership {
  /** The author's user id. */
  author: number;
  /** Post status (`publish`, `draft`, `private`, …). */
  status: string;
  /** Post type; pages map onto the `_pages` capabilities, every other type onto `_posts` (`capability_type` `post`). */
  type?: string;
}

/**
 * WordPress's `edit_post` / `delete_post` meta capabilities for one post (`map_meta_cap`), mapped
 * onto the user's primitive ones (`edit_posts`, `edit_others_posts`, `edit_published_posts`, … or
 * the `delete_` set; `edit_pages`, … for a page).
 */
export function canChangePost(user: RestUser | null, post: PostOwnership, verb: 'edit' | 'delete'): boolean {
  const plural = post.type === 'page' ? 'pages' : 'posts';
  if (!user || !user.can(`${verb}_${plural}`)) return false;
  const own = post.author === user.id;
  if (!own && !user.can(`${verb}_others_${plural}`)) return false;
  if (post.status === 'publish') return own ? user.can(`${verb}_published_${plural}`) : true;
  if (post.status === 'private') return own || user.can(`${verb}_private_${plural}`);
  return true;
}

/**
 * Whether a user may read a post, as WordPress's posts controller asks it (`check_read_permission`
 * over the `read_post` meta capability): a published post for everyone, a private one with
 * `read_private_posts` (`_pages` for a page) or for whoever may edit it, any other (a draft, a
 * pending or a scheduled post) only for whoever may edit it.
 */
export function canReadPost(user: RestUser | null, post: PostOwnership): boolean {
  if (post.status === 'publish') return true;
  const editable = canChangePost(user, post, 'edit');
  if (post.status === 'private') return editable || user?.can(`read_private_${post.type === 'page' ? 'pages' : 'posts'}`) === true;
  return editable;
}
