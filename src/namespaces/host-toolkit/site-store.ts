// The host toolkit's analytics settings on the site store: one `wp_options` row holding the
// settings object, as a plugin's `update_option` keeps an array, merged atomically.
import type { SiteStore } from '../../store/types.js';
import { weighsAtMost } from '../answer-weight.js';
import { optionObject, type SettingsObject } from '../option-object.js';
import type { AnalyticsSettingsLimits, HostToolkitStorage } from './storage.js';

/** The option the analytics settings live in. */
export const ANALYTICS_SETTINGS_OPTION = 'host_toolkit_analytics_settings';

/** Whether stored settings stay within the limits: keys counted first, so a huge object is refused before it is encoded. */
function withinLimits(settings: SettingsObject, limits: AnalyticsSettingsLimits): boolean {
  return Object.keys(settings).length <= limits.maxKeys && weighsAtMost(settings, limits.maxBytes);
}

/** The host toolkit's storage on a site store: the analytics settings in option `host_toolkit_analytics_settings`. */
export function hostToolkitStorageOn(store: SiteStore): HostToolkitStorage {
  const settings = optionObject<SettingsObject>(store.options, ANALYTICS_SETTINGS_OPTION, {});
  return {
    mergeAnalyticsSettings: (changes, limits) => settings.mergeWithin(changes, (merged) => withinLimits(merged, limits)),
  };
}
