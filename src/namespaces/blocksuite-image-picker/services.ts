// The image picker's one outside service: the image download it shares with the design library's
// imports, declared once in `../image-download.ts` (its limits, its answer per failure, its double
// under fixtures/blocksuite-image-picker/download/).
import type { ServiceDeclaration } from '../host-service.js';
import { imageDownloadService, type DownloadFailed, type ImageDownload } from '../image-download.js';

/** The download `process_images` imports with: without a host callback nothing is downloaded and only images imported before are answered. */
export const downloadService: ServiceDeclaration<ImageDownload, DownloadFailed> = imageDownloadService;
