// A user's favourite components as Genesis Blocks' favourites endpoints change them: the key read
// from the raw JSON body through `sanitize_key`, added unless present (over the `['']` an unset
// list reads as), removed by position. Pure functions; storage makes each change atomic.
import { phpJsonDecode } from '../../core/php/json-decode.js';
import { isEmpty, isPhpArray } from '../../core/php/values.js';
import { sanitizeKey } from '../../core/schema/text.js';
import type { FavoriteList } from './storage.js';

/** The body key the library sends a favourite in (`{ genesis_blocks_favorite_key: key }`). */
const FAVORITE_BODY_KEY = 'genesis_blocks_favorite_key';

/** Most favourites a user keeps; an addition past it leaves the list as it is (the plugin has no cap). */
export const MAX_FAVORITES = 500;

/** Longest favourite key kept; a longer one leaves the list as it is (no component key is near it). */
export const MAX_FAVORITE_KEY_LENGTH = 200;

/**
 * `sanitize_key( json_decode( $request->get_body(), true )['genesis_blocks_favorite_key'] )`:
 * whatever the Content-Type (the library sends its JSON as text/plain). A body that is not JSON,
 * not an object, or lacks the key gives `''`, as PHP's null does; on a JSON string PHP 8 dies
 * with a fatal error instead, which is not reproduced.
 */
export function favoriteKeyOf(rawBody: Uint8Array | string): string {
  const decoded = phpJsonDecode(rawBody);
  const body = decoded.ok ? decoded.value : null;
  if (!isPhpArray(body) || Array.isArray(body) || !Object.hasOwn(body, FAVORITE_BODY_KEY)) return '';
  return sanitizeKey(body[FAVORITE_BODY_KEY]);
}

/**
 * The PATCH change: null (keep the list) when the key is already there or past the caps; else
 * the key alone when the first entry is PHP-empty (the `['']` placeholder, but also `'0'`), else
 * the key appended. So `''` is appended to a list that has real keys, as the plugin does.
 */
export function withFavorite(list: FavoriteList, key: string): FavoriteList | null {
  if (list.includes(key) || key.length > MAX_FAVORITE_KEY_LENGTH) return null;
  if (isEmpty(list[0])) return [key];
  return list.length >= MAX_FAVORITES ? null : [...list, key];
}

/** The DELETE change: null when the key is not there, else the list without its first occurrence, re-indexed. */
export function withoutFavorite(list: FavoriteList, key: string): FavoriteList | null {
  const position = list.indexOf(key);
  return position < 0 ? null : list.filter((_, index) => index !== position);
}
