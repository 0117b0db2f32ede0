// The design library's imports: `process_pattern` (a pattern's helper posts and images brought into
// the site, its content pointed at them) and `process_images` (a photo collection imported), on the
// image download and the image library the image picker shares. The group is its own storage's:
// its deps hold the image library and the helper posts, bound to each request here, so it joins
// the namespace's other groups whatever their storage.
import { isPlainObject } from '../../../core/own-property.js';
import { isEmpty } from '../../../core/php/values.js';
import type { RestUser } from '../../../core/types.js';
import { routeGroup, type BoundStorage, type Handlers, type RouteGroup } from '../../define.js';
import type { BoundService } from '../../host-service.js';
import type { DownloadFailed, ImageDownload } from '../../image-download.js';
import {
  attachmentIndex,
  importPatternImage,
  inParallel,
  localImage,
  PARALLEL_DOWNLOADS,
  processImages,
  type ImageImportEnv,
  type ImportedImage,
} from '../../image-import.js';
import { installHelperPosts } from '../helper-posts.js';
import { libraryCredits, patternImage, patternImageUrls, pointAtImports } from '../pattern-images.js';
import { blocksuiteDesignLibraryImportRoutes } from '../routes/import.js';
import type { DesignLibraryImportStorage } from '../storage.js';

/** `process_pattern`'s answer for a body without content (and here for content that is no text or too long). */
const patternFailed = (): string => 'failed';

/** Most characters of a pattern's content taken (a page of the library runs to tens of KiB). */
const MAX_PATTERN_CHARS = 1024 * 1024;

/**
 * Each image URL of the content as an attachment: one imported before (on the site, or by its
 * hash) as it is; one downloaded and imported when the user may upload files (3.5 downloads for
 * anyone who can edit posts, which Kadence 3.6 closed), or kept with id 0 when that fails, as the
 * plugin keeps it; one the user may not upload left as it is.
 */
async function importUrls(
  urls: readonly string[],
  body: Record<string, unknown>,
  canUpload: boolean,
  siteUrl: string,
  env: ImageImportEnv,
) {
  const index = await attachmentIndex(env.library);
  const credits = libraryCredits(body.image_library);
  const imported = new Map<string, ImportedImage>();
  const downloads: string[] = [];
  for (const url of urls) {
    const local = localImage(url, siteUrl, index);
    if (local) imported.set(url, local);
    else if (canUpload) downloads.push(url);
  }
  const results = await inParallel(downloads, PARALLEL_DOWNLOADS, (url) => importPatternImage(patternImage(url, credits), index, env));
  downloads.forEach((url, i) => imported.set(url, results[i] ?? { id: 0, url }));
  return imported;
}

/** The handlers of the import routes, on the image download bound at mount. */
function blocksuiteDesignLibraryImportHandlers(
  download: BoundService<ImageDownload, DownloadFailed>,
): Handlers<typeof blocksuiteDesignLibraryImportRoutes, DesignLibraryImportStorage> {
  const envOf = (storage: BoundStorage<DesignLibraryImportStorage>): ImageImportEnv => ({ library: storage, download });
  return {
    async processPattern(request, context, storage) {
      const body = request.json;
      if (!isPlainObject(body) || isEmpty(body.content)) return patternFailed();
      if (typeof body.content !== 'string' || body.content.length > MAX_PATTERN_CHARS) return patternFailed();
      const style = typeof body.style === 'string' ? body.style : '';
      const content = isEmpty(body.cpt_blocks) ? body.content : await installHelperPosts(body.content, body.cpt_blocks, style, storage);
      const urls = patternImageUrls(content);
      if (urls.length === 0) return content;
      return pointAtImports(content, await importUrls(urls, body, canUpload(request.user), context.site.url, envOf(storage)));
    },

    // `(array) $request->get_json_params()`: a body that is no JSON object names no images.
    processImages: (request, _context, storage) =>
      isPlainObject(request.json) ? processImages(request.json, canUpload(request.user), envOf(storage)) : [],
  };
}

/** Whether the user may upload files: only then are images downloaded (3.5 downloaded for any editor, which Kadence 3.6 closed). */
const canUpload = (user: RestUser | null): boolean => user?.can('upload_files') ?? false;

/**
 * The design library's import group, for its namespace's `bindGroups`, on the image download
 * bound at mount (`bindService(imageDownloadService, …)`): its handlers get the namespace's
 * storage, of which they use the {@link DesignLibraryImportStorage} part.
 */
export function designLibraryImportGroup(download: BoundService<ImageDownload, DownloadFailed>): RouteGroup<DesignLibraryImportStorage> {
  return routeGroup(blocksuiteDesignLibraryImportRoutes, blocksuiteDesignLibraryImportHandlers(download));
}
