// The sizes the media library recorded for files below the uploads folder: what `/file_size` answers
// from, so no path a client sends ever reaches a file system.
import { isPlainObject } from '../../core/own-property.js';
import { isPhpInt, toPhpString } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';

/** A recorded size: a positive whole number of bytes. */
function bytes(value: unknown): number | null {
  return typeof value === 'number' && isPhpInt(value) && value > 0 ? value : null;
}

/**
 * The size in bytes an attachment's meta records for `file` (a path below the uploads folder): its
 * own file's (`_wp_attached_file`, the size in `_wp_attachment_metadata`) or one of its
 * intermediate sizes' (a file beside it named in `sizes`); undefined when `file` is none of its
 * files, null when it is but no size was recorded.
 */
export function recordedSize(
  file: string,
  attachedFile: JsonValue | undefined,
  metadata: JsonValue | undefined,
): number | null | undefined {
  const own = toPhpString(attachedFile ?? '');
  if (own === '') return undefined;
  const data = isPlainObject(metadata) ? metadata : {};
  if (own === file) return bytes(data.filesize);
  const folder = own.slice(0, own.lastIndexOf('/') + 1);
  if (!file.startsWith(folder) || file.indexOf('/', folder.length) >= 0) return undefined;
  const name = file.slice(folder.length);
  const sizes = isPlainObject(data.sizes) ? data.sizes : {};
  for (const size of Object.values(sizes)) {
    if (isPlainObject(size) && size.file === name) return bytes(size.filesize);
  }
  return undefined;
}
