// The theme's settings kept on the site store as Genesis keeps them: one `genesis-settings` option
// holding the settings object, and WordPress's own reading options beside it.
import type { SiteStore } from '../../store/types.js';
import { optionObject } from '../option-object.js';
import { GENESIS_DEFAULT_SETTINGS, GENESIS_SETTINGS_FIELD } from './settings.js';
import type { ReadingOptions, ThemeStorage } from './storage.js';

/** The core options Genesis's `reading-settings` reads. */
const READING_OPTIONS = ['show_on_front', 'page_on_front', 'page_for_posts'] as const;

/** The theme's storage on a site store: `genesis-settings` over Genesis's defaults, merged atomically, so every process shares it. */
export function themeStorageOn(store: SiteStore): ThemeStorage {
  const settings = optionObject(store.options, GENESIS_SETTINGS_FIELD, GENESIS_DEFAULT_SETTINGS);
  return {
    readSettings: () => settings.read(),
    mergeSettings: (changes) => settings.merge(changes),
    async readingOptions() {
      const values = await Promise.all(READING_OPTIONS.map((name) => store.options.get(name)));
      const stored: ReadingOptions = {};
      READING_OPTIONS.forEach((name, i) => {
        const value = values[i];
        if (value !== undefined) stored[name] = value;
      });
      return stored;
    },
  };
}
