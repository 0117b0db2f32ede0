import { imageLibraryStorageGroups, type ImageLibraryStorage } from '../image-import.js';
import type { StorageGroups } from '../define.js';

export type { ImageUpload, ImportedImage, KnownAttachment, NewAttachment, SavedUpload } from '../image-import.js';

/**
 * Where the image picker's imports live: the image attachments (their posts and the plugin's meta,
 * the registry read from it) and where an image's bytes are kept. Every callback is async and gets
 * the request's `StorageContext` last.
 */
export type BlocksuiteImagePickerStorage = ImageLibraryStorage;

/** The storage's groups: the attachments together, the uploads alone (a host may keep files and leave the posts to the store). */
export const blocksuiteImagePickerStorageGroups: StorageGroups<BlocksuiteImagePickerStorage> = imageLibraryStorageGroups;
