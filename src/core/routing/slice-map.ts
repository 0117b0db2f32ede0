/**
 * A map from texts to values that is read with a slice of a longer string (a path's segment)
 * without building the slice: by the slice's length, then a few texts of that length compared in
 * place. Building a segment's text, lower-casing and hashing it costs more than comparing it with
 * the handful of texts it can be. A length shared by many texts goes through an ordinary map.
 */
export interface SliceMap<T> {
  /** Adds or replaces a text's value; in a folding map the text is kept lower-cased. */
  set(text: string, value: T): void;
  /** The value of a whole text, as given to `set`. */
  get(text: string): T | undefined;
  /** The value of `source.slice(from, end)`. */
  at(source: string, from: number, end: number): T | undefined;
  /** Every text and value, in the order first set. */
  entries(): IterableIterator<[string, T]>;
  readonly size: number;
}

/** Most texts of one length compared in place. */
const FEW = 8;

/** Whether `source` from `from` is `text` (lower-case ASCII) but for the case of ASCII letters. */
function sameFolded(source: string, from: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    let c = source.charCodeAt(from + i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;

    if (c !== text.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * A {@link SliceMap}; with `foldAscii`, texts match whatever the case of their ASCII letters (a
 * regex's `i` without `u`: ASCII letters fold only to ASCII letters), else exactly.
 */
export function sliceMap<T>(foldAscii: boolean): SliceMap<T> {
  const all = new Map<string, T>();
  // By length: the few texts of that length with their values, or null when there are more than FEW.
  const byLength: Array<Array<[string, T]> | null | undefined> = [];
  const key = (text: string): string => (foldAscii ? text.toLowerCase() : text);

  return {
    set(text, value) {
      const k = key(text);
      all.set(k, value);
      const bucket = byLength[k.length];
      if (bucket === null) return;
      const list = (bucket ?? []).filter(([other]) => other !== k);
      list.push([k, value]);
      byLength[k.length] = list.length > FEW ? null : list;
    },
    get: (text) => all.get(key(text)),
    at(source, from, end) {
      const bucket = byLength[end - from];
      if (bucket === undefined) return undefined;
      if (bucket === null) return all.get(key(source.slice(from, end)));
      for (let i = 0; i < bucket.length; i++) {
        const entry = bucket[i]!;
        // Paths are mostly written as routes are: the exact comparison first, the folding one when it fails.
        if (source.startsWith(entry[0], from) || (foldAscii && sameFolded(source, from, entry[0]))) return entry[1];
      }
      return undefined;
    },
    entries: () => all.entries(),
    get size() {
      return all.size;
    },
  };
}
