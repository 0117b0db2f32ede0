// The image picker's imports on the site store, as Kadence keeps them in WordPress: attachment posts
// with `_wp_attachment_metadata`, `_pexels_id` and the photographer's credit in post meta, so every
// process on the store finds an image imported before. Uploads are not kept: see `image-import.ts`.
import type { SiteStore } from '../../store/types.js';
import { imageLibraryOn } from '../image-import.js';
import type { BlocksuiteImagePickerStorage } from './storage.js';

/** The default image picker storage: image attachments in the site store; an image's bytes not kept, its source URL used. */
export function blocksuiteImagePickerStorageOn(store: SiteStore): BlocksuiteImagePickerStorage {
  return imageLibraryOn(store);
}
