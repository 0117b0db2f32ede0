// `/meta/search`'s selection of a post's custom fields (Yoast's `Meta_Search_Route::search_meta`
// over `get_post_custom`), one pass over the fields the post has, stopping at the limit.
import { phpTrim } from '../../core/php/strings.js';
import { isPhpArray, toPhpString } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';
import type { CustomField } from './storage.js';

const SERIALIZED_SCALAR = /^[bid]:[0-9.E+-]+;$/;
const SERIALIZED_SIZED = /^[aOEs]:[0-9]+:/;

/** WordPress's `is_serialized( $data, true )` on a stored text. */
function isSerialized(text: string): boolean {
  const data = phpTrim(text);
  if (data === 'N;') return true;
  if (data.length < 4 || data[1] !== ':') return false;
  const last = data[data.length - 1];
  if (last !== ';' && last !== '}') return false;
  switch (data[0]) {
    case 's':
      return data[data.length - 2] === '"' && SERIALIZED_SIZED.test(data);
    case 'a':
    case 'O':
    case 'E':
      return SERIALIZED_SIZED.test(data);
    case 'b':
    case 'i':
    case 'd':
      return SERIALIZED_SCALAR.test(data);
    default:
      return false;
  }
}

/**
 * The fields of `meta` (key → values, in the order they were added) whose key starts with
 * `prefix`, each with its first value as text, leaving out values WordPress keeps serialized (arrays,
 * objects, serialized text) and, for an empty prefix, keys starting with `_`; at most `limit`.
 */
export function customFieldsMatching(meta: Readonly<Record<string, readonly JsonValue[]>>, prefix: string, limit: number): CustomField[] {
  const found: CustomField[] = [];
  for (const [key, values] of Object.entries(meta)) {
    if (found.length >= limit) break;
    if (!key.startsWith(prefix) || values.length === 0) continue;
    // `empty( $query )`: '' and '0' both.
    if ((prefix === '' || prefix === '0') && key.startsWith('_')) continue;
    const first = values[0]!;
    if (isPhpArray(first)) continue;
    const value = toPhpString(first);
    if (isSerialized(value)) continue;
    found.push({ key, value });
  }
  return found;
}
