// A map from texts to values read with a slice of a longer string (a path's segment) without
// building the slice. Building a segment's text, lower-casing and hashing it costs more than
// comparing it in place with the few texts of its length; and a lookup that runs for every
// segment of every request must touch little memory, so a map is plain arrays, no closures.

/**
 * Texts and their values. With `foldAscii`, texts are kept lower-cased and match whatever the
 * case of their ASCII letters (a regex's `i` without `u`: ASCII letters fold only to ASCII
 * letters); else exactly.
 */
export interface SliceMap<T> {
  readonly foldAscii: boolean;
  /** The texts, in the order first set, and their values. */
  readonly texts: string[];
  readonly values: T[];
  /** Indexes into `texts` by text length: the few of each length, compared in place; null past {@link FEW}. */
  readonly byLength: Array<number[] | null | undefined>;
  /** Every text's index, for a length shared by more than {@link FEW} texts. */
  readonly index: Map<string, number>;
}

/** Most texts of one length compared in place. */
const FEW = 8;

/** An empty {@link SliceMap}. */
export function sliceMap<T>(foldAscii: boolean): SliceMap<T> {
  return { foldAscii, texts: [], values: [], byLength: [], index: new Map() };
}

function keyOf(map: SliceMap<unknown>, text: string): string {
  return map.foldAscii ? text.toLowerCase() : text;
}

/** Adds or replaces a text's value. */
export function setSlice<T>(map: SliceMap<T>, text: string, value: T): void {
  const key = keyOf(map, text);
  const at = map.index.get(key);
  if (at !== undefined) {
    map.values[at] = value;
    return;
  }
  const added = map.texts.push(key) - 1;
  map.values.push(value);
  map.index.set(key, added);
  const bucket = map.byLength[key.length];
  if (bucket === null) return;
  if (bucket === undefined) map.byLength[key.length] = [added];
  else if (bucket.length < FEW) bucket.push(added);
  else map.byLength[key.length] = null;
}

/** The value of a whole text. */
export function getSlice<T>(map: SliceMap<T>, text: string): T | undefined {
  const at = map.index.get(keyOf(map, text));
  return at === undefined ? undefined : map.values[at];
}

/** Whether `source` from `from` is `text` (lower-case ASCII) but for the case of ASCII letters. */
function sameFolded(source: string, from: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    let c = source.charCodeAt(from + i);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== text.charCodeAt(i)) return false;
  }
  return true;
}

/** The value of `source.slice(from, end)`. */
export function sliceAt<T>(map: SliceMap<T>, source: string, from: number, end: number): T | undefined {
  const bucket = map.byLength[end - from];
  if (bucket === undefined) return undefined;
  if (bucket === null) {
    const at = map.index.get(keyOf(map, source.slice(from, end)));
    return at === undefined ? undefined : map.values[at];
  }
  const { texts, foldAscii } = map;
  for (let i = 0; i < bucket.length; i++) {
    const text = texts[bucket[i]!]!;
    // Paths are mostly written as routes are: the exact comparison first, the folding one when it fails.
    if (source.startsWith(text, from) || (foldAscii && sameFolded(source, from, text))) return map.values[bucket[i]!];
  }
  return undefined;
}
