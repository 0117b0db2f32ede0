// How SEOPress reads back and sanitises its per-post fields' values: robots checkboxes as
// `yes`, each PUT's sanitising, and the title metas' entity decoding.
import { toInt } from '../../core/php/values.js';
import { sanitizeTextField, sanitizeTextareaField } from '../../core/schema/text.js';
import { escUrlRaw } from '../../core/schema/url.js';
import type { ReadValue, SanitizeValue } from '../meta-fields.js';

/** Robots checkboxes read back as SEOPress shows them: `'yes'` or `''`. */
export const yesOrEmpty: ReadValue = (field, stored) =>
  field.type === 'checkbox' ? (stored === true || stored === 'yes' ? 'yes' : '') : (stored ?? '');

/** The redirection PUT's sanitising (`RedirectionSettings::processPut`): a value outside the allowed ones is kept as sent. */
export const sanitizeRedirection: SanitizeValue = (field, given) => {
  switch (field.key) {
    case '_seopress_redirections_value':
      return escUrlRaw(given);
    case '_seopress_redirections_logged_status': {
      const status = sanitizeTextField(given);
      return ['both', 'only_logged_in', 'only_not_logged_in'].includes(status) ? status : given;
    }
    case '_seopress_redirections_type': {
      const type = toInt(given);
      return [301, 302, 307].includes(type) ? type : given;
    }
    default:
      return sanitizeTextField(given);
  }
};

export const sanitizeRobot: SanitizeValue = (field, given) =>
  field.key === '_seopress_robots_canonical' ? escUrlRaw(given) : sanitizeTextField(given);

export const sanitizeSocial: SanitizeValue = (field, given) => {
  if (field.type === 'input') return sanitizeTextField(given);
  if (field.type === 'textarea') return sanitizeTextareaField(given);
  return given;
};
