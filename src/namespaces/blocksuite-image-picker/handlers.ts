import { isPlainObject } from '../../core/own-property.js';
import type { Handlers } from '../define.js';
import type { BoundService } from '../host-service.js';
import type { DownloadFailed, ImageDownload } from '../image-download.js';
import { processImages } from '../image-import.js';
import { nothingImported } from './errors.js';
import type { blocksuiteImagePickerRoutes } from './routes.js';
import type { BlocksuiteImagePickerStorage } from './storage.js';

/** What the handlers run on. */
interface BlocksuiteImagePickerDeps {
  /** The image download, bound at mount. */
  download: BoundService<ImageDownload, DownloadFailed>;
}

/** The handlers of the image picker's route table. */
export function blocksuiteImagePickerHandlers({
  download,
}: BlocksuiteImagePickerDeps): Handlers<typeof blocksuiteImagePickerRoutes, BlocksuiteImagePickerStorage> {
  return {
    // `(array) $request->get_json_params()`: a body that is no JSON object names no images.
    processImages: (request, context, storage) =>
      isPlainObject(request.json)
        ? processImages(request.json, context.user?.can('upload_files') ?? false, { library: storage, download })
        : nothingImported(),
  };
}
