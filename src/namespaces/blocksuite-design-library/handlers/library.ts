// The pattern library: Kadence's pattern cloud (sections, or pages with `library=pages`) or a
// Kadence Cloud library at `library_url`, its categories, and one pattern's content. Library and
// category answers are cached under the plugin's identifiers; a cloud library's expired
// connection forces a reload and is pushed forward.
import { phpRtrim } from '../../../core/php/strings.js';
import { isEmpty } from '../../../core/php/values.js';
import type { RestContext } from '../../../core/types.js';
import type { BoundStorage, Handlers } from '../../define.js';
import { invalidAccess, libraryResponseCode, libraryUnreachable } from '../errors.js';
import type { blocksuiteDesignLibraryLibraryRoutes } from '../routes/library.js';
import { DESIGN_LIBRARY_URLS, type DesignLibraryQuery } from '../services.js';
import type { BlocksuiteDesignLibraryStorage, DesignLibraryLicense } from '../storage.js';
import { ask, decoded, field, KADENCE_LIBRARIES, okBody, PLUGIN_VERSION, siteDomain, type DesignLibraryDeps } from '../upstream.js';

type Storage = BoundStorage<BlocksuiteDesignLibraryStorage>;

/** The params the library routes read. */
interface LibraryParams {
  library?: string;
  library_url?: string;
  key?: string;
  force_reload: boolean;
}

/** Where a library or category list comes from, under what key, and the identifier its answer is cached as. */
interface LibrarySource {
  url: string;
  key: string | undefined;
  identifier: string;
}

/** A Kadence Cloud library's address for `path` (`get/`, `categories/`, `single/`) under the `library_url` given. */
function cloudUrl(libraryUrl: string, path: string): string {
  return `${phpRtrim(libraryUrl, '/')}/wp-json/kadence-cloud/v1/${path}`;
}

/** `get_library`'s and `get_library_categories`' address, key and cache identifier. */
function librarySource(params: LibraryParams, license: DesignLibraryLicense, kind: 'library' | 'categories'): LibrarySource {
  const { library, library_url: libraryUrl } = params;
  let key = params.key;
  let url: string;
  if (!isEmpty(libraryUrl)) url = cloudUrl(libraryUrl!, kind === 'library' ? 'get/' : 'categories/');
  else if (library === 'pages') {
    url = kind === 'library' ? DESIGN_LIBRARY_URLS.pages : DESIGN_LIBRARY_URLS.pageCategories;
    key = 'new-pages';
  } else url = kind === 'library' ? DESIGN_LIBRARY_URLS.patterns : DESIGN_LIBRARY_URLS.patternCategories;
  let identifier = `${kind === 'library' ? 'library' : 'library-categories'}${library ?? ''}`;
  if (kind === 'library' && library === 'section') identifier += `_${PLUGIN_VERSION}`;
  if (license.key !== '') identifier += `_${license.key}`;
  if (!isEmpty(key)) identifier += `_${key}`;
  return { url, key, identifier };
}

/** `get_remote_library_contents`' query: the key and site, and for Kadence's own libraries the license args. */
function libraryQuery(
  library: string | undefined,
  key: string | undefined,
  license: DesignLibraryLicense,
  context: RestContext,
): DesignLibraryQuery {
  const site = siteDomain(context.site);
  const query: DesignLibraryQuery = {};
  if (key !== undefined) query.key = key;
  query.site = site;
  if (KADENCE_LIBRARIES.has(library)) {
    query.api_email = license.email;
    query.api_key = license.key;
    query.product_id = '';
    if (license.env !== '') query.env = license.env;
    if (license.email === 'iThemes') query.site_url = site;
  }
  if (library === 'templates') query.request = 'blocks';
  return query;
}

/**
 * Whether the list must be fetched: `force_reload`, or a cloud library whose connection has
 * expired, which renews it (checked even when `force_reload` is set, as the plugin does).
 */
async function mustReload(deps: DesignLibraryDeps, storage: Storage, params: LibraryParams): Promise<boolean> {
  const renewed = !KADENCE_LIBRARIES.has(params.library) && (await storage.renewCloudConnection(params.library ?? '', deps.now()));
  return params.force_reload || renewed;
}

/** The library handlers. */
export function blocksuiteDesignLibraryLibraryHandlers(
  deps: DesignLibraryDeps,
): Handlers<typeof blocksuiteDesignLibraryLibraryRoutes, BlocksuiteDesignLibraryStorage> {
  return {
    async getLibrary(request, context, storage) {
      const { params } = request;
      const license = await storage.license();
      const source = librarySource(params, license, 'library');
      if (!(await mustReload(deps, storage, params))) {
        const cached = await storage.cachedBody('library', source.identifier);
        if (cached !== undefined) return cached;
      }
      const reply = await ask(deps, {
        operation: 'library',
        method: 'GET',
        url: source.url,
        query: libraryQuery(params.library, source.key, license, context),
      });
      if (!reply.reached) return libraryUnreachable(reply.message);
      if (reply.status >= 400) return libraryResponseCode(reply.status);
      await storage.cacheBody('library', source.identifier, reply.body);
      return reply.body;
    },

    async getLibraryCategories(request, context, storage) {
      const { params } = request;
      const license = await storage.license();
      const source = librarySource(params, license, 'categories');
      if (!(await mustReload(deps, storage, params))) {
        const cached = await storage.cachedBody('library', source.identifier);
        if (cached !== undefined) return cached;
      }
      const query = libraryQuery(params.library, source.key, license, context);
      const body = okBody(await ask(deps, { operation: 'library-categories', method: 'GET', url: source.url, query }));
      if (body === null) return 'error';
      await storage.cacheBody('library', source.identifier, body);
      return body;
    },

    async getPatternContent(request, context, storage) {
      const { params } = request;
      if (isEmpty(params.library)) return 'error';
      const license = await storage.license();
      const url = isEmpty(params.library_url) ? DESIGN_LIBRARY_URLS.single : cloudUrl(params.library_url!, 'single/');
      const site = siteDomain(context.site);
      const query: DesignLibraryQuery = { type: isEmpty(params.pattern_type) ? 'pattern' : params.pattern_type! };
      if (params.key !== undefined) query.key = params.key;
      if (params.pattern_id !== undefined) query.id = params.pattern_id;
      query.site = site;
      if (!isEmpty(params.pattern_style)) query.style = params.pattern_style!;
      if (KADENCE_LIBRARIES.has(params.library)) {
        query.api_key = license.key;
        if (license.email !== '') query.email = license.email;
        if (license.product !== '') query.product = license.product;
        if (license.email === 'iThemes') query.site_url = site;
        if (license.env !== '') query.env = license.env;
      }
      const reply = await ask(deps, { operation: 'pattern-content', method: 'GET', url, query });
      if (!reply.reached || reply.status >= 400) {
        const body = reply.reached && reply.body !== '' ? decoded(reply.body) : null;
        return field(body, 'code') === 'invalid_access' ? invalidAccess() : 'error';
      }
      return isEmpty(reply.body) ? 'error' : reply.body;
    },
  };
}
