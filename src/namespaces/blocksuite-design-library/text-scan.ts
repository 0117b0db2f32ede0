// Finding text in client content without reading it twice: Kadence's pattern code searches from
// each candidate on to the next marker; remembering the next marker as the candidates advance keeps
// every pass over a pattern linear, however the markers are arranged.

/** `str_replace`: every occurrence of `from` in `text` replaced by `to`, left to right, in one pass. */
export function replaceAll(text: string, from: string, to: string): string {
  return from === '' ? text : text.split(from).join(to);
}

/**
 * The next occurrence of `needle` in `text` at or after a position, remembered: searched again only
 * once the position passes it. Positions asked must not decrease.
 */
export function nextFinder(text: string, needle: string): (from: number) => number {
  let found = -1;
  let done = false;
  return (from) => {
    if (done) return -1;
    if (found < from) {
      found = text.indexOf(needle, from);
      if (found < 0) done = true;
    }
    return done ? -1 : found;
  };
}
