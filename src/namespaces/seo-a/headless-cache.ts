/**
 * The headless answers of one process, per post: each kept with the post's `post_modified` and
 * the store's SEO generation it was computed at, so a meta write (which bumps the generation) or
 * a post update in any process sharing the store makes it stale.
 */
import type { JsonValue } from '../../store/types.js';

/** A computed answer and what it was computed from. */
interface Entry {
  modified: string;
  generation: number;
  data: JsonValue;
}

/** The cache of one mounted namespace: at most `limit` posts, the least recently stored dropped first. */
export interface HeadlessCache {
  /** The answer computed for this post at this `post_modified` and generation; undefined when stale or absent. */
  get(id: number, modified: string, generation: number): JsonValue | undefined;
  /** Keeps an answer. */
  set(id: number, modified: string, generation: number, data: JsonValue): void;
}

/** A headless cache holding at most `limit` posts. */
export function headlessCache(limit = 5000): HeadlessCache {
  const entries = new Map<number, Entry>();
  return {
    get(id, modified, generation) {
      const entry = entries.get(id);
      return entry && entry.modified === modified && entry.generation === generation ? entry.data : undefined;
    },
    set(id, modified, generation, data) {
      entries.delete(id);
      entries.set(id, { modified, generation, data });
      if (entries.size > limit) entries.delete(entries.keys().next().value!);
    },
  };
}
