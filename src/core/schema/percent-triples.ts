/**
 * WordPress's replace-until-stable loops over `%xy` sequences (`_deep_replace` of encoded
 * newlines in `esc_url`, the octet loop of `sanitize_text_field`) in one pass.
 *
 * Both delete needles of the form `%xy` where neither `x` nor `y` is `%`, and repeat until none
 * is left, which is quadratic on nested needles (`%0%0%0ddd`). Such needles cannot overlap: the
 * only place a needle can start inside another is at a `%`, and a needle holds just its first.
 * So no deletion can destroy another occurrence, every order of deletions ends in the same
 * string, and this reaches it: each character is appended to the output, and a needle is dropped
 * as soon as the output ends with one. The output never holds a needle, because a new one can
 * only end at the character just appended.
 */

const PERCENT = 37;
const CHUNK = 8192;

/** The UTF-16 units as a string, in chunks small enough to pass as arguments. */
function unitsToString(units: Uint16Array): string {
  let text = '';
  for (let at = 0; at < units.length; at += CHUNK) text += String.fromCharCode(...units.subarray(at, at + CHUNK));
  return text;
}

/**
 * `value` with every `%xy` for which `isNeedle(x, y)` holds (UTF-16 codes, neither of them `%`)
 * removed until none is left; `value` itself when it holds none.
 */
export function removePercentTriples(value: string, isNeedle: (x: number, y: number) => boolean): string {
  const first = value.indexOf('%');
  if (first < 0) return value;
  const out = new Uint16Array(value.length - first);
  let length = 0;
  let removed = false;
  for (let i = first; i < value.length; i++) {
    out[length++] = value.charCodeAt(i);
    if (length >= 3 && out[length - 3] === PERCENT && isNeedle(out[length - 2]!, out[length - 1]!)) {
      length -= 3;
      removed = true;
    }
  }
  return removed ? value.slice(0, first) + unitsToString(out.subarray(0, length)) : value;
}
