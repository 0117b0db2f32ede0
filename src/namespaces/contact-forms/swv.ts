import { absint } from '../../core/php/values.js';
import { getOption, hasOption, isRequired, type FormTag } from './form-tags.js';
import { isDate, isNumeric } from './value-checks.js';

/** The rules this namespace's forms produce, by CF7's SWV names. */
export type SwvRuleName =
  | 'required'
  | 'email'
  | 'url'
  | 'tel'
  | 'number'
  | 'date'
  | 'minlength'
  | 'maxlength'
  | 'minnumber'
  | 'maxnumber'
  | 'mindate'
  | 'maxdate'
  | 'enum'
  | 'maxitems';

/** One rule of a form's SWV schema: what a field must satisfy, and the message when it does not. */
export interface SwvRule {
  /** Rule name. */
  rule: SwvRuleName;
  /** Field name. */
  field: string;
  /** Limit of a min/max rule: a number for lengths and items, the option's text for numbers and dates. */
  threshold?: number | string;
  /** Allowed values of an `enum` rule. */
  accept?: string[];
  /** The message a failing field shows. */
  error: string;
}

/** A form's SWV schema, as CF7's `feedback/schema` route answers it. */
export interface SwvSchema {
  /** CF7's schema format version. */
  version: string;
  /** The form's locale. */
  locale: string;
  /** The rules, in the order CF7's modules add them. */
  rules: SwvRule[];
}

/** The schema format CF7 6.x writes. */
export const SWV_VERSION = 'Contact Form 7 SWV Schema 2024-02';

/** Where the rules' messages come from: a form message by key, or a fixed text run through the form's message filter. */
export interface RuleMessages {
  /** A form message (`invalid_required`…), filtered. */
  message(key: string): string;
  /** A fixed text, filtered as a message. */
  text(text: string): string;
}

type Extra = Pick<SwvRule, 'threshold'> | Pick<SwvRule, 'accept'>;

/** A rule with its keys in CF7's order: rule, field, threshold or accept, error. */
function rule(name: SwvRuleName, field: string, error: string, extra?: Extra): SwvRule {
  return { rule: name, field, ...extra, error };
}

/** PHP truthiness of an option's text: '' and '0' are false. */
function truthy(text: string | undefined): text is string {
  return text !== undefined && text !== '' && text !== '0';
}

/** `get_minlength_option()`. */
function minLength(tag: FormTag): string | undefined {
  const option = getOption(tag, 'minlength', 'int');
  return truthy(option) ? option : undefined;
}

/** `get_maxlength_option( $default )`: `maxlength:N`, else the `/N` of a `size/N` option, else the default. */
function maxLength(tag: FormTag, fallback: string): string {
  const option = getOption(tag, 'maxlength', 'int');
  if (truthy(option)) return option;
  for (const candidate of tag.options) {
    const max = sizeOptionMax(candidate);
    if (max !== undefined) return max;
  }
  return fallback;
}

function skipDigits(text: string, at: number): number {
  while (at < text.length && text[at]! >= '0' && text[at]! <= '9') at++;
  return at;
}

/** The `N` of a `size/N` option as CF7's `%^(?:[0-9]*x?[0-9]*)?/([0-9]+)$%` reads it, scanned in one pass (the regex backtracks quadratically over the digits). */
function sizeOptionMax(option: string): string | undefined {
  let at = skipDigits(option, 0);
  if (option[at] === 'x') at = skipDigits(option, at + 1);
  if (option[at] !== '/') return undefined;
  const digits = option.slice(at + 1);
  return digits !== '' && skipDigits(digits, 0) === digits.length ? digits : undefined;
}

/** `get_date_option()` for literal `YYYY-MM-DD` options; CF7's relative forms (`today+1days`) are not read. */
function dateOption(tag: FormTag, name: string): string | undefined {
  const value = getOption(tag, name);
  return value !== undefined && isDate(value) ? value : undefined;
}

/** `html_entity_decode()` for the entities form values use: numeric ones and the XML five plus `&nbsp;`. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return text.replace(/&(#[0-9]+|#x[0-9a-f]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    const name = entity.toLowerCase();
    // Own entries only: `&constructor;` is no entity.
    return Object.hasOwn(named, name) ? named[name]! : whole;
  });
}

function ofBasetype(tags: FormTag[], ...basetypes: string[]): FormTag[] {
  return tags.filter((tag) => tag.name !== '' && basetypes.includes(tag.basetype));
}

function checkboxRules(tags: FormTag[], m: RuleMessages): SwvRule[] {
  return ofBasetype(tags, 'checkbox', 'radio').flatMap((tag) => [
    ...(isRequired(tag) || tag.type === 'radio' ? [rule('required', tag.name, m.message('invalid_required'))] : []),
    ...(tag.type === 'radio' || hasOption(tag, 'exclusive')
      ? [rule('maxitems', tag.name, m.text('Too many items are selected.'), { threshold: 1 })]
      : []),
  ]);
}

function dateRules(tags: FormTag[], m: RuleMessages): SwvRule[] {
  return ofBasetype(tags, 'date').flatMap((tag) => {
    const min = dateOption(tag, 'min');
    const max = dateOption(tag, 'max');
    return [
      ...(isRequired(tag) ? [rule('required', tag.name, m.message('invalid_required'))] : []),
      rule('date', tag.name, m.message('invalid_date')),
      ...(min !== undefined ? [rule('mindate', tag.name, m.message('date_too_early'), { threshold: min })] : []),
      ...(max !== undefined ? [rule('maxdate', tag.name, m.message('date_too_late'), { threshold: max })] : []),
    ];
  });
}

function numberRules(tags: FormTag[], m: RuleMessages): SwvRule[] {
  return ofBasetype(tags, 'number', 'range').flatMap((tag) => {
    let min = getOption(tag, 'min', 'signed_num');
    let max = getOption(tag, 'max', 'signed_num');
    if (tag.basetype === 'range') {
      if (min === undefined || !isNumeric(min)) min = '0';
      if (max === undefined || !isNumeric(max)) max = '100';
    }
    return [
      ...(isRequired(tag) ? [rule('required', tag.name, m.message('invalid_required'))] : []),
      rule('number', tag.name, m.message('invalid_number')),
      ...(min !== undefined && isNumeric(min) ? [rule('minnumber', tag.name, m.message('number_too_small'), { threshold: min })] : []),
      ...(max !== undefined && isNumeric(max) ? [rule('maxnumber', tag.name, m.message('number_too_large'), { threshold: max })] : []),
    ];
  });
}

function selectRules(tags: FormTag[], m: RuleMessages): SwvRule[] {
  return tags
    .filter((tag) => tag.name !== '' && tag.type === 'select*')
    .map((tag) => rule('required', tag.name, m.message('invalid_required')));
}

const FORMAT_RULES: Record<string, [SwvRuleName, string]> = {
  email: ['email', 'invalid_email'],
  url: ['url', 'invalid_url'],
  tel: ['tel', 'invalid_tel'],
};

/** Text and textarea rules: required, the format of email/url/tel, and the lengths (text defaults to 400, textarea to 2000). */
function lengthRules(tags: FormTag[], basetypes: string[], defaultMax: string, m: RuleMessages): SwvRule[] {
  return ofBasetype(tags, ...basetypes).flatMap((tag) => {
    const format = FORMAT_RULES[tag.basetype];
    const min = minLength(tag);
    const max = maxLength(tag, defaultMax);
    return [
      ...(isRequired(tag) ? [rule('required', tag.name, m.message('invalid_required'))] : []),
      ...(format ? [rule(format[0], tag.name, m.message(format[1]))] : []),
      ...(min !== undefined ? [rule('minlength', tag.name, m.message('invalid_too_short'), { threshold: absint(min) })] : []),
      ...(truthy(max) ? [rule('maxlength', tag.name, m.message('invalid_too_long'), { threshold: absint(max) })] : []),
    ];
  });
}

/** `enum` rules over the values of every tag sharing a name; `values` answers null to drop the field (a checkbox with free text). */
function enumRules(tags: FormTag[], values: (tag: FormTag) => string[] | null, m: RuleMessages): SwvRule[] {
  const byField = new Map<string, string[] | null>();
  for (const tag of tags) {
    const own = values(tag);
    const known = byField.get(tag.name);
    if (known === null) continue;
    byField.set(tag.name, own === null ? null : [...(known ?? []), ...own]);
  }
  return [...byField].flatMap(([field, list]) => {
    if (list === null) return [];
    const accept = [...new Set(list.map(decodeEntities))].filter((value) => value !== '');
    return [rule('enum', field, m.text('Undefined value was submitted through this field.'), { accept })];
  });
}

/**
 * A form's SWV rules from its tags, in the order CF7's modules add them: checkbox, date,
 * number, select, text and textarea rules, then the enum rules of checkboxes and selects.
 * The validator checks submissions against exactly these rules.
 */
export function swvRules(tags: FormTag[], m: RuleMessages): SwvRule[] {
  return [
    ...checkboxRules(tags, m),
    ...dateRules(tags, m),
    ...numberRules(tags, m),
    ...selectRules(tags, m),
    ...lengthRules(tags, ['text', 'email', 'url', 'tel'], '400', m),
    ...lengthRules(tags, ['textarea'], '2000', m),
    ...enumRules(ofBasetype(tags, 'checkbox', 'radio'), (tag) => (hasOption(tag, 'free_text') ? null : tag.values), m),
    ...enumRules(ofBasetype(tags, 'select'), (tag) => (hasOption(tag, 'first_as_label') ? tag.values.slice(1) : tag.values), m),
  ];
}
