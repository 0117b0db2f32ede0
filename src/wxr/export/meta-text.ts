import { phpSerialize } from '../../core/php/serialize.js';
import type { JsonValue } from '../../store/types.js';

/**
 * A meta value as WordPress's `meta_value` column holds it, which the importer reads back with
 * `maybe_unserialize`: text as it is, numbers as PHP prints them, true as `1`, false and null as
 * empty, lists and objects PHP-serialized.
 */
export function metaText(value: JsonValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  if (value === null) return '';
  return phpSerialize(value);
}
