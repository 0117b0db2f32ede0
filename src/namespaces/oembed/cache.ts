// The proxy's cache on the site store, as `WP_oEmbed_Controller::get_proxy_item` keeps it: a
// transient per request, named `oembed_` and the md5 of the serialized params, so every process
// on the store reuses a provider's answer. A list of the names (an option of site-rest's own)
// bounds how many answers are kept, since any editor can make the proxy fetch new URLs.
import { isPlainObject } from '../../core/own-property.js';
import { md5 } from '../../core/crypto/digest.js';
import { phpSerialize } from '../../core/php/serialize.js';
import { isStoreError } from '../../store/errors.js';
import type { JsonValue, SiteStore } from '../../store/types.js';

/** The option listing the cached answers' transients, oldest first. */
const INDEX_OPTION = 'site_rest_oembed_proxy_cache';

/** A provider's answer, as the proxy returns it. */
export type ProxyAnswer = Record<string, unknown>;

/** Providers' answers by request, shared through the site store. */
export interface ProxyCache {
  /** The live answer cached for a request's params, or undefined. */
  get(params: Record<string, unknown>): Promise<ProxyAnswer | undefined>;
  /** Caches an answer for a request's params, dropping the oldest answers past the bound. */
  set(params: Record<string, unknown>, answer: ProxyAnswer): Promise<void>;
}

/** The transient's name: `get_proxy_item`'s, from every param but `_wpnonce`. */
function transientName(params: Record<string, unknown>): string {
  const args = Object.fromEntries(Object.entries(params).filter(([key]) => key !== '_wpnonce'));
  return `oembed_${md5(phpSerialize(args))}`;
}

/**
 * The proxy cache on `store`: answers live `ttlSeconds` (none kept when 0) and at most
 * `maxEntries` are kept, the one stored longest ago going first.
 */
export function proxyCacheOn(store: SiteStore, ttlSeconds: number, maxEntries: number): ProxyCache {
  const off = ttlSeconds === 0 || maxEntries === 0;
  return {
    async get(params) {
      if (off) return undefined;
      const value = await store.transients.get(transientName(params));
      // `get_proxy_item` serves a cached value only when it is not empty.
      return isPlainObject(value) && Object.keys(value).length > 0 ? value : undefined;
    },
    async set(params, answer) {
      if (off) return;
      const name = transientName(params);
      try {
        await store.transaction(async (tx) => {
          await tx.transients.set(name, answer as JsonValue, ttlSeconds);
          const listed = await tx.options.get(INDEX_OPTION);
          const names = (Array.isArray(listed) ? listed : []).filter((item): item is string => typeof item === 'string' && item !== name);
          names.push(name);
          const evicted = names.splice(0, Math.max(0, names.length - maxEntries));
          for (const old of evicted) await tx.transients.delete(old);
          await tx.options.set(INDEX_OPTION, names, false);
        });
      } catch (error) {
        // An answer the store cannot hold (a NUL, a number JSON cannot write) is served, not cached.
        if (!isStoreError(error, 'invalid_value')) throw error;
      }
    },
  };
}
