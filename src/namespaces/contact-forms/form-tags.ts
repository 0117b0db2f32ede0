import { asciiLower, phpTrim } from '../../core/php/strings.js';

/** A form-tag scanned from a form template, as CF7's `WPCF7_FormTag`. */
export interface FormTag {
  /** Tag type as written, with its `*` when required (`text*`). */
  type: string;
  /** Type without the `*` (`text`). */
  basetype: string;
  /** Field name as written. */
  raw_name: string;
  /** Field name with dots as underscores (what the form posts). */
  name: string;
  /** Bare options (`placeholder`, `min:1`, `id:name-field`). */
  options: string[];
  /** Quoted values as written, pipes and all. */
  raw_values: string[];
  /** Values: the part before a pipe (`"Sales|sales@example.com"` → `Sales`). */
  values: string[];
  /** `[before, after]` of each value; null when the tag's attributes could not be read. */
  pipes: Array<[string, string]> | null;
  /** Labels shown for the values. */
  labels: string[];
  /** The attribute text when it could not be read as options and values. */
  attr: string;
  /** Text between an opening and a closing tag (`[acceptance a]…[/acceptance]`). */
  content: string;
}

/** What a form-tag type does, as the features CF7's modules register for it. */
interface TagTypeFeatures {
  /** The first option is the field name. */
  nameAttr: boolean;
  /** Posted values go through the tag's pipes. */
  selectableValues: boolean;
  /** Not a mail-tag and not posted data (the quiz). */
  notForMail: boolean;
}

const FIELD: TagTypeFeatures = { nameAttr: true, selectableValues: false, notForMail: false };
const CHOICE: TagTypeFeatures = { nameAttr: true, selectableValues: true, notForMail: false };

/** The form-tag types this namespace understands, with the features CF7's modules register. */
const TAG_TYPES: ReadonlyMap<string, TagTypeFeatures> = new Map([
  ['acceptance', CHOICE],
  ['checkbox', CHOICE],
  ['checkbox*', CHOICE],
  ['radio', CHOICE],
  ['date', FIELD],
  ['date*', FIELD],
  ['hidden', FIELD],
  ['number', FIELD],
  ['number*', FIELD],
  ['range', FIELD],
  ['range*', FIELD],
  ['quiz', { nameAttr: true, selectableValues: false, notForMail: true }],
  ['select', CHOICE],
  ['select*', CHOICE],
  ['submit', { nameAttr: false, selectableValues: false, notForMail: false }],
  ['text', FIELD],
  ['text*', FIELD],
  ['email', FIELD],
  ['email*', FIELD],
  ['url', FIELD],
  ['url*', FIELD],
  ['tel', FIELD],
  ['tel*', FIELD],
  ['textarea', FIELD],
  ['textarea*', FIELD],
]);

/** The features of a tag's type. */
export function tagFeatures(tag: FormTag): TagTypeFeatures {
  return TAG_TYPES.get(tag.type) ?? FIELD;
}

/** CF7's `wpcf7_is_name()`: an HTML NAME token. */
export function isFieldName(name: string): boolean {
  return /^[A-Za-z][-A-Za-z0-9_:.]*$/.test(name);
}

/** Whether the tag is required (its type ends with `*`). */
export function isRequired(tag: FormTag): boolean {
  return tag.type.endsWith('*');
}

/** `WPCF7_FormTag::has_option()`: an option `name` or `name:…`, any case. */
export function hasOption(tag: FormTag, name: string): boolean {
  const prefix = name.toLowerCase();
  return tag.options.some((option) => {
    const lower = option.toLowerCase();
    return lower === prefix || (lower.startsWith(`${prefix}:`) && lower.length > prefix.length + 1);
  });
}

/** `get_option()`'s preset value patterns, anchored at both ends. */
const OPTION_PATTERNS = {
  any: /^.+$/,
  date: /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/,
  int: /^[0-9]+$/,
  num: /^(?:[0-9]+|(?:[0-9]+)?[.][0-9]+)$/,
  signed_num: /^[-]?(?:[0-9]+|(?:[0-9]+)?[.][0-9]+)$/,
  id: /^[-0-9a-zA-Z_]+$/,
} as const;

/**
 * `WPCF7_FormTag::get_option( $name, $pattern, true )`: the value of the first `name:value`
 * option matching, else undefined. CF7's `/^name:pattern$/i` as a prefix check (ASCII case
 * folding, as PCRE's) and the value pattern.
 */
export function getOption(tag: FormTag, name: string, pattern: keyof typeof OPTION_PATTERNS = 'any'): string | undefined {
  const prefix = `${asciiLower(name)}:`;
  const found = tag.options.find(
    (option) => asciiLower(option.slice(0, prefix.length)) === prefix && OPTION_PATTERNS[pattern].test(option.slice(prefix.length)),
  );
  return found === undefined ? undefined : found.slice(prefix.length);
}

/** CF7's `wpcf7_strip_quote()`. */
function stripQuote(text: string): string {
  const trimmed = text.trim();
  const quoted = /^"([\s\S]*)"$/.exec(trimmed) ?? /^'([\s\S]*)'$/.exec(trimmed);
  return quoted ? quoted[1]! : trimmed;
}

/** CF7's `WPCF7_Pipe`: `before|after`, both trimmed; without a pipe both are the whole text. */
function pipeOf(text: string): [string, string] {
  const at = text.indexOf('|');
  if (at < 0) return [text.trim(), text.trim()];
  return [text.slice(0, at).trim(), text.slice(at + 1).trim()];
}

const OPTION_CHARS = /^[-+*=0-9a-zA-Z:.!?#$&@_/|%\r\n\t ]*$/;
const ATTRIBUTE_SPACE = '\r\n\t ';
const QUOTED = /"[^"]*"|'[^']*'/g;

/**
 * The options and quoted values of attribute text as CF7's
 * `%^([-+*=0-9a-zA-Z:.!?#$&@_/|\%\r\n\t ]*?)((?:[\r\n\t ]*"[^"]*"|[\r\n\t ]*'[^']*')*)$%` splits
 * it, or null where that does not match. Options cannot hold a quote, so they end at the
 * whitespace before the first quote; from there each value is a whitespace run and a quoted
 * string up to its closing quote. Read in one pass, where the regex backtracks quadratically.
 */
function splitAttributes(text: string): [options: string, values: string] | null {
  const double = text.indexOf('"');
  const single = text.indexOf("'");
  const firstQuote = double < 0 ? single : single < 0 ? double : Math.min(double, single);
  if (firstQuote < 0) return OPTION_CHARS.test(text) ? [text, ''] : null;
  let optionsEnd = firstQuote;
  while (optionsEnd > 0 && ATTRIBUTE_SPACE.includes(text[optionsEnd - 1]!)) optionsEnd--;
  if (!OPTION_CHARS.test(text.slice(0, optionsEnd))) return null;
  for (let at = optionsEnd; at < text.length;) {
    while (at < text.length && ATTRIBUTE_SPACE.includes(text[at]!)) at++;
    const quote = text[at];
    if (quote !== '"' && quote !== "'") return null;
    const closing = text.indexOf(quote, at + 1);
    if (closing < 0) return null;
    at = closing + 1;
  }
  return [text.slice(0, optionsEnd), text.slice(optionsEnd)];
}

/** `WPCF7_FormTagsManager::parse_atts()`: options and quoted values, or null when the text is neither. */
function parseAttributes(text: string): { options: string[]; values: string[] } | null {
  const normalized = phpTrim(text.replace(/[\u00a0\u200b]+/g, ' '));
  const split = splitAttributes(normalized);
  if (!split) return null;
  const [optionText, valueText] = split;
  const options = optionText
    ? phpTrim(optionText)
        .split(/[\r\n\t ]+/)
        .filter((option) => option !== '')
    : [];
  const values = valueText ? (valueText.match(QUOTED) ?? []).map(stripQuote) : [];
  return { options, values };
}

/** A tag from its type, attribute text and content, or null when its name is not a valid one (CF7 then ignores it). */
function buildTag(type: string, attributes: string, content: string): FormTag | null {
  const tag: FormTag = {
    type,
    basetype: phpTrim(type, '*'),
    raw_name: '',
    name: '',
    options: [],
    raw_values: [],
    values: [],
    pipes: null,
    labels: [],
    attr: '',
    content: content.trim().replace(/<br[\r\n\t ]*\/?>$/gm, ''),
  };
  const parsed = parseAttributes(attributes);
  if (!parsed) {
    tag.attr = attributes;
    return tag;
  }
  const options = [...parsed.options];
  if (TAG_TYPES.get(type)?.nameAttr && options.length > 0) {
    tag.raw_name = options.shift()!;
    if (!isFieldName(tag.raw_name)) return null;
    tag.name = tag.raw_name.replace(/\./g, '_');
  }
  tag.options = options;
  tag.raw_values = parsed.values;
  tag.pipes = parsed.values.map(pipeOf);
  tag.values = tag.pipes.map(([before]) => before);
  tag.labels = [...tag.values];
  return tag;
}

const NAME_CHAR = /[a-z0-9_*]/;
const SPACE = /[\r\n\t ]/;

/**
 * The form-tags of a form template, in order, as CF7's `scan_form_tags()` finds them:
 * `[type name options "values"]`, optionally with content up to `[/type]`, and `[[type …]]`
 * for a literal tag. A hand-written scan instead of CF7's regex, which backtracks
 * quadratically on templates full of unclosed brackets.
 */
export function scanFormTags(template: string): FormTag[] {
  const tags: FormTag[] = [];
  let close = -1;
  for (let open = template.indexOf('['); open >= 0; open = template.indexOf('[', open + 1)) {
    let end = open + 1;
    while (end < template.length && NAME_CHAR.test(template[end]!)) end++;
    const type = template.slice(open + 1, end);
    if (!TAG_TYPES.has(type)) continue;
    if (end < template.length && template[end] !== ']' && !SPACE.test(template[end]!)) continue;
    if (close < end) close = template.indexOf(']', end);
    if (close < 0) break;
    let attributes = template.slice(end + 1 > close ? close : end + 1, close);
    const selfClosing = /[\r\n\t ]\/$/.exec(template.slice(end, close));
    if (selfClosing) attributes = template.slice(end + 1, close - 2);
    let content = '';
    let tagEnd = close + 1;
    const next = template.indexOf('[', close + 1);
    if (next >= 0 && template.startsWith(`[/${type}]`, next)) {
      content = template.slice(close + 1, next);
      tagEnd = next + type.length + 3;
    }
    const escaped = open > 0 && template[open - 1] === '[' && template[tagEnd] === ']';
    if (!escaped) {
      const tag = buildTag(type, attributes, content);
      if (tag) tags.push(tag);
    }
    open = tagEnd - 1;
  }
  return tags;
}
