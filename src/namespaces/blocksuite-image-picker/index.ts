import { checkOptions, hostObject, fn, optionsObject, type OptionsShape } from '../../core/options.js';
import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import type { ImageDownload } from '../image-download.js';
import { blocksuiteImagePickerHandlers } from './handlers.js';
import { blocksuiteImagePickerRoutes } from './routes.js';
import { downloadService } from './services.js';
import { blocksuiteImagePickerStorageOn } from './site-store.js';
import { blocksuiteImagePickerStorageGroups, type BlocksuiteImagePickerStorage } from './storage.js';

export { blocksuiteImagePickerStorageOn } from './site-store.js';
export { blocksuiteImagePickerStorageGroups } from './storage.js';
export type { BlocksuiteImagePickerStorage, ImageUpload, ImportedImage, KnownAttachment, NewAttachment, SavedUpload } from './storage.js';
export type { DownloadedImage, ImageDownload, ImageDownloadRequest } from '../image-download.js';

/** Options of {@link blocksuiteImagePicker}. */
export interface BlocksuiteImagePickerOptions {
  /**
   * Fetches an image to import. Without one nothing leaves the server and nothing new is imported
   * (images imported before are still answered). On Node, `nodeImageDownload()` from
   * `site-rest/node` reaches public addresses only, checked at connect time at every redirect hop.
   */
  imageDownload?: ImageDownload;
  /** How long one image's download may take and how much it may weigh (default 15 s, 10 MiB). */
  downloadLimits?: GivenHostServiceLimits;
  /** The host's storage of the imports: the attachments (both callbacks or neither) and where uploads are kept (default: the site store, uploads not kept). */
  storage?: Partial<BlocksuiteImagePickerStorage>;
}

/** The checks of {@link BlocksuiteImagePickerOptions}. */
export const blocksuiteImagePickerOptions = optionsObject({
  imageDownload: fn('request, signal → { contentType, bytes } or null').optional(),
  downloadLimits: serviceLimitsOptions.optional(),
  storage: hostObject('the image library storage callbacks').optional(),
} satisfies OptionsShape<BlocksuiteImagePickerOptions>);

/**
 * The `blocksuite-image-picker/v1` namespace (Kadence Blocks' image picker): `process_images`
 * imports the Pexels images an editor picked into the media library as attachments, answering
 * those imported before from the registry without downloading them again.
 */
export function blocksuiteImagePicker(options: BlocksuiteImagePickerOptions = {}): MountableNamespace {
  const checked = checkOptions(blocksuiteImagePickerOptions, options, 'blocksuiteImagePicker');
  const limits = serviceLimits('blocksuiteImagePicker downloadLimits', checked.downloadLimits, downloadService.limits);
  return ({ store, reportService }) => {
    const storage = withDefaults<BlocksuiteImagePickerStorage>(
      () => blocksuiteImagePickerStorageOn(store),
      options.storage,
      blocksuiteImagePickerStorageGroups,
      'blocksuiteImagePicker storage',
    );
    const download = bindService(downloadService, options.imageDownload, limits, reportService);
    return bindGroups(
      'blocksuite-image-picker/v1',
      [routeGroup(blocksuiteImagePickerRoutes, blocksuiteImagePickerHandlers({ download }))],
      {
        storage,
      },
    );
  };
}
