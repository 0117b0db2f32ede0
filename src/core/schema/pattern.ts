/**
 * Schema `pattern`s as WordPress runs them: `preg_match('#' . $pattern . '#u', $value)`.
 *
 * The pattern is rewritten where PCRE and JS regular expressions read the same source
 * differently: PCRE's `$` also matches before a final newline, `.` matches `\r`, `\A`/`\z`/`\Z`
 * anchor, `(?P<name>` names a group, braces and brackets outside quantifiers and classes are
 * literals, and any non-alphanumeric character may be escaped.
 */

const SYNTAX_CHARACTERS = new Set('^$\\.*+?()[]{}|/');
const QUANTIFIER = /^\{[0-9]+(?:,[0-9]*)?\}/;
const ANCHOR_ESCAPES: Readonly<Record<string, string>> = { A: '^', z: '$', Z: '(?=\\n?$)' };

/** Rewrites a PCRE pattern into JS regular expression source with the same meaning. */
export function translatePattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      const next = pattern[i + 1];
      i++;
      if (next === undefined) {
        out += '\\\\';
      } else if (!inClass && next in ANCHOR_ESCAPES) {
        out += ANCHOR_ESCAPES[next] as string;
      } else if ((next === 'p' || next === 'P' || next === 'x') && pattern[i + 1] === '{') {
        // Kept whole so its braces are not taken for literals; PCRE's `\x{263a}` is JS's `\u{263a}`.
        const close = pattern.indexOf('}', i);
        const body = close === -1 ? pattern.slice(i + 1) : pattern.slice(i + 1, close + 1);
        out += `\\${next === 'x' ? 'u' : next}${body}`;
        i += body.length;
      } else if (/[a-zA-Z0-9]/.test(next) || SYNTAX_CHARACTERS.has(next)) {
        out += `\\${next}`;
      } else {
        // PCRE allows escaping any punctuation; the `u` flag does not.
        const codePoint = pattern.codePointAt(i) as number;
        if (codePoint > 0xffff) i++;
        out += `\\u{${codePoint.toString(16)}}`;
      }
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      inClass = true;
      out += c;
      // A `]` right after `[` or `[^` is a literal in PCRE.
      if (pattern[i + 1] === '^') out += pattern[++i] as string;
      if (pattern[i + 1] === ']') {
        out += '\\]';
        i++;
      }
    } else if (c === '{') {
      // PCRE reads a brace that does not open a quantifier as a literal; the `u` flag rejects it.
      const quantifier = QUANTIFIER.exec(pattern.slice(i));
      if (quantifier === null) out += '\\{';
      else {
        out += quantifier[0];
        i += quantifier[0].length - 1;
      }
    } else if (c === '}' || c === ']') {
      out += `\\${c}`;
    } else if (c === '$') {
      out += '(?=\\n?$)';
    } else if (c === '.') {
      out += '[^\\n]';
    } else if (c === '(' && pattern.startsWith('?P<', i + 1)) {
      out += '(?<';
      i += 3;
    } else {
      out += c;
    }
  }
  return out;
}

/** The compiled pattern, or undefined when JS cannot compile it (PHP's failed match never matches). */
export function compilePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(translatePattern(pattern), 'u');
  } catch {
    return undefined;
  }
}
