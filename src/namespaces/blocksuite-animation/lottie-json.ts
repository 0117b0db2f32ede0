// What Kadence stores of an uploaded animation: `array_walk_recursive` replacing newlines in every
// value, then `json_encode( …, JSON_NUMERIC_CHECK )`. Both are PHP's work on the decoded body,
// reproduced in one pass over it, with an explicit stack so a deep animation never grows the call
// stack: linear in the animation's size.
import { setOwn } from '../../core/own-property.js';
import { isPhpArray, numericValue, toPhpString, type PhpArray } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';

/**
 * One value as `str_replace( ["\n", "\r"], ' ', $value )` leaves it (a string: PHP casts numbers,
 * `true` to `'1'`, `false` and null to `''`), then as `JSON_NUMERIC_CHECK` writes it: a numeric
 * string as its number, unless the number is out of range (`'1e999'` stays text).
 */
function storedLeaf(value: unknown): JsonValue {
  const text = toPhpString(value).replace(/[\n\r]/g, ' ');
  const number = numericValue(text);
  return number !== undefined && Number.isFinite(number) ? number : text;
}

/** Whether PHP would encode an array with these keys (in order) as a JSON list: none, or exactly 0…n−1. */
function isListKeys(keys: readonly string[]): boolean {
  return keys.every((key, index) => key === String(index));
}

/** A PHP array's output container and the entries still to copy into it. */
interface Frame {
  out: JsonValue[] | { [key: string]: JsonValue };
  keys: string[];
  values: unknown[];
  next: number;
}

function frameOf(source: PhpArray): Frame {
  const keys = Array.isArray(source) ? source.map((_, index) => String(index)) : Object.keys(source);
  const values = Array.isArray(source) ? source : keys.map((key) => source[key]);
  return { out: isListKeys(keys) ? [] : {}, keys, values, next: 0 };
}

/**
 * The animation Kadence stores for a decoded `lottieFile` (a PHP array): every leaf through
 * {@link storedLeaf}, and every array as `json_encode` writes it, so an empty object or one keyed
 * 0…n−1 becomes a list, as `json_decode( …, true )` then `json_encode` make it.
 */
export function storedAnimation(lottieFile: PhpArray): JsonValue {
  const root = frameOf(lottieFile);
  const stack: Frame[] = [root];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next >= frame.values.length) {
      stack.pop();
      continue;
    }
    const at = frame.next++;
    const value = frame.values[at];
    let stored: JsonValue;
    if (isPhpArray(value)) {
      const child = frameOf(value);
      stack.push(child);
      stored = child.out;
    } else {
      stored = storedLeaf(value);
    }
    if (Array.isArray(frame.out)) frame.out.push(stored);
    else setOwn(frame.out, frame.keys[at]!, stored);
  }
  return root.out;
}
