/**
 * PHP's `trim($text, $characters)` (or `rtrim` with `end`), in one pass: a pattern such as
 * `/x+$/` retries at every character of a run that does not reach the end, quadratic on long runs.
 */
export function trimCharacters(text: string, characters: string, sides: 'both' | 'end' = 'both'): string {
  let start = 0;
  let end = text.length;
  if (sides === 'both') while (start < end && characters.includes(text[start]!)) start++;
  while (end > start && characters.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}
