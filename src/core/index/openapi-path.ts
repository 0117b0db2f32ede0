import { translatePattern } from '../schema/pattern.js';

/** A route key as an OpenAPI path template: `/ns/items/(?P<id>\d+)` is `/ns/items/{id}`, with `id`'s regex. */
export interface TemplatedPath {
  /** The OpenAPI path, `{name}` for each named group. */
  path: string;
  /** Each path parameter with its group's regex, anchored, in ECMA-262 syntax. */
  params: Array<{ name: string; pattern: string }>;
}

/** Characters that make the text outside a named group a regex, not one fixed path. */
const REGEX_SYNTAX = new Set('^$*+?()[]{}|');

/** Index of the `)` closing the group whose body starts at `from`, or -1; escapes and classes skipped. */
function groupEnd(key: string, from: number): number {
  let depth = 1;
  let inClass = false;
  for (let i = from; i < key.length; i++) {
    const c = key[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') {
      inClass = true;
      // A `]` right after `[` or `[^` is a literal.
      if (key[i + 1] === '^') i++;
      if (key[i + 1] === ']') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The OpenAPI path of a WordPress route key (path-to-regexp routes are already in this form
 * once registered), or why it has none: regex syntax outside a named group (an optional part,
 * an alternation) matches several paths no template can write.
 */
export function templatedPath(key: string): TemplatedPath | { unexpressed: string } {
  let path = '';
  const params: TemplatedPath['params'] = [];
  for (let i = 0; i < key.length;) {
    const c = key[i]!;
    if (key.startsWith('(?P<', i)) {
      const close = key.indexOf('>', i + 4);
      const name = close < 0 ? '' : key.slice(i + 4, close);
      if (!/^\w+$/.test(name)) return { unexpressed: 'a group name is not a word' };
      const end = groupEnd(key, close + 1);
      if (end < 0) return { unexpressed: `the group ${name} is not closed` };
      params.push({ name, pattern: `^(?:${translatePattern(key.slice(close + 1, end))})$` });
      path += `{${name}}`;
      i = end + 1;
    } else if (c === '\\') {
      const next = key[i + 1] ?? '';
      if (!/^[^\w\s]$/.test(next)) return { unexpressed: `\\${next} outside a named group` };
      path += next;
      i += 2;
    } else if (REGEX_SYNTAX.has(c)) {
      return { unexpressed: `${c} outside a named group` };
    } else {
      // An unescaped `.` (`/oembed/1.0`) is meant as itself, and matches it.
      path += c;
      i++;
    }
  }
  return { path, params };
}
