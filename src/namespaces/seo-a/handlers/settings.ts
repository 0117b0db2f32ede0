// SEOPress's option groups and the roles: its Options and Roles.
import type { Handlers } from '../../define.js';
import { DEFAULT_ROLE_NAMES } from '../../../core/auth/roles.js';
import { OPTION_GROUPS, maskLicenseKey, mergedOptions } from '../option-groups.js';
import type { seoASettingsRoutes } from '../routes/settings.js';
import { textOf } from '../seo-options.js';
import type { SeoAStorage } from '../storage.js';
import { isEmpty } from '../../../core/php/values.js';

/** The seo-a option group and role handlers. */
export const seoASettingsHandlers: Handlers<typeof seoASettingsRoutes, SeoAStorage> = {
  async getOptionGroup(request, _context, storage) {
    const names = OPTION_GROUPS[request.urlParams.group];
    if (!names) return [];
    const values = await Promise.all(names.map((name) => storage.getOption(name)));
    // SEOPress 9.6's `if ( empty( … ) ) { return; }`: WordPress serves a callback's null as a 200 without a body.
    if (values.every(isEmpty)) return null;
    if (request.urlParams.group === 'license-settings') return { license_key: maskLicenseKey(textOf(values[0])) };
    return mergedOptions(values);
  },

  getRoles() {
    return { ...DEFAULT_ROLE_NAMES };
  },
};
