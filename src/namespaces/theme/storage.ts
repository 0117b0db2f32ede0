import type { JsonValue } from '../../store/types.js';
import type { StorageContext, StorageGroups } from '../define.js';
import type { GenesisSettings } from './settings.js';

export type { GenesisSettings } from './settings.js';

/** The site's reading options as stored; one the site has not stored is left out. */
export interface ReadingOptions {
  /** `show_on_front`: `posts` or `page`. */
  show_on_front?: JsonValue;
  /** `page_on_front`: the static front page's id. */
  page_on_front?: JsonValue;
  /** `page_for_posts`: the id of the page that lists posts. */
  page_for_posts?: JsonValue;
}

/**
 * Where the Genesis theme's settings live. Every callback is async, gets the request's
 * {@link StorageContext} last and may throw a `RestError`, which is answered as it is.
 */
export interface ThemeStorage {
  /** `genesis-settings` over Genesis's defaults, keys in the option's order. */
  readSettings(ctx: StorageContext): Promise<GenesisSettings>;
  /** Writes `changes` over the stored `genesis-settings` in one step, as `update_option` does, and answers the result over the defaults. */
  mergeSettings(changes: GenesisSettings, ctx: StorageContext): Promise<GenesisSettings>;
  /** The core reading options the site has stored. */
  readingOptions(ctx: StorageContext): Promise<ReadingOptions>;
}

/** The callbacks that read and write `genesis-settings`. */
const SETTINGS_CALLBACKS = ['readSettings', 'mergeSettings'] as const;
type SettingsCallback = (typeof SETTINGS_CALLBACKS)[number];

/** {@link ThemeStorage}'s callbacks that share data: the settings' two are replaced together; the reading options are WordPress's own. */
export const themeStorageGroups: StorageGroups<ThemeStorage> = [
  { data: 'Genesis settings', callbacks: SETTINGS_CALLBACKS },
  { data: 'reading options', callbacks: ['readingOptions'] },
];

/** What a host may give of {@link ThemeStorage}: the settings' callbacks both or neither, and the reading options. */
export type GivenThemeStorage = Partial<Omit<ThemeStorage, SettingsCallback>> &
  (Pick<ThemeStorage, SettingsCallback> | { [K in SettingsCallback]?: never });
