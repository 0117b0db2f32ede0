import { isSettingsObject, type SettingsObject } from '../option-object.js';
import type { BoundStorage } from '../define.js';
import type { SiteInsightsStorage } from './storage.js';

/** The namespace's storage bound to a request, as handlers and checks get it. */
export type SiteInsightsBound = BoundStorage<SiteInsightsStorage>;

/**
 * One of Site Kit's settings objects (`Setting` on an option, `User_Setting` on a user option):
 * read with its defaults under what is stored, and merged the way its `merge()` does, in one
 * atomic step, answering the result over the defaults.
 */
interface SiteKitSetting<T extends SettingsObject> {
  /** The option's name. */
  readonly name: string;
  /** The stored settings over the defaults. */
  read(): Promise<T>;
  /** Writes `changes` over the stored settings and answers the result over the defaults. */
  merge(changes: SettingsObject): Promise<T>;
}

/** The stored settings over `defaults` (a stored value that is not an object counts as none). */
function over<T extends SettingsObject>(defaults: T, stored: unknown): T {
  return { ...defaults, ...(isSettingsObject(stored as never) ? (stored as SettingsObject) : {}) };
}

/** A site-wide setting on the option `name`. */
export function siteSetting<T extends SettingsObject>(storage: SiteInsightsBound, name: string, defaults: T): SiteKitSetting<T> {
  return {
    name,
    read: async () => over(defaults, await storage.getOption(name)),
    merge: async (changes) => over(defaults, await storage.mergeOption(name, changes)),
  };
}

/** A user's setting on the user option `name`. */
export function userSetting<T extends SettingsObject>(
  storage: SiteInsightsBound,
  userId: number,
  name: string,
  defaults: T,
): SiteKitSetting<T> {
  return {
    name,
    read: async () => over(defaults, await storage.getUserOption(userId, name)),
    merge: async (changes) =>
      over(
        defaults,
        await storage.updateUserOption(userId, name, (current) => ({ ...(isSettingsObject(current) ? current : {}), ...changes })),
      ),
  };
}
