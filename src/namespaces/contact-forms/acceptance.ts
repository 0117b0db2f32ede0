import { hasOption, type FormTag } from './form-tags.js';

/** PHP's `empty()` on a posted value: missing, '', '0' or an empty list. */
function phpEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === '0') return true;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/**
 * The acceptance boxes a submission leaves unaccepted, as CF7's `wpcf7_acceptance_filter()`
 * sees them: unchecked (checked, for an `invert` box), unless the box is `optional`.
 */
export function unacceptedBoxes(tags: FormTag[], body: Record<string, unknown>): FormTag[] {
  return tags.filter((tag) => {
    if (tag.type !== 'acceptance' || tag.name === '' || hasOption(tag, 'optional')) return false;
    const checked = !phpEmpty(Object.hasOwn(body, tag.name) ? body[tag.name] : undefined);
    return hasOption(tag, 'invert') ? checked : !checked;
  });
}
