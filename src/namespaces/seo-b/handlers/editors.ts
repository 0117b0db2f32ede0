// Yoast's editor-screen routes: the bulk editor (`src/bulk-editor/`), the custom-field search
// (`Meta_Search_Route`), `WPSEO_File_Size_Service`, the llms.txt page picker (`Available_Posts_Route`),
// the new-content-type notices, introductions, the Wistia embed permission and alert dismissal.
import { canChangePost } from '../../../core/auth/post-capabilities.js';
import { internal } from '../../../core/errors/catalogue.js';
import { RestResponse } from '../../../core/http/response.js';
import { isPlainObject, setOwn } from '../../../core/own-property.js';
import { decodeXmlEntities } from '../../../core/php/entities.js';
import { urlHost } from '../../../core/php/parse-url.js';
import { phpRawUrlDecode } from '../../../core/php/query.js';
import { phpTrim } from '../../../core/php/strings.js';
import { isPhpArray, isScalar, numericValue, phpValues, toBool, toInt, toPhpString } from '../../../core/php/values.js';
import { sanitizeTextField } from '../../../core/schema/text.js';
import type { RestContext, RestUser } from '../../../core/types.js';
import type { JsonValue, PostRow } from '../../../store/types.js';
import type { BoundStorage, Checks, Handlers } from '../../define.js';
import { renderTitle } from '../../core-posts/text.js';
import {
  BULK_STATUSES,
  EDITABLE_CONTENT_TYPES,
  INDEXABLE_POST_TYPES,
  KEYPHRASE_FIELD,
  SEARCH_FIELDS,
  SEO_META,
  SOCIAL_FIELDS,
  type BulkFields,
} from '../bulk-editor.js';
import { seoBChecks } from '../checks.js';
import { fileSizeFailure, invalidContentType, invalidPostType, unknownIntroduction } from '../errors.js';
import { INTRODUCTIONS, REGISTERED_POST_TYPES } from '../registrations.js';
import type { seoBEditorsRoutes } from '../routes/editors.js';
import type { SeoBStorage } from '../storage.js';

type Storage = BoundStorage<SeoBStorage>;

/** Most custom fields `/meta/search` answers. */
const MAX_CUSTOM_FIELDS = 25;
/** The longest meta key WordPress keeps (`meta_key varchar(255)`): a longer prefix starts none. */
const MAX_META_KEY = 255;
/** Posts `/available_posts` answers at most. */
const AVAILABLE_POSTS = 100;

/** The user meta Yoast keeps these in. */
const USER_META = {
  introductions: '_yoast_wpseo_introductions',
  wistia: '_yoast_wpseo_wistia_embed_permission',
  alerts: '_yoast_alerts_dismissed',
} as const;

/** `Content_Type_Access_Checker`: the capability of a type, `edit_{x}` of `posts` or `pages`. */
const typeCap = (type: string, cap: 'edit' | 'edit_published' | 'edit_others') => `${cap}_${type === 'page' ? 'pages' : 'posts'}`;

/** Whether the user may edit a post (`edit_post`). */
const canEdit = (user: RestUser | null, post: PostRow) =>
  canChangePost(user, { author: post.post_author, status: post.post_status, type: post.post_type }, 'edit');

/** `get_the_title` through `html_entity_decode`, or `(no title)`. */
function normalizedTitle(post: PostRow): string {
  const title = decodeXmlEntities(renderTitle(post.post_title));
  return title === '' ? '(no title)' : title;
}

/** A post as the bulk editor lists it: locked and without its SEO data when the user cannot edit it. */
function bulkPost(post: PostRow, meta: Record<string, JsonValue>, editable: boolean, context: RestContext) {
  const text = (key: string) => (editable && meta[key] !== undefined ? toPhpString(meta[key]) : '');
  return {
    id: post.ID,
    title: normalizedTitle(post),
    status: post.post_status,
    edit_link: editable ? `${context.site.url}/wp-admin/post.php?post=${post.ID}&action=edit` : '',
    focus_keyphrase: text(SEO_META.focusKeyphrase),
    seo_title: text(SEO_META.seoTitle),
    meta_description: text(SEO_META.metaDescription),
    social_title: text(SEO_META.socialTitle),
    social_description: text(SEO_META.socialDescription),
    editable,
  };
}

/** One item's result: `{id, success}`, with `error` when it failed. */
type ItemResult =
  { id: number; success: true } | { id: number; success: false; error: 'forbidden' | 'not_found' | 'invalid_post_type' | 'save_failed' };

/**
 * `Meta_Writer`'s value: `WPSEO_Meta::sanitize_post_meta` (the description's line breaks and tabs
 * first made spaces, as a textarea's are), and an empty value deleting the meta, as Yoast's
 * `remove_meta_if_default` does for a field's default.
 */
function metaValue(given: string, description: boolean): string | null {
  const spaced = description ? given.replace(/[\n\r\t]/g, ' ').replaceAll('  ', ' ') : given;
  const clean = sanitizeTextField(phpTrim(spaced));
  return clean === '' ? null : clean;
}

/** `Bulk_Updater::apply` for one item: its checks, then its fields written in one storage call. */
async function applyItem(item: Record<string, unknown>, fields: BulkFields, storage: Storage, user: RestUser | null): Promise<ItemResult> {
  const id = item.id as number;
  const post = await storage.getPost(id);
  if (post === null) return { id, success: false, error: 'not_found' };
  if (!INDEXABLE_POST_TYPES.has(post.post_type)) return { id, success: false, error: 'invalid_post_type' };
  if (!canEdit(user, post)) return { id, success: false, error: 'forbidden' };
  const changes = new Map<string, JsonValue | null>();
  const write = (name: string, key: string, description: boolean) => {
    if (Object.hasOwn(item, name)) changes.set(key, metaValue(item[name] as string, description));
  };
  write(fields.title, fields.titleMeta, false);
  write(fields.description, fields.descriptionMeta, true);
  write(KEYPHRASE_FIELD, SEO_META.focusKeyphrase, false);
  try {
    await storage.setPostMeta(id, changes);
  } catch {
    return { id, success: false, error: 'save_failed' };
  }
  return { id, success: true };
}

/** A bulk update: every item applied in order, a failing one never stopping the others. */
async function bulkUpdate(items: unknown, fields: BulkFields, storage: Storage, user: RestUser | null) {
  const results: ItemResult[] = [];
  for (const item of phpValues(items as unknown[])) results.push(await applyItem(item as Record<string, unknown>, fields, storage, user));
  return { results };
}

/** `Posts_Route::get_posts` over `Post_Meta_Posts_Collector`. */
async function listBulkPosts(
  params: { content_type: string; per_page: number; page: number; search: string; status: readonly string[] },
  context: RestContext,
  storage: Storage,
) {
  const type = params.content_type;
  const user = context.user;
  if (!EDITABLE_CONTENT_TYPES.has(type) || !canEditAny(user, type)) return invalidContentType();
  const statuses = params.status.length === 0 ? BULK_STATUSES : params.status;
  const author = user !== null && user.can(typeCap(type, 'edit_others')) ? null : (user?.id ?? 0);
  // WP_Query: `posts_per_page` 0 is the site's `posts_per_page`, page 0 the first.
  const perPage = params.per_page === 0 ? toInt((await storage.getOption('posts_per_page')) ?? 10) || 10 : params.per_page;
  const offset = Math.min((Math.max(params.page, 1) - 1) * perPage, Number.MAX_SAFE_INTEGER);
  const page = await storage.bulkEditorPosts({ type, statuses, author, search: params.search, offset, limit: perPage });
  return {
    posts: page.posts.map(({ post, meta }) => bulkPost(post, meta, canEdit(user, post), context)),
    total: page.total,
    total_pages: params.per_page < 1 ? 0 : Math.ceil(page.total / params.per_page),
    page: params.page,
    per_page: params.per_page,
  };
}

/** `Content_Type_Access_Checker::can_edit_any`. */
function canEditAny(user: RestUser | null, type: string): boolean {
  return user !== null && (['edit', 'edit_published', 'edit_others'] as const).some((cap) => user.can(typeCap(type, cap)));
}

/** `WPSEO_File_Size_Service::get`: a URL on the site's host, below the uploads folder, whose size the media library recorded. */
async function fileSize(url: string, context: RestContext, storage: Storage) {
  const decoded = phpRawUrlDecode(url);
  if (urlHost(context.site.home) !== urlHost(decoded)) return fileSizeFailure(decoded, 'externally');
  const uploads = `${context.site.url}/wp-content/uploads`;
  // `str_replace( $baseurl, '', $url )`, then the path below the folder without its leading slash.
  const relative = decoded.replaceAll(uploads, '');
  const file = relative.startsWith('/') ? relative.slice(1) : relative;
  const below = relative.length < decoded.length && file !== '' && !file.split('/').some((part) => part === '..' || part === '.');
  const size = below ? await storage.uploadedFileSize(file) : null;
  return size === null ? fileSizeFailure(relative, 'unknown') : { type: 'success', size_in_bytes: size };
}

/** `Content_Type_Visibility_Dismiss_Notifications`: a name taken off `wpseo`'s list of new types. */
async function dismissNew(name: unknown, list: 'new_post_types' | 'new_taxonomies', storage: Storage) {
  const [same, done] =
    list === 'new_post_types'
      ? ['Post type is not new.', 'Post type is no longer new.']
      : ['Taxonomy is not new.', 'Taxonomy is no longer new.'];
  const wpseo = await storage.getOption('wpseo');
  const stored = isPlainObject(wpseo) ? wpseo[list] : undefined;
  const current = isPhpArray(stored) ? phpValues(stored) : [];
  if (typeof name !== 'string' || !current.includes(name)) return new RestResponse({ message: same, success: true, status: 200 });
  const left = current.filter((entry) => entry !== name) as JsonValue[];
  const changes: Record<string, JsonValue> = { [list]: left };
  const other = isPlainObject(wpseo) ? wpseo[list === 'new_post_types' ? 'new_taxonomies' : 'new_post_types'] : undefined;
  // `maybe_dismiss_notifications`: with both lists empty, the new-content-type notice is over.
  if (left.length === 0 && !(isPhpArray(other) && phpValues(other).length > 0)) changes.show_new_content_type_notification = false;
  await storage.mergeOption('wpseo', changes);
  return new RestResponse({ message: done, success: true, status: 200 });
}

/** What the editors' handlers need: the clock (an introduction's `seen_on`). */
interface EditorsDeps {
  /** Milliseconds now. */
  now: () => number;
}

/** The seo-b editors' screens handlers. */
export const seoBEditorsHandlers = ({ now }: EditorsDeps): Handlers<typeof seoBEditorsRoutes, SeoBStorage> => ({
  fileSize: (request, context, storage) => fileSize(request.params.url, context, storage),

  bulkEditorPosts: (request, context, storage) => listBulkPosts(request.params, context, storage),

  updateSearch: (request, context, storage) => bulkUpdate(request.params.items, SEARCH_FIELDS, storage, context.user),

  updateSocial: (request, context, storage) => bulkUpdate(request.params.items, SOCIAL_FIELDS, storage, context.user),

  // The arg is `postTypeName`, the callback reads `post_type_name`: a client sending only the former dismisses nothing.
  dismissPostType: (request, _context, storage) => dismissNew(request.params.post_type_name, 'new_post_types', storage),

  dismissTaxonomy: (request, _context, storage) => dismissNew(request.params.taxonomy_name, 'new_taxonomies', storage),

  async introductionSeen(request, context, storage) {
    const id = request.params.introduction_id;
    const seen = request.params.is_seen === true;
    if (!INTRODUCTIONS.has(id) || context.user === null) return unknownIntroduction();
    const seenOn = seen ? Math.floor(now() / 1000) : 0;
    await storage.updateUserMeta(context.user.id, USER_META.introductions, (current) => {
      const all: Record<string, JsonValue> = isPlainObject(current) ? { ...current } : {};
      const entry = Object.hasOwn(all, id) ? all[id] : undefined;
      const stored = isPlainObject(entry) ? entry.is_seen : entry;
      if (entry !== undefined && stored === seen) return undefined;
      setOwn(all, id, { is_seen: seen, seen_on: seenOn });
      return all;
    });
    return { json: { success: true } };
  },

  async getVideoEmbedPermission(_request, context, storage) {
    const value = context.user === null ? undefined : await storage.getUserMeta(context.user.id, USER_META.wistia);
    return { json: { value: value !== undefined && isScalar(value) && toPhpString(value) === '1' } };
  },

  async setVideoEmbedPermission(request, context, storage) {
    // `get_json_params()['value']`, cast: no JSON body, or one without `value`, is false whatever the default.
    const value = toBool(isPlainObject(request.json) ? request.json.value : undefined) ? '1' : '0';
    // `update_user_meta` answers false for the value the key already holds: Yoast then answers 400.
    let changed = false;
    if (context.user !== null) {
      await storage.updateUserMeta(context.user.id, USER_META.wistia, (current) => {
        changed = current !== value;
        return changed ? value : undefined;
      });
    }
    return new RestResponse({ json: { success: changed } }, changed ? 200 : 400);
  },

  async availablePosts(request, _context, storage) {
    const type = request.params.postType;
    if (!REGISTERED_POST_TYPES.has(type)) return invalidPostType();
    const posts = await storage.availablePosts(type, request.params.search, AVAILABLE_POSTS);
    return posts.map((post) => ({ id: post.ID, title: post.post_title, slug: post.post_name }));
  },

  async dismissAlert(request, context, storage) {
    const key = request.params.key as string;
    if (context.user === null) return new RestResponse({ success: false, status: 400 }, 400);
    await storage.updateUserMeta(context.user.id, USER_META.alerts, (current) => {
      const dismissed: Record<string, JsonValue> = isPlainObject(current) ? { ...current } : {};
      if (Object.hasOwn(dismissed, key)) return undefined;
      setOwn(dismissed, key, true);
      return dismissed;
    });
    return new RestResponse({ success: true, status: 200 });
  },

  async searchMeta(request, _context, storage) {
    const query = request.params.query;
    // `$request['query']` absent is null, and `substr( $key, 0, 0 ) !== null` skips every key.
    if (query === undefined || query === null) return { meta: [] };
    // `strlen()` of a list or object is PHP's TypeError: WordPress's critical error.
    if (!isScalar(query)) return internal();
    const prefix = toPhpString(query);
    if (prefix.length > MAX_META_KEY) return { meta: [] };
    return { meta: await storage.searchPostMeta(toInt(request.params.post_id), prefix, MAX_CUSTOM_FIELDS) };
  },
});

/** `Meta_Search_Route::permission_check`: `edit_post` on `post_id`, refused without one or for a post that does not exist. */
export const seoBEditorsChecks: Checks<typeof seoBEditorsRoutes, SeoBStorage> = {
  manageSeo: seoBChecks.manageSeo,
  async canEditMetaPost(request, context, storage) {
    // `get_post()` takes a whole number (as a number or numeric text) and nothing else.
    const id = numericValue(request.params.post_id);
    const post = id !== undefined && Number.isSafeInteger(id) && id > 0 ? await storage.getPost(id) : null;
    return post !== null && canEdit(context.user, post);
  },
};
