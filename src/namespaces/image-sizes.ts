// `Image_Trait`, which the image picker and the design library controllers share: the `image_sizes`
// arg sanitized as the plugin does, a callback that replaces WordPress's type check.
import { isPlainObject } from '../core/own-property.js';
import { absint, isPhpArray, phpValues, toPhpString } from '../core/php/values.js';
import { sanitizeTextField } from '../core/schema/text.js';

/** An image size as `Image_Trait::sanitize_image_sizes_array` keeps it. */
export interface ImageSize {
  /** The size's name (`2048x2048`). */
  id: string;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Whether the image is cropped to the size. */
  crop: boolean;
}

/** What `filter_var( $value, FILTER_VALIDATE_BOOLEAN )` takes for true; anything else is false. */
const TRUE_WORDS = new Set(['1', 'true', 'on', 'yes']);

/**
 * `Image_Trait::sanitize_image_sizes_array`: each entry's `id`, `width`, `height` and `crop`, a
 * missing one as PHP reads a missing key (null); anything but an array gives `[]`, as PHP's foreach
 * over it does (with a warning). It replaces WordPress's type check: nothing is refused.
 */
export function sanitizeImageSizes(sizes: unknown): ImageSize[] {
  if (!isPhpArray(sizes)) return [];
  return phpValues(sizes).map((value) => {
    const size = isPlainObject(value) ? value : {};
    return {
      id: sanitizeTextField(size.id ?? ''),
      width: absint(size.width ?? 0),
      height: absint(size.height ?? 0),
      crop: TRUE_WORDS.has(toPhpString(size.crop).trim().toLowerCase()),
    };
  });
}
