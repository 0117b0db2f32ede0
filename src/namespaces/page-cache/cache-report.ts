// What `/stats` and `/cache` make of the cached pages: `wpsc_dirsize()`'s counts by cache and
// state, with its per-directory ages, from the page cache's list instead of a directory walk.
import { setOwn } from '../../core/own-property.js';
import type { CachedPage, CacheType } from './services.js';

/** A directory's entry in a state's list: its youngest and (with several files) oldest page's age, and how many pages. */
interface DirectoryAges {
  lower_age: number;
  files: number;
  upper_age?: number;
}

/** One cache's counts, as `wpsc_generate_sizes_array()` lays them out. */
interface CacheSizes {
  expired: number;
  cached: number;
  /** Bytes held. */
  fsize: number;
  cached_list: Record<string, DirectoryAges> | [];
  expired_list: Record<string, DirectoryAges> | [];
}

/** `wp_cache_regenerate_cache_file_stats()`'s answer. */
interface CacheStats {
  generated: number;
  supercache: CacheSizes;
  wpcache: CacheSizes;
}

/** How a page's state is judged: `cache_max_time`, and whether preloading keeps static pages fresh. */
export interface ExpiryRule {
  maxAgeSeconds: number;
  preloadOn: boolean;
  now: number;
}

const TYPES: readonly CacheType[] = ['supercache', 'wpcache'];

function emptySizes(): CacheSizes {
  return { expired: 0, cached: 0, fsize: 0, cached_list: [], expired_list: [] };
}

/** Whether a page has expired, as `wpsc_dirsize()` decides it. */
function isExpired(page: CachedPage, rule: ExpiryRule): boolean {
  const keepFresh = page.type === 'supercache' && rule.preloadOn;
  return !keepFresh && rule.maxAgeSeconds > 0 && page.generatedAt + rule.maxAgeSeconds <= rule.now;
}

/** The directory a page's file sits in, below `supercache/`: its path without the trailing slash. */
function directoryOf(page: CachedPage): string {
  return page.path.endsWith('/') ? page.path.slice(0, -1) : page.path;
}

/** Adds a page's age to its directory's entry, as `wpsc_dirsize()` keeps the youngest and oldest. */
function addAge(list: Record<string, DirectoryAges>, directory: string, age: number): void {
  const entry = Object.hasOwn(list, directory) ? list[directory] : undefined;
  if (!entry) {
    setOwn(list, directory, { lower_age: age, files: 1 });
    return;
  }
  entry.files += 1;
  if (age <= entry.lower_age) {
    if (age < entry.lower_age && entry.upper_age === undefined) entry.upper_age = entry.lower_age;
    entry.lower_age = age;
  } else if (entry.upper_age === undefined || age > entry.upper_age) entry.upper_age = age;
}

/**
 * The statistics `/stats` answers (and stores in `supercache_stats`). `fsize` is the bytes held
 * (the plugin's walk overwrites it with each file's size instead of adding: a slip not copied).
 */
export function cacheStats(pages: readonly CachedPage[], rule: ExpiryRule): CacheStats {
  const sizes: Record<CacheType, CacheSizes> = { supercache: emptySizes(), wpcache: emptySizes() };
  const lists: Record<CacheType, Record<'cached' | 'expired', Record<string, DirectoryAges>>> = {
    supercache: { cached: {}, expired: {} },
    wpcache: { cached: {}, expired: {} },
  };
  for (const page of pages) {
    const state = isExpired(page, rule) ? 'expired' : 'cached';
    sizes[page.type][state] += 1;
    sizes[page.type].fsize += page.bytes;
    addAge(lists[page.type][state], directoryOf(page), rule.now - page.generatedAt);
  }
  for (const type of TYPES) {
    for (const state of ['cached', 'expired'] as const) {
      const list = lists[type][state];
      if (Object.keys(list).length > 0) sizes[type][`${state}_list`] = list;
    }
  }
  return { generated: rule.now, supercache: sizes.supercache, wpcache: sizes.wpcache };
}

/** A cache's listing in `/cache`: its directories by state, or its empty counts when it holds nothing. */
type CacheListing = { cached_list?: string[]; expired_list?: string[] } | CacheSizes;

/**
 * `GET /cache`: for each cache that holds pages, the directories of its fresh and expired pages;
 * a cache that holds nothing keeps its empty counts. The plugin lists each directory entry's keys (`lower_age`,
 * `files`) where it means the directories: the directories are listed here.
 */
export function cacheListing(pages: readonly CachedPage[], rule: ExpiryRule): Record<CacheType, CacheListing> {
  const out: Record<CacheType, CacheListing> = { supercache: emptySizes(), wpcache: emptySizes() };
  for (const type of TYPES) {
    const listed: { cached_list?: string[]; expired_list?: string[] } = {};
    for (const state of ['cached', 'expired'] as const) {
      const names = new Set<string>();
      for (const page of pages) {
        if (page.type !== type || (isExpired(page, rule) ? 'expired' : 'cached') !== state) continue;
        names.add(directoryOf(page));
      }
      if (names.size > 0) listed[`${state}_list`] = [...names];
    }
    if (Object.keys(listed).length > 0) out[type] = listed;
  }
  return out;
}
