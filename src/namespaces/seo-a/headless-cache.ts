/**
 * The headless answers of one process, per post: each kept with the post's `post_modified` and
 * the store's SEO generation it was computed at, so a meta write (which bumps the generation) or
 * a post update in any process sharing the store makes it stale.
 */
import type { JsonValue } from '../../store/types.js';

/** A post's headless data and its answer's JSON body. */
export interface HeadlessAnswer {
  /** The data. */
  data: JsonValue;
  /** `{"success":true,"data":…}` as sent. */
  body: string;
}

/** A computed answer and what it was computed from. */
interface Entry {
  modified: string;
  generation: number;
  answer: HeadlessAnswer;
}

/** The cache of one mounted namespace: at most `limit` posts, the least recently stored dropped first. */
export interface HeadlessCache {
  /** The answer computed for this post at this `post_modified` and generation; undefined when stale or absent. */
  get(id: number, modified: string, generation: number): HeadlessAnswer | undefined;
  /** Keeps an answer. */
  set(id: number, modified: string, generation: number, answer: HeadlessAnswer): void;
}

/** A headless cache holding at most `limit` posts. */
export function headlessCache(limit = 5000): HeadlessCache {
  const entries = new Map<number, Entry>();
  return {
    get(id, modified, generation) {
      const entry = entries.get(id);
      return entry && entry.modified === modified && entry.generation === generation ? entry.answer : undefined;
    },
    set(id, modified, generation, answer) {
      entries.delete(id);
      entries.set(id, { modified, generation, answer });
      if (entries.size > limit) entries.delete(entries.keys().next().value!);
    },
  };
}
