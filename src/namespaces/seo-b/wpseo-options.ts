// Yoast's `Options_Helper::get` / `set` (`WPSEO_Options`) for the keys the configuration group reads
// and writes: each key lives in one of Yoast's option objects, is read over Yoast's default, and is
// written through the option's own validation; a write reports whether what was stored is what was
// given, as `WPSEO_Options::save_option` does (`$saved[$key] === $given`).
import type { JsonValue } from '../../store/types.js';
import { isPlainObject, setOwn } from '../../core/own-property.js';
import { sanitizeTextField } from '../../core/schema/text.js';
import { phpTrim } from '../../core/php/strings.js';
import { isSettingsObject, type SettingsObject } from '../option-object.js';
import type { BoundStorage } from '../define.js';
import type { SeoBStorage } from './storage.js';
import { socialUrl, twitterId } from './social-urls.js';

/** Yoast's option objects this module reads: `wpseo`, `wpseo_titles`, `wpseo_social`, `wpseo_tracking_only`. */
type WpseoOptionName = 'wpseo' | 'wpseo_titles' | 'wpseo_social' | 'wpseo_tracking_only';

/** What a validator gets: the value given and the key's stored value before (or its default). */
type Validator = (given: JsonValue | undefined, old: JsonValue) => JsonValue | undefined;

/** PHP's `filter_var( $value, FILTER_VALIDATE_BOOLEAN )` without `NULL_ON_FAILURE`: `WPSEO_Utils::validate_bool`. */
function validateBool(value: JsonValue | undefined): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value !== 'string') return false;
  return ['1', 'true', 'on', 'yes'].includes(phpTrim(value).toLowerCase());
}

const bool: Validator = (given) => validateBool(given);
const text: Validator = (given, old) => (given === undefined || given === null ? old : sanitizeTextField(given));
/** The array keys: a PHP array (or JSON text of one) is kept, anything else keeps the old value. */
const array: Validator = (given, old) => {
  if (Array.isArray(given) || isPlainObject(given)) return given;
  if (typeof given === 'string') {
    try {
      const decoded = JSON.parse(given) as JsonValue;
      if (Array.isArray(decoded) || isPlainObject(decoded)) return given;
    } catch {
      // Not JSON: the old value stays, as `json_decode` failing does.
    }
  }
  return old;
};
/** `company_name`, `person_name`: an empty value leaves the default. */
const nonEmptyText =
  (fallback: string): Validator =>
  (given) =>
    given === undefined || given === null || given === '' ? fallback : sanitizeTextField(given);
/** `WPSEO_Utils::validate_int` and `>= 0`, else the default. */
const id =
  (fallback: JsonValue): Validator =>
  (given) => {
    const n =
      typeof given === 'number' ? given : typeof given === 'string' && /^[+-]?\d+$/.test(phpTrim(given)) ? Number(phpTrim(given)) : NaN;
    return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
  };
/** `WPSEO_Option::validate_url`: a valid URL sanitized; an invalid one keeps the old value. */
const url: Validator = (given, old) => {
  if (given === undefined || given === null || given === '') return '';
  const clean = typeof given === 'string' ? socialUrl(given) : false;
  return clean === false ? (typeof old === 'string' ? old : '') : clean;
};
const asGiven: Validator = (given, old) => (given === undefined ? old : given);
/** `wpseo_tracking_only`'s keys: set once, then kept, unless reset to the empty default. */
const onceOnly: Validator = (given, old) => {
  if (given !== undefined && old === '') return sanitizeTextField(given);
  if (given === '') return '';
  return old;
};

/** A key's option, default and validation, as Yoast declares them. */
interface KeySpec {
  option: WpseoOptionName;
  fallback: JsonValue;
  validate: Validator;
}

const key = (option: WpseoOptionName, fallback: JsonValue, validate: Validator): KeySpec => ({ option, fallback, validate });

/** The keys the configuration group reads or writes, with Yoast 28.1's defaults. */
const KEYS: Readonly<Record<string, KeySpec>> = {
  tracking: key('wpseo', null, (given) => (given === undefined || given === null ? null : validateBool(given))),
  toggled_tracking: key('wpseo', false, bool),
  first_time_install: key('wpseo', false, bool),
  configuration_finished_steps: key('wpseo', [], array),
  workouts_data: key('wpseo', { configuration: { finishedSteps: [] } }, array),
  semrush_integration_active: key('wpseo', true, bool),
  algolia_integration_active: key('wpseo', false, bool),
  wincher_integration_active: key('wpseo', true, bool),
  site_kit_configuration_permanently_dismissed: key('wpseo', false, bool),
  site_kit_connected: key('wpseo', false, bool),
  site_kit_tracking_setup_widget_loaded: key('wpseo', 'no', text),
  site_kit_tracking_first_interaction_stage: key('wpseo', '', text),
  site_kit_tracking_last_interaction_stage: key('wpseo', '', text),
  site_kit_tracking_setup_widget_temporarily_dismissed: key('wpseo', 'no', text),
  site_kit_tracking_setup_widget_permanently_dismissed: key('wpseo', 'no', text),
  enable_llms_txt: key('wpseo', false, bool),
  enable_task_list: key('wpseo', true, bool),
  company_or_person: key('wpseo_titles', 'company', (given, old) =>
    given === undefined ? old : given === 'company' || given === 'person' ? given : 'company',
  ),
  company_name: key('wpseo_titles', '', nonEmptyText('')),
  website_name: key('wpseo_titles', '', text),
  company_logo: key('wpseo_titles', '', url),
  company_logo_id: key('wpseo_titles', 0, id(0)),
  company_logo_meta: key('wpseo_titles', false, asGiven),
  person_logo: key('wpseo_titles', '', url),
  person_logo_id: key('wpseo_titles', 0, id(0)),
  person_logo_meta: key('wpseo_titles', false, asGiven),
  company_or_person_user_id: key('wpseo_titles', false, id(false)),
  facebook_site: key('wpseo_social', '', url),
  twitter_site: key('wpseo_social', '', (given, old) => {
    if (given === undefined || given === null || given === '') return '';
    const handle = twitterId(given, true);
    return handle === false ? (typeof old === 'string' && twitterId(old, true) !== false ? twitterId(old, true) : '') : handle;
  }),
  other_social_urls: key('wpseo_social', [], (given, old) => {
    if (given === undefined) return old;
    const items = Array.isArray(given) ? given : isPlainObject(given) ? Object.values(given) : null;
    if (items === null) return [];
    const clean: string[] = [];
    for (const item of items) {
      const valid = typeof item === 'string' ? socialUrl(item) : false;
      if (valid === false) return Array.isArray(old) ? old.filter((url): url is string => typeof url === 'string' && url !== '') : [];
      if (valid !== '') clean.push(valid);
    }
    return clean;
  }),
  task_list_first_opened_on: key('wpseo_tracking_only', '', onceOnly),
  task_first_actioned_on: key('wpseo_tracking_only', '', onceOnly),
  frontend_inspector_first_actioned_on: key('wpseo_tracking_only', '', onceOnly),
};

/** Yoast 28.1's default of a key this module declares; undefined for the others. */
export function wpseoDefault(name: string): JsonValue | undefined {
  return Object.hasOwn(KEYS, name) ? KEYS[name]!.fallback : undefined;
}

/** `WPSEO_Option_Tracking_Only`'s keys: the actions `/action_tracking` may record. */
export const TRACKING_ONLY_KEYS: readonly string[] = Object.keys(KEYS).filter((name) => KEYS[name]!.option === 'wpseo_tracking_only');

/** The stored object of an option, `{}` when absent or not an object. */
async function stored(storage: BoundStorage<SeoBStorage>, option: WpseoOptionName): Promise<SettingsObject> {
  const value = await storage.getOption(option);
  return isSettingsObject(value) ? value : {};
}

/** Where a key lives: its declared option, else the option whose stored object has it (the wpseo option's `<name>_integration_active`); null for none. */
async function whereIs(storage: BoundStorage<SeoBStorage>, name: string): Promise<{ option: WpseoOptionName; spec: KeySpec } | null> {
  const spec = KEYS[name];
  if (spec) return { option: spec.option, spec };
  for (const option of ['wpseo', 'wpseo_titles', 'wpseo_social', 'wpseo_tracking_only'] as const) {
    if (Object.hasOwn(await stored(storage, option), name)) {
      return { option, spec: key(option, null, option === 'wpseo' ? bool : asGiven) };
    }
  }
  return null;
}

/** `Options_Helper::get`: the key's stored value over Yoast's default; null for a key no option has, or a stored null. */
export async function getWpseo(storage: BoundStorage<SeoBStorage>, name: string): Promise<JsonValue> {
  const found = await whereIs(storage, name);
  if (!found) return null;
  const object = await stored(storage, found.option);
  return Object.hasOwn(object, name) ? object[name]! : found.spec.fallback;
}

/**
 * `Options_Helper::set`: validates the value as the key's option does and stores it, in one
 * atomic merge; true when the stored value is the one given (a value the validation changed or
 * refused is false), false for a key no option has (Yoast keeps it in memory for the request).
 */
export async function setWpseo(storage: BoundStorage<SeoBStorage>, name: string, value: JsonValue): Promise<boolean> {
  const found = await whereIs(storage, name);
  if (!found) return false;
  const object = await stored(storage, found.option);
  const old = Object.hasOwn(object, name) ? object[name]! : found.spec.fallback;
  const clean = found.spec.validate(value, old);
  const changes: SettingsObject = {};
  setOwn(changes, name, clean ?? found.spec.fallback);
  const saved = await storage.mergeOption(found.option, changes);
  return sameValue(saved[name], value);
}

/** PHP's `===` on JSON values: same type, and arrays with the same entries in the same order. */
function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
