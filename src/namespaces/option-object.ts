import { isPlainObject } from '../core/own-property.js';
import type { JsonValue, OptionsTable } from '../store/types.js';

/** A JSON object of settings, as plugins keep them in one option (`genesis-settings`, `wpseo_titles`). */
export type SettingsObject = { [key: string]: JsonValue };

/**
 * One option holding an object of settings, as a plugin's `get_option( $name, $defaults )` and
 * `update_option` use it: read with the defaults under what is stored, written by merging in one
 * atomic step, so two processes writing different keys at once both keep theirs.
 * @public
 */
export interface OptionObject<T extends SettingsObject> {
  /** The option's name in `wp_options`. */
  readonly name: string;
  /** The stored settings over the defaults (a stored value that is not an object reads as none). */
  read(): Promise<T>;
  /** Writes `changes` over the stored settings and answers the result over the defaults. */
  merge(changes: SettingsObject): Promise<T>;
  /**
   * Merges as `merge` does only when `fits` accepts the stored settings the merge would leave
   * (defaults not included), all in one atomic step; null, with nothing written, when it does not.
   */
  mergeWithin(changes: SettingsObject, fits: (merged: SettingsObject) => boolean): Promise<T | null>;
  /** Deletes the option, so it reads as its defaults again. */
  reset(): Promise<T>;
}

/** Whether a stored value is a settings object rather than a list, a scalar or nothing. */
export function isSettingsObject(value: JsonValue | undefined): value is SettingsObject {
  return isPlainObject(value);
}

/** Thrown inside an atomic update to leave the option as it was (the store rolls the update back). */
const REFUSED = new Error('site-rest: settings merge refused');

/**
 * The {@link OptionObject} `name` of a store's options. Merging copies keys as own data properties
 * (object spread), so a client's `__proto__` key is a setting like any other, never a prototype.
 */
export function optionObject<T extends SettingsObject>(options: OptionsTable, name: string, defaults: T): OptionObject<T> {
  const over = (stored: JsonValue | undefined): T => ({ ...defaults, ...(isSettingsObject(stored) ? stored : {}) });
  const merged = (current: JsonValue | undefined, changes: SettingsObject): SettingsObject => ({
    ...(isSettingsObject(current) ? current : {}),
    ...changes,
  });
  return {
    name,
    read: async () => over(await options.get(name)),
    merge: async (changes) => over(await options.update(name, (current) => merged(current, changes))),
    mergeWithin: async (changes, fits) => {
      try {
        return over(
          await options.update(name, (current) => {
            const next = merged(current, changes);
            if (!fits(next)) throw REFUSED;
            return next;
          }),
        );
      } catch (error) {
        if (error === REFUSED) return null;
        throw error;
      }
    },
    reset: async () => {
      await options.delete(name);
      return over(undefined);
    },
  };
}
