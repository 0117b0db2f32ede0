import { isEmpty } from '../../core/php/values.js';
import { hasOption, type FormTag } from './form-tags.js';

/**
 * The acceptance boxes a submission leaves unaccepted, as CF7's `wpcf7_acceptance_filter()`
 * sees them: unchecked (checked, for an `invert` box), unless the box is `optional`.
 */
export function unacceptedBoxes(tags: FormTag[], body: Record<string, unknown>): FormTag[] {
  return tags.filter((tag) => {
    if (tag.type !== 'acceptance' || tag.name === '' || hasOption(tag, 'optional')) return false;
    const checked = !isEmpty(Object.hasOwn(body, tag.name) ? body[tag.name] : undefined);
    return hasOption(tag, 'invert') ? checked : !checked;
  });
}
