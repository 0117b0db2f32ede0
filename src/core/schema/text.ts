/**
 * WordPress's text sanitizers: `sanitize_key`, `sanitize_text_field` and `sanitize_textarea_field`, with the
 * helpers they run (`wp_check_invalid_utf8`, `wp_pre_kses_less_than`, `wp_strip_all_tags`
 * and PHP's `strip_tags`).
 */
import { removePercentTriples } from './percent-triples.js';
import { isScalar, toPhpString } from '../php/values.js';
import { asciiLower, phpTrim } from '../php/strings.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const WHITESPACE_RUN = /[\r\n\t ]+/g;

const NOT_KEY_CHARACTER = /[^a-z0-9_-]/g;

/** `sanitize_key` (WordPress 6.1): a scalar lower-cased (ASCII), keeping `a-z`, `0-9`, `_` and `-`; anything else is `''`. */
export function sanitizeKey(value: unknown): string {
  return isScalar(value) ? asciiLower(toPhpString(value)).replace(NOT_KEY_CHARACTER, '') : '';
}

/** `sanitize_text_field`: strips tags, line breaks, extra whitespace and percent-encoded octets. */
export function sanitizeTextField(value: unknown): string {
  return sanitizeTextFields(value, false);
}

/** `sanitize_textarea_field`: as {@link sanitizeTextField}, but keeps line breaks. */
export function sanitizeTextareaField(value: unknown): string {
  return sanitizeTextFields(value, true);
}

/** `_sanitize_text_fields`. */
function sanitizeTextFields(value: unknown, keepNewlines: boolean): string {
  if (typeof value === 'object' && value !== null) return '';
  let filtered = checkInvalidUtf8(toPhpString(value));
  if (filtered.includes('<')) {
    filtered = stripAllTags(escapeUnclosedTags(filtered));
    // An entity here keeps a later newline-stripping step from forming a working tag.
    filtered = filtered.replaceAll('<\n', '&lt;\n');
  }
  if (!keepNewlines) filtered = filtered.replace(WHITESPACE_RUN, ' ');
  filtered = phpTrim(filtered);
  const withoutOctets = removePercentTriples(filtered, isOctet);
  // Removing octets can leave runs of spaces behind.
  return withoutOctets === filtered ? filtered : phpTrim(withoutOctets.replace(/ +/g, ' '));
}

/**
 * `wp_pre_kses_less_than`: `preg_replace_callback('%<[^>]*?((?=<)|>|$)%', …)` escapes each `<`
 * and what follows it up to the next `<`, or the end, when no `>` comes first. One forward pass
 * that escapes each stretch of such matches at once: the regex's callback per match, and a copy
 * per match, made a 1 MiB run of `<` take some 200 ms. A stretch escapes as its matches would,
 * one by one: a character reference that `esc_html` keeps holds no `<`, so never spans two.
 */
function escapeUnclosedTags(text: string): string {
  // PHP's `$` also matches before a final line break.
  const end = text.endsWith('\n') ? text.length - 1 : text.length;
  const nextLessThan = forwardFinder(text, '<');
  const nextGreaterThan = forwardFinder(text, '>');
  let out = '';
  let copied = 0;
  let stretch = -1;
  for (let at = nextLessThan(0); at !== -1;) {
    const lessThan = nextLessThan(at + 1);
    const greaterThan = nextGreaterThan(at + 1);
    const stop = lessThan === -1 ? end : Math.min(lessThan, end);
    if (greaterThan !== -1 && greaterThan < stop) {
      // A closed tag stays as it is.
      at = nextLessThan(greaterThan + 1);
      continue;
    }
    if (stretch === -1 || at !== copied) {
      if (stretch !== -1) out += escHtml(text.slice(stretch, copied));
      out += text.slice(copied, at);
      stretch = at;
    }
    copied = stop;
    at = stop === lessThan ? lessThan : -1;
  }
  if (stretch === -1) return text;
  return out + escHtml(text.slice(stretch, copied)) + text.slice(copied);
}

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/** `%` and two hex digits: a percent-encoded octet, which `sanitize_text_field` removes until none is left (`%%4141` leaves nothing). */
function isOctet(x: number, y: number): boolean {
  return isHexDigit(x) && isHexDigit(y);
}

/** `wp_check_invalid_utf8`: a string that is not valid UTF-8 (here: lone surrogates) becomes `''`. */
function checkInvalidUtf8(value: string): string {
  return LONE_SURROGATE.test(value) ? '' : value;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isAsciiDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Whether the `&` at `at` starts a character reference (`&name;`, `&#38;`, `&#x26;`). Each scan
 * stays inside one run of letters and digits, which no other `&` shares: linear overall.
 */
function startsReference(value: string, at: number): boolean {
  let i = at + 1;
  const first = value.charCodeAt(i);
  if (isAsciiLetter(first)) {
    do i++;
    while (isAsciiLetter(value.charCodeAt(i)) || isAsciiDigit(value.charCodeAt(i)));
  } else if (first === 35) {
    i++;
    const hex = value.charCodeAt(i) === 120 || value.charCodeAt(i) === 88;
    if (hex) i++;
    const start = i;
    while (isAsciiDigit(value.charCodeAt(i)) || (hex && isHexDigit(value.charCodeAt(i)))) i++;
    if (i === start) return false;
  } else {
    return false;
  }
  return value.charCodeAt(i) === 59;
}

/** `esc_html` / `esc_attr` (`_wp_specialchars` with `ENT_QUOTES`): markup characters escaped, character references kept. */
export function escHtml(value: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < value.length; i++) {
    let replacement: string;
    switch (value.charCodeAt(i)) {
      case 60:
        replacement = '&lt;';
        break;
      case 62:
        replacement = '&gt;';
        break;
      case 34:
        replacement = '&quot;';
        break;
      case 39:
        replacement = '&#039;';
        break;
      case 38:
        if (startsReference(value, i)) continue;
        replacement = '&amp;';
        break;
      default:
        continue;
    }
    out += value.slice(copied, i) + replacement;
    copied = i + 1;
  }
  return copied === 0 ? value : out + value.slice(copied);
}

/** `wp_strip_all_tags` without removing line breaks: no script or style blocks, no tags, PHP-trimmed. */
export function stripAllTags(value: string): string {
  return phpTrim(stripTags(removeScriptAndStyle(value)));
}

/** The next index of `needle` at or after `from`, for calls whose `from` never decreases: each search resumes where the last one ended. */
function forwardFinder(text: string, needle: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found !== -1 && found < from) found = text.indexOf(needle, from);
    return found;
  };
}

/**
 * `preg_replace('@<(script|style)[^>]*?>.*?</\\1>@si', '', $value)`: each `<script…>` or
 * `<style…>` block goes, up to the first closing tag of its name. The regex searches again from
 * every later `<script` when one is never closed (cubic); here each token is searched for once,
 * forwards.
 */
function removeScriptAndStyle(value: string): string {
  const lower = asciiLower(value);
  const opening = { script: forwardFinder(lower, '<script'), style: forwardFinder(lower, '<style') };
  const closing = { script: forwardFinder(lower, '</script>'), style: forwardFinder(lower, '</style>') };
  const tagEnd = forwardFinder(lower, '>');
  let out = '';
  let kept = 0;
  for (let from = 0; ;) {
    const script = opening.script(from);
    const style = opening.style(from);
    if (script < 0 && style < 0) break;
    const name = style < 0 || (script >= 0 && script < style) ? 'script' : 'style';
    const at = name === 'script' ? script : style;
    const end = tagEnd(at + 1 + name.length);
    if (end < 0) break;
    const close = closing[name](end + 1);
    if (close < 0) {
      from = at + 1;
      continue;
    }
    out += value.slice(kept, at);
    kept = close + name.length + 3;
    from = kept;
  }
  return kept === 0 ? value : out + value.slice(kept);
}

/** Where `strip_tags` is: text, an HTML tag, a `<?` block, a `<!` declaration, a comment. */
type State = 'text' | 'tag' | 'php' | 'bang' | 'comment';

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\v' || c === '\f';
}

/**
 * PHP's `strip_tags` state machine (no allowed tags): drops tags, `<?…?>` blocks, `<!…>`
 * declarations and comments, honouring quotes inside tags; a `<` before whitespace is text.
 * Kept text is copied a run at a time (`kept` is where the current run starts), not a character
 * at a time: a character-wise copy of 4 MiB of escaped `<` took half a second.
 */
export function stripTags(input: string): string {
  let out = '';
  let kept = 0;
  let state: State = 'text';
  let depth = 0;
  let quote = '';
  let lastChar = '';
  let brackets = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as string;
    const prev = input[i - 1];
    switch (state) {
      case 'text':
        if (c === '<') {
          if (!isSpace(input[i + 1])) {
            out += input.slice(kept, i);
            state = 'tag';
          }
        } else if (c === '>' && depth > 0) {
          out += input.slice(kept, i);
          kept = i + 1;
          depth--;
        }
        break;
      case 'tag':
        if (c === '<') {
          if (quote === '' && !isSpace(input[i + 1])) depth++;
        } else if (c === '>') {
          if (depth > 0) depth--;
          else if (quote === '') {
            state = 'text';
            kept = i + 1;
          }
        } else if (c === '"' || c === "'") {
          quote = toggleQuote(quote, c);
        } else if (c === '!' && prev === '<') {
          state = 'bang';
        } else if (c === '?' && prev === '<') {
          brackets = 0;
          lastChar = '';
          state = 'php';
        }
        break;
      case 'php':
        if ((c === '(' || c === ')') && lastChar !== '"' && lastChar !== "'") {
          lastChar = c;
          brackets += c === '(' ? 1 : -1;
        } else if (c === '>') {
          if (depth > 0) depth--;
          else if (quote === '' && brackets === 0 && lastChar !== '"' && prev === '?') {
            state = 'text';
            kept = i + 1;
          }
        } else if (c === '"' || c === "'") {
          if (prev !== '\\') lastChar = lastChar === c ? '' : c;
          quote = toggleQuote(quote, c);
        } else if ((c === 'l' || c === 'L') && /<\?xm$/i.test(input.slice(Math.max(0, i - 4), i))) {
          // "<?xml" is markup, not a PHP block.
          state = 'tag';
        }
        break;
      case 'bang':
        if (c === '>') {
          if (depth > 0) depth--;
          else if (quote === '') {
            state = 'text';
            kept = i + 1;
          }
        } else if (c === '"' || c === "'") {
          quote = toggleQuote(quote, c);
        } else if (c === '-' && prev === '-' && input[i - 2] === '!') {
          state = 'comment';
        } else if ((c === 'e' || c === 'E') && /doctyp$/i.test(input.slice(Math.max(0, i - 6), i))) {
          state = 'tag';
        }
        break;
      case 'comment':
        if (c === '>' && quote === '' && prev === '-' && input[i - 2] === '-') {
          state = 'text';
          kept = i + 1;
        }
        break;
    }
  }
  return state === 'text' ? out + input.slice(kept) : out;
}

function toggleQuote(current: string, c: string): string {
  if (current === '') return c;
  return current === c ? '' : current;
}
