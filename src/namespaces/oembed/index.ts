import type { MountableNamespace } from '../../core/types.js';
import { memoryStore } from '../../store/memory/index.js';
import type { SiteStore } from '../../store/types.js';
import type { ByteSize } from '../../core/byte-size.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { bindService, boundOption } from '../host-service.js';
import { postsStorageOn } from '../core-posts/site-store.js';
import { proxyCacheOn } from './cache.js';
import { oembedHandlers } from './handlers.js';
import { DEFAULT_OEMBED_PROVIDERS, type OembedProvider } from './providers.js';
import { oembedRoutes } from './routes.js';
import { providerService } from './services.js';
import { postsStorageGroups, type AuthorLookup, type OembedStorage, type PostsStorage } from './storage.js';
import { z } from 'zod';
import { bytes, checkedAtUse, checkOptions, fn, hostObject, optionsObject, text, type OptionsShape } from '../../core/options.js';

export { DEFAULT_OEMBED_PROVIDERS, type OembedProvider } from './providers.js';
export type { LocalOembed } from './local.js';
export type { AuthorLookup, OembedAuthor } from './storage.js';

/** Options of {@link oembed}. */
export interface OembedOptions {
  /** Where the site's posts live, as core posts has them: all five callbacks or none (default: the server's site store). */
  posts?: PostsStorage;
  /** Who wrote a post (default: the site store's user, whose `display_name` and `user_nicename` the documents show). */
  authorOf?: AuthorLookup;
  /** The script WordPress inlines after an embed's iframe, its `wp-embed.min.js` (default: none; WordPress's code is not shipped). */
  embedScript?: string;
  /**
   * The fetch the proxy reaches other sites' providers with. Without one, nothing leaves the
   * server: the proxy embeds the site's own posts and answers 501 for other URLs. On Node,
   * `nodeOembedFetch()` from `site-rest/node` connects to public addresses only, checked at
   * connect time at every redirect hop; a host's own fetch decides itself where it may connect.
   */
  fetch?: typeof fetch;
  /** Time allowed for one proxied request, discovery included, in milliseconds (default 5000). */
  timeoutMs?: number;
  /** Most bytes read of a provider's page or oEmbed document (default 512 KiB; `'512kb'` as Express writes sizes). */
  maxBytes?: ByteSize;
  /** How long a provider's answer is reused, in milliseconds, kept in whole seconds in the site store's transients (default one hour; under a second turns the cache off). */
  cacheTtlMs?: number;
  /** How many providers' answers are kept at most (default 500; 0 turns the cache off). */
  cacheSize?: number;
  /** Sanctioned providers: their endpoints are used without discovery and their HTML as it is (default {@link DEFAULT_OEMBED_PROVIDERS}). */
  providers?: readonly OembedProvider[];
}

/** The checks of {@link OembedOptions}. */
export const oembedOptions = optionsObject({
  posts: hostObject('the posts storage callbacks').optional(),
  authorOf: fn('author id → { name, slug } or null').optional(),
  embedScript: text.optional(),
  fetch: fn('a fetch').optional(),
  timeoutMs: checkedAtUse<number>(),
  maxBytes: bytes.optional(),
  cacheTtlMs: checkedAtUse<number>(),
  cacheSize: checkedAtUse<number>(),
  providers: z.array(z.unknown(), { error: 'must be a list of { pattern, endpoint }' }).optional(),
} satisfies OptionsShape<OembedOptions>);

const bound = (name: string, value: number | undefined, fallback: number, least: number) =>
  boundOption('oembed', name, value, fallback, least);

/**
 * The `oembed/1.0` namespace: `/embed` answers the oEmbed document of one of the site's published
 * posts (JSON, or XML with `format=xml`); `/proxy` lets users who may edit posts embed other
 * sites' content, through sanctioned or discovered providers, with a timeout, a size cap and a cache.
 */
export function oembed(options: OembedOptions = {}): MountableNamespace {
  const given = checkOptions(oembedOptions, options, 'oembed');
  const limits = {
    timeoutMs: bound('timeoutMs', options.timeoutMs, providerService.limits.timeoutMs, 1),
    maxBytes: bound('maxBytes', given.maxBytes, providerService.limits.maxBytes, 1),
  };
  const providers = options.providers ?? DEFAULT_OEMBED_PROVIDERS;
  const ttlSeconds = Math.floor(bound('cacheTtlMs', options.cacheTtlMs, 3_600_000, 0) / 1000);
  const cacheSize = Math.floor(bound('cacheSize', options.cacheSize, 500, 0));
  const postsOn = (store: SiteStore) => withDefaults(() => postsStorageOn(store), options.posts, postsStorageGroups, 'oembed posts');
  // Checked now too, so part of a group is refused where it is given rather than at mount.
  if (options.posts) postsOn(memoryStore());
  return ({ store, reportService }) => {
    const authorOf: AuthorLookup =
      options.authorOf ??
      (async (id) => {
        const user = await store.users.get(id);
        return user ? { name: user.display_name, slug: user.user_nicename } : null;
      });
    const handlers = oembedHandlers({
      local: { embedScript: options.embedScript },
      proxy: { provider: bindService(providerService, options.fetch, limits, reportService), providers },
      cache: proxyCacheOn(store, ttlSeconds, cacheSize),
    });
    const storage: OembedStorage = { ...postsOn(store), authorOf };
    return bindGroups('oembed/1.0', [routeGroup(oembedRoutes, handlers)], { storage });
  };
}
