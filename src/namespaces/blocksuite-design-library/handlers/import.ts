// The design library's imports: `process_pattern` (a pattern's helper posts and images brought into
// the site, its content pointed at them) and `process_images` (a photo collection imported), on the
// image download and the image library the image picker shares. The group is its own storage's:
// its deps hold the image library and the helper posts, bound to each request here, so it joins
// the namespace's other groups whatever their storage.
import { isPlainObject } from '../../../core/own-property.js';
import { isEmpty } from '../../../core/php/values.js';
import type { SiteStore } from '../../../store/types.js';
import { routeGroup, storageContext, type BoundStorage, type Handlers, type RouteGroup, type StorageContext } from '../../define.js';
import type { BoundService } from '../../host-service.js';
import type { DownloadFailed, ImageDownload } from '../../image-download.js';
import {
  attachmentIndex,
  boundImageLibrary,
  imageLibraryOn,
  importPatternImage,
  inParallel,
  localImage,
  PARALLEL_DOWNLOADS,
  processImages,
  type ImageImportEnv,
  type ImageLibraryStorage,
  type ImportedImage,
} from '../../image-import.js';
import { helperPostsOn, installHelperPosts, type HelperPostsStorage } from '../helper-posts.js';
import { libraryCredits, patternImage, patternImageUrls, pointAtImports } from '../pattern-images.js';
import { blocksuiteDesignLibraryImportRoutes } from '../routes/import.js';

/** What the import group runs on. */
export interface DesignLibraryImportDeps {
  /** The image attachments and where uploads go (the image picker's storage). */
  images: ImageLibraryStorage;
  /** The Kadence helper posts a pattern's blocks stand on. */
  helperPosts: HelperPostsStorage;
  /** The image download, bound at mount (`bindService(imageDownloadService, …)`). */
  download: BoundService<ImageDownload, DownloadFailed>;
}

/** The import group's deps on the site store: its attachments and helper posts there, uploads not kept (source URLs). */
export function designLibraryImportDeps(store: SiteStore, download: DesignLibraryImportDeps['download']): DesignLibraryImportDeps {
  return { images: imageLibraryOn(store), helperPosts: helperPostsOn(store), download };
}

/** `process_pattern`'s answer for a body without content (and here for content that is no text or too long). */
const patternFailed = (): string => 'failed';

/** Most characters of a pattern's content taken (a page of the library runs to tens of KiB). */
const MAX_PATTERN_CHARS = 1024 * 1024;

/** The helper posts bound to one request. */
function boundHelperPosts(storage: HelperPostsStorage, context: StorageContext): BoundStorage<HelperPostsStorage> {
  return {
    findHelperPost: (postType, title) => storage.findHelperPost(postType, title, context),
    addHelperPost: (post) => storage.addHelperPost(post, context),
  };
}

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

/** The handlers of the import routes. */
function blocksuiteDesignLibraryImportHandlers(deps: DesignLibraryImportDeps): Handlers<typeof blocksuiteDesignLibraryImportRoutes> {
  const envOf = (context: StorageContext): ImageImportEnv => ({
    library: boundImageLibrary(deps.images, context),
    download: deps.download,
  });
  const canUpload = (context: StorageContext) => context.user?.can('upload_files') ?? false;
  return {
    async processPattern(request, context) {
      const body = request.json;
      if (!isPlainObject(body) || isEmpty(body.content)) return patternFailed();
      if (typeof body.content !== 'string' || body.content.length > MAX_PATTERN_CHARS) return patternFailed();
      const stored = storageContext(context);
      const style = typeof body.style === 'string' ? body.style : '';
      const content = isEmpty(body.cpt_blocks)
        ? body.content
        : await installHelperPosts(body.content, body.cpt_blocks, style, boundHelperPosts(deps.helperPosts, stored));
      const urls = patternImageUrls(content);
      if (urls.length === 0) return content;
      return pointAtImports(content, await importUrls(urls, body, canUpload(stored), context.site.url, envOf(stored)));
    },

    // `(array) $request->get_json_params()`: a body that is no JSON object names no images.
    processImages: (request, context) => {
      const stored = storageContext(context);
      return isPlainObject(request.json) ? processImages(request.json, canUpload(stored), envOf(stored)) : [];
    },
  };
}

/**
 * The design library's import group, for its namespace's `bindGroups`:
 * `designLibraryImportGroup(designLibraryImportDeps(store, bindService(imageDownloadService, …)))`.
 */
export function designLibraryImportGroup(deps: DesignLibraryImportDeps): RouteGroup {
  return routeGroup(blocksuiteDesignLibraryImportRoutes, blocksuiteDesignLibraryImportHandlers(deps));
}
