// Writing the dashboard's sharing settings as `Module_Sharing_Settings` does: keys the caller may
// not change dropped, the change merged over the settings as read, the result sanitized, and
// which modules' sharing changed so that their owner becomes the caller.
import { isPlainObject, setOwn } from '../../core/own-property.js';
import { isEmpty, isPhpArray, phpValues, toPhpString } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';
import type { SettingsObject } from '../option-object.js';
import { shareableRole } from './module-state.js';

/** The sharing keys a caller may change for each module: `sharedRoles` needs one capability, `management` another. */
export interface SharingKeysAllowed {
  /** May change `sharedRoles` (`MANAGE_MODULE_SHARING_OPTIONS` for the module). */
  sharedRoles: boolean;
  /** May change `management` (`DELEGATE_MODULE_SHARING_MANAGEMENT` for the module). */
  management: boolean;
}

/**
 * The request's module → settings map with the keys the caller may not change dropped
 * (`Collection_Key_Cap_Filter`, once per key). A module's value that is no object is left as
 * sent (Site Kit cannot drop a key from it either).
 */
export function allowedChanges(given: Record<string, unknown>, allowed: ReadonlyMap<string, SharingKeysAllowed>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [slug, value] of Object.entries(given)) {
    if (!isPlainObject(value)) {
      setOwn(changes, slug, value);
      continue;
    }
    const entry: Record<string, unknown> = {};
    const may = allowed.get(slug);
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'sharedRoles' && !may?.sharedRoles) || (key === 'management' && !may?.management)) continue;
      setOwn(entry, key, item);
    }
    setOwn(changes, slug, entry);
  }
  return changes;
}

/**
 * `Module_Sharing_Settings::merge`: the changes whose value is not empty, written over the
 * settings one level deep (a module's keys replaced one by one, a non-object value whole).
 */
export function mergedSharing(settings: SettingsObject, changes: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...settings };
  for (const [slug, value] of Object.entries(changes)) {
    if (isEmpty(value)) continue;
    if (isPlainObject(value) || Array.isArray(value)) {
      const current = merged[slug];
      const entry: Record<string, unknown> = isPlainObject(current) ? { ...current } : {};
      for (const [key, item] of Object.entries(value)) setOwn(entry, key, item);
      setOwn(merged, slug, entry);
    } else {
      setOwn(merged, slug, value);
    }
  }
  return merged;
}

/** `Sanitize::sanitize_string_list`: a list (a lone value as one) of its non-empty strings. */
function stringList(value: unknown): string[] {
  const items = isPhpArray(value) ? phpValues(value) : [value];
  return items.filter((item): item is string => typeof item === 'string' && !isEmpty(item));
}

/**
 * The sharing option's sanitize callback: per module only `sharedRoles` (strings naming roles that
 * can `edit_posts`) and `management` (as a string), each where it was set.
 */
export function sanitizedSharing(value: Record<string, unknown>): SettingsObject {
  const sanitized: SettingsObject = {};
  for (const [slug, entry] of Object.entries(value)) {
    const settings: SettingsObject = {};
    if (isPlainObject(entry)) {
      if (entry.sharedRoles !== undefined && entry.sharedRoles !== null)
        settings.sharedRoles = stringList(entry.sharedRoles).filter(shareableRole);
      if (entry.management !== undefined && entry.management !== null) settings.management = toPhpString(entry.management);
    }
    setOwn(sanitized, slug, settings);
  }
  return sanitized;
}

/** A list as JSON in a fixed order (each item by its JSON), to compare two lists regardless of order as Site Kit's `sort()`s do. */
function sortedJson(list: JsonValue[]): string {
  return `[${list
    .map((item) => JSON.stringify(item))
    .sort()
    .join(',')}]`;
}

/**
 * Whether a module's sharing changed from `before` to `after` (`Modules`' sharing `on_change`):
 * some key of `after` is new, of another type, or another value; lists compared as sets in order.
 */
export function sharingChanged(after: JsonValue | undefined, before: JsonValue | undefined): boolean {
  if (!isPlainObject(after)) return false;
  const old = isPlainObject(before) ? before : {};
  return Object.entries(after).some(([key, value]) => {
    const previous = Object.hasOwn(old, key) ? old[key] : undefined;
    if (Array.isArray(value) && Array.isArray(previous)) return sortedJson(value) !== sortedJson(previous);
    if (previous === undefined || previous === null) return true;
    return JSON.stringify(value) !== JSON.stringify(previous);
  });
}
