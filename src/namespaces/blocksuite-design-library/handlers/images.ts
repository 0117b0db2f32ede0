// Images for the design library: a collection for the chosen industries, or (for the
// `aiGenerated` collection with an `industry` given) a search, cached under the plugin's
// identifier; and the list of collections. Both answer the upstream's JSON text as it came.
import { isEmpty, phpJsonEncode } from '../../../core/php/values.js';
import type { Handlers } from '../../define.js';
import type { JsonObject } from '../../recorded-double.js';
import type { blocksuiteDesignLibraryImagesRoutes } from '../routes/images.js';
import type { ImageSize } from '../../image-sizes.js';
import type { BlocksuiteDesignLibraryStorage } from '../storage.js';
import { ask, decoded, field, okBody, PLUGIN_VERSION, prophecyToken, prophecyUrl, type DesignLibraryDeps } from '../upstream.js';

/** The size the plugin asks for when none is given. */
const DEFAULT_SIZES: ImageSize[] = [{ id: '2048x2048', width: 2048, height: 2048, crop: false }];

/** The images handlers. */
export function blocksuiteDesignLibraryImagesHandlers(
  deps: DesignLibraryDeps,
): Handlers<typeof blocksuiteDesignLibraryImagesRoutes, BlocksuiteDesignLibraryStorage> {
  return {
    async getImages(request, context, storage) {
      const { industries, industry, image_type: imageType, image_sizes: imageSizes, force_reload: reload } = request.params;
      if (industries === undefined || industries.length === 0) return 'error';
      let identifier = `imageCollection${phpJsonEncode(industries)}${PLUGIN_VERSION}`;
      if (!isEmpty(imageType)) identifier += `_${imageType}`;
      if (imageSizes !== undefined && imageSizes.length > 0) identifier += `_${phpJsonEncode(imageSizes)}`;
      if (!isEmpty(industry)) identifier += `_${industry}`;
      let response = reload ? undefined : await storage.cachedBody('library', identifier);
      const fetched = response === undefined;
      if (fetched) {
        const sizes = imageSizes !== undefined && imageSizes.length > 0 ? imageSizes : DEFAULT_SIZES;
        const type = isEmpty(imageType) ? 'JPEG' : imageType!;
        const search = !isEmpty(industry) && industries.includes('aiGenerated');
        const body: JsonObject = search
          ? { query: industry!, image_type: type, sizes: sizes as unknown as JsonObject[], page: 1, per_page: 24 }
          : { industries, image_type: type, sizes: sizes as unknown as JsonObject[] };
        const license = await storage.license();
        const operation = search ? 'images-search' : 'images-collection';
        const path = search ? 'images/search' : 'images/collections';
        response =
          okBody(
            await ask(deps, { operation, method: 'POST', url: prophecyUrl(path), token: prophecyToken(license, context.site), body }),
          ) ?? 'error';
      }
      if (response === 'error') return 'error';
      // `isset( $data['data'] )`: a `data` that is there and not null.
      const data = field(decoded(response!), 'data');
      if (data === undefined || data === null) return 'error';
      if (fetched) await storage.cacheBody('library', identifier, response!);
      return response;
    },

    async getImageCollections(request, context, storage) {
      const identifier = 'image_collections';
      if (!request.params.force_reload) {
        const cached = await storage.cachedBody('library', identifier);
        if (cached !== undefined) return cached;
      }
      const license = await storage.license();
      const token = prophecyToken(license, context.site);
      const body = okBody(
        await ask(deps, { operation: 'image-collections', method: 'GET', url: prophecyUrl('images/collections'), token }),
      );
      if (body === null) return 'error';
      await storage.cacheBody('library', identifier, body);
      return body;
    },
  };
}
