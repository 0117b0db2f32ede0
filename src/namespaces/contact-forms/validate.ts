import { isEmail } from '../../core/schema/formats.js';
import { unacceptedBoxes } from './acceptance.js';
import { getOption, isFieldName, type FormTag } from './form-tags.js';
import { flattenValue } from './posted-data.js';
import { quizAnswered } from './quiz.js';
import type { SwvRule } from './swv.js';
import { isUrl } from '../../core/php/filter-url.js';
import { isDate, isNumeric, isTel } from './value-checks.js';

/** A field that failed validation, as CF7's `WPCF7_Validation` keeps it. */
export interface InvalidField {
  /** Field name. */
  name: string;
  /** The message shown for it. */
  reason: string;
  /** The tag's `id:` option, for the client to point at; null when it has none usable. */
  idref: string | null;
}

/** What a submission is checked against. */
interface ValidationInput {
  /** The form's tags. */
  tags: FormTag[];
  /** The form's SWV rules. */
  rules: SwvRule[];
  /** The request body, as CF7 reads `$_POST`. */
  body: Record<string, unknown>;
  /** A form message by key, filtered. */
  message: (key: string) => string;
  /** The form's `acceptance_as_validation` setting. */
  acceptanceAsValidation: boolean;
  /** Key of the quiz answers' hashes. */
  hashKey: string;
}

function fails(rule: SwvRule, input: string[]): boolean {
  const threshold = rule.threshold ?? '';
  switch (rule.rule) {
    case 'required':
      return input.length === 0;
    case 'email':
      return input.some((value) => !isEmail(value));
    case 'url':
      return input.some((value) => !isUrl(value));
    case 'tel':
      return input.some((value) => !isTel(value));
    case 'number':
      return input.some((value) => !isNumeric(value));
    case 'date':
      return input.some((value) => !isDate(value));
    case 'minlength':
      // Lengths count UTF-16 code units, as CF7's wpcf7_count_code_units() and the browser do.
      return input.length > 0 && input.reduce((total, value) => total + value.length, 0) < Number(threshold);
    case 'maxlength':
      return input.length > 0 && input.reduce((total, value) => total + value.length, 0) > Number(threshold);
    case 'minnumber':
      return isNumeric(String(threshold)) && input.some((value) => isNumeric(value) && Number(value.trim()) < Number(threshold));
    case 'maxnumber':
      return isNumeric(String(threshold)) && input.some((value) => isNumeric(value) && Number(value.trim()) > Number(threshold));
    case 'mindate':
      return input.some((value) => isDate(value) && value < String(threshold));
    case 'maxdate':
      return input.some((value) => isDate(value) && value > String(threshold));
    case 'enum':
      return input.some((value) => !(rule.accept ?? []).includes(value));
    case 'maxitems':
      return input.length > Number(threshold);
  }
}

/** The `id:` option CF7 reports as `idref`: a valid name not starting with `wpcf7`. */
function idref(tags: FormTag[], field: string): string | null {
  const tag = tags.find((candidate) => candidate.name === field);
  const id = tag ? getOption(tag, 'id', 'id') : undefined;
  return id !== undefined && isFieldName(id) && !id.startsWith('wpcf7') ? id : null;
}

/**
 * CF7's validation of a submission: the SWV rules in order, then the quiz and (with
 * `acceptance_as_validation`) the acceptance boxes. A field keeps its first error only.
 */
export function validateSubmission(input: ValidationInput): InvalidField[] {
  const invalid = new Map<string, InvalidField>();
  const invalidate = (field: string, reason: string) => {
    if (field !== '' && !invalid.has(field)) invalid.set(field, { name: field, reason, idref: idref(input.tags, field) });
  };
  for (const rule of input.rules) {
    if (invalid.has(rule.field)) continue;
    const values = flattenValue(Object.hasOwn(input.body, rule.field) ? input.body[rule.field] : undefined).filter((value) => value !== '');
    if (fails(rule, values)) invalidate(rule.field, rule.error);
  }
  // Then each tag's own check, in form order, as CF7's wpcf7_validate_{type} filters run.
  const unaccepted = new Set(input.acceptanceAsValidation ? unacceptedBoxes(input.tags, input.body) : []);
  for (const tag of input.tags) {
    if (tag.type === 'quiz' && tag.name !== '' && !quizAnswered(tag, input.body, input.hashKey)) {
      invalidate(tag.name, input.message('quiz_answer_not_correct'));
    }
    if (unaccepted.has(tag)) invalidate(tag.name, input.message('accept_terms'));
  }
  return [...invalid.values()];
}
