// The error codes the `core/v2` posts routes answer besides the engine's, each with WordPress
// 6.1's message and status (`WP_REST_Posts_Controller`). Refusals that only need a code and a
// message are declared as `denied` in the route table instead.
import { forbidden } from '../../core/errors/catalogue.js';
import { restError, type RestError } from '../../core/errors/rest-error.js';
import type { RestUser } from '../../core/types.js';

/** `rest_post_invalid_id`: no post has the id. */
export const invalidId = (): RestError => restError('rest_post_invalid_id', 'Invalid post ID.', 404);

/** `rest_invalid_date`: a date that passed the schema yet names no instant a post's date can hold. */
export const invalidDate = (): RestError => restError('rest_invalid_date', 'Invalid date.', 400);

/** `rest_forbidden_status`: a status only editors may list; WordPress answers it inside `rest_invalid_param`. */
export const forbiddenStatus = (user: RestUser | null): RestError =>
  forbidden(user, { code: 'rest_forbidden_status', message: 'Status is forbidden.' });

/** `rest_forbidden_context`: `context=edit` on a post the user may not edit. */
export const forbiddenEditContext = (user: RestUser | null): RestError =>
  forbidden(user, { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit this post.' });

/** `rest_post_incorrect_password`: a password that is not the post's. */
export const incorrectPassword = (): RestError => restError('rest_post_incorrect_password', 'Incorrect post password.', 403);

/** `rest_cannot_publish`: a publishing status from a user who may not publish. */
export const cannotPublish = (): RestError =>
  restError('rest_cannot_publish', 'Sorry, you are not allowed to publish posts in this post type.', 403);

/** `rest_cannot_edit_others`: another author from a user who may not write others' posts. */
export const cannotEditOthers = (action: 'create' | 'edit'): RestError =>
  restError('rest_cannot_edit_others', `Sorry, you are not allowed to ${action} posts as this user.`, 403);

/** `rest_cannot_assign_sticky`: `sticky` from a user who may not make posts sticky. */
export const cannotAssignSticky = (): RestError =>
  restError('rest_cannot_assign_sticky', 'Sorry, you are not allowed to make posts sticky.', 403);

/** `rest_post_invalid_page_number`: a page past the last one. */
export const invalidPageNumber = (): RestError =>
  restError('rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.', 400);

/** `rest_post_exists`: a create request naming an id. */
export const postExists = (): RestError => restError('rest_post_exists', 'Cannot create existing post.', 400);

/** `empty_content`: a new post without title, content or excerpt. */
export const emptyContent = (): RestError => restError('empty_content', 'Content, title, and excerpt are empty.', 400);

/** `rest_cannot_delete` with status 500: storage did not delete the post. */
export const notDeleted = (): RestError => restError('rest_cannot_delete', 'The post cannot be deleted.', 500);

/** `rest_already_trashed`: trashing a post that is in the trash. */
export const alreadyTrashed = (): RestError => restError('rest_already_trashed', 'The post has already been deleted.', 410);

/** `rest_no_search_term_defined`: `orderby=relevance` without a search. */
export const noSearchTerm = (): RestError =>
  restError('rest_no_search_term_defined', 'You need to define a search term to order by relevance.', 400);

/** `rest_orderby_include_missing_include`: `orderby=include` without `include`. */
export const orderbyIncludeMissing = (): RestError =>
  restError('rest_orderby_include_missing_include', 'You need to define an include parameter to order by include.', 400);
