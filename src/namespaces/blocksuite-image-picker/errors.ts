// Kadence's image picker answers no WP_Error of its own: `process_images` is a 200 whose list leaves
// out every image it could not import. A body that names no images is that list, empty; it is
// written here once, as an error code would be.
import type { ProcessedImage } from '../image-import.js';

/** `process_images`' answer when its JSON body is no object naming images: nothing imported. */
export const nothingImported = (): ProcessedImage[] => [];
