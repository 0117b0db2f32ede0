import { canChangePost } from '../../core/auth/post-capabilities.js';
import { toInt } from '../../core/php/values.js';
import type { RestContext, RestRequest } from '../../core/types.js';
import type { BoundStorage } from '../define.js';
import type { PostRow, SeoAStorage } from './storage.js';

/** Where a permission check leaves the post it loaded, for the handler. */
const POST_STATE = 'seoAPost';

/** The post id a request names (`$request['id']`: a query or body `id` beats the path's), as PHP's `(int)`. */
export function requestedId(params: Record<string, unknown>): number {
  // PHP's `(int)` reads "1e309" as 0; an id no store can hold, or below 1, names no post.
  const id = toInt(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** The post the permission check loaded for this request. */
export function checkedPost(request: RestRequest): PostRow {
  return request.state[POST_STATE] as PostRow;
}

/**
 * `current_user_can('edit_post', $request['id'])`: WordPress's `map_meta_cap` on the post's type,
 * author and status; a post that does not exist is `do_not_allow`.
 */
async function canEditPost(request: RestRequest, context: RestContext, storage: BoundStorage<SeoAStorage>): Promise<boolean> {
  const post = await storage.getPost(requestedId(request.params));
  if (!post) return false;
  request.state[POST_STATE] = post;
  return canChangePost(context.user, { author: post.post_author, status: post.post_status, type: post.post_type }, 'edit');
}

/** The seo-a permission checks, which the per-post groups name. */
export const seoAChecks = { canEditPost };
