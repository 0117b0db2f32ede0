import type { PostRecord } from './storage.js';
import { renderContent, renderExcerpt, renderTitle } from './text.js';

/**
 * A post's rendered parts, each worked out when first asked for: `the_title`, `the_content` and
 * `wp_trim_excerpt` of its raw text, and its links.
 */
export interface RenderedText {
  title(): string;
  content(): string;
  excerpt(): string;
  /** What `build` makes of the post's links, kept while `key` (everything it reads of the post and the site but its id) is the same; never to be changed, since every later request reads the same one. */
  links<T>(key: string, build: () => T): T;
}

/** A rendering and the raw text it was made from. */
interface Memo {
  raw: string;
  rendered: string;
  /** The content memo an excerpt was made from, when the post has no excerpt of its own. */
  from?: Memo;
}

/** What has been rendered of one post since its `modified_gmt` last changed. */
interface Entry {
  modified: string;
  title?: Memo;
  content?: Memo;
  excerpt?: Memo;
  links?: { key: string; value: unknown };
}

/** The memo of `raw`: the known one when it was made from the same text, else a new rendering. */
function memo(known: Memo | undefined, raw: string, render: (raw: string) => string): Memo {
  return known !== undefined && known.raw === raw ? known : { raw, rendered: render(raw) };
}

/**
 * The rendered text and links of the last `size` posts read, by post id and `modified_gmt`. Each
 * rendering is served only for the raw text it was made from (the rendering reads nothing else),
 * and links only for the key they were built under, so a write through any process, or a row
 * changed under the store without a new modification time, is never answered from a stale
 * render; and a field is read and rendered only when asked for.
 */
export function renderCache(size: number): (post: PostRecord) => RenderedText {
  const entries = new Map<number, Entry>();
  const entryOf = (post: PostRecord): Entry => {
    const known = entries.get(post.id);
    const entry = known !== undefined && known.modified === post.modified_gmt ? known : { modified: post.modified_gmt };
    if (!(size > 0)) return entry;
    // Re-inserted so the Map's order is least recently used first.
    entries.delete(post.id);
    entries.set(post.id, entry);
    if (entries.size > size) entries.delete(entries.keys().next().value as number);
    return entry;
  };
  return (post) => {
    const entry = entryOf(post);
    const content = () => (entry.content = memo(entry.content, post.content, renderContent));
    const excerpt = (): Memo => {
      let from: Memo | undefined;
      const rendered = renderExcerpt(post.excerpt, () => (from = content()).rendered);
      return from === undefined ? { raw: post.excerpt, rendered } : { raw: post.excerpt, rendered, from };
    };
    return {
      title: () => (entry.title = memo(entry.title, post.title, renderTitle)).rendered,
      content: () => content().rendered,
      excerpt: () => {
        const known = entry.excerpt;
        const fresh = known !== undefined && known.raw === post.excerpt && (known.from === undefined || content() === known.from);
        return (entry.excerpt = fresh ? known : excerpt()).rendered;
      },
      links: <T>(key: string, build: () => T): T => {
        if (entry.links?.key !== key) entry.links = { key, value: build() };
        // Only `build` of the same key wrote it.
        return entry.links.value as T;
      },
    };
  };
}
