// `wp_get_attachment_image_src( $id, 'large' )` on an attachment post as WordPress keeps it: its
// file in `_wp_attached_file` (below the uploads folder), its sizes in `_wp_attachment_metadata`.
import { isPlainObject } from '../../core/own-property.js';
import { toInt } from '../../core/php/values.js';
import type { JsonValue, PostRow } from './storage.js';

/** The meta keys an attachment's image source reads. */
export const ATTACHMENT_META = ['_wp_attached_file', '_wp_attachment_metadata'] as const;

/** What `large` is constrained to: WordPress's `large_size_w` and `large_size_h` defaults. */
const LARGE = 1024;

/** Extensions `wp_attachment_is_image` takes for an image whatever the MIME type says. */
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'gif', 'png', 'webp']);

/** `[url, width, height, is_intermediate]`, or false when the attachment is no image. */
type ImageSource = [string, number, number, boolean] | false;

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** `wp_constrain_dimensions`: scaled to fit the box, keeping the ratio, never below 1 (so an image of unknown size is 1×1). */
function constrained(width: number, height: number, max: number): [number, number] {
  const widthRatio = width > max ? max / width : 1;
  const heightRatio = height > max ? max / height : 1;
  const smaller = Math.min(widthRatio, heightRatio);
  const larger = Math.max(widthRatio, heightRatio);
  const ratio = Math.round(width * larger) > max || Math.round(height * larger) > max ? smaller : larger;
  let w = Math.max(1, Math.round(width * ratio));
  let h = Math.max(1, Math.round(height * ratio));
  if (widthRatio < 1 && w === max - 1) w = max;
  if (heightRatio < 1 && h === max - 1) h = max;
  return [w, h];
}

/** An attachment's `large` image: its `large` size when one was made, else the full image constrained to 1024×1024. */
export function largeImageSource(attachment: PostRow | undefined, meta: Record<string, JsonValue[]>, siteUrl: string): ImageSource {
  if (attachment?.post_type !== 'attachment') return false;
  const file = text(meta._wp_attached_file?.[0]);
  if (file === '') return false;
  const extension = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  if (!attachment.post_mime_type.startsWith('image/') && !IMAGE_EXTENSIONS.has(extension)) return false;
  const url = `${siteUrl}/wp-content/uploads/${file}`;
  const metadata = meta._wp_attachment_metadata?.[0];
  const data = isPlainObject(metadata) ? metadata : {};
  const sizes = isPlainObject(data.sizes) ? data.sizes : {};
  const large = isPlainObject(sizes.large) ? sizes.large : null;
  if (large && text(large.file) !== '') {
    const [w, h] = constrained(toInt(large.width), toInt(large.height), LARGE);
    return [`${url.slice(0, url.lastIndexOf('/') + 1)}${text(large.file)}`, w, h, true];
  }
  const [w, h] = constrained(toInt(data.width), toInt(data.height), LARGE);
  return [url, w, h, false];
}
