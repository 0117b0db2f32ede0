/**
 * Site Kit's per-user settings objects (`User_Setting`s): each one's user option, defaults, and
 * the changes its `merge()` keeps of a partial (nulls dropped, unknown keys dropped, values
 * sanitized as its `sanitize_callback` writes them).
 */
import type { JsonValue } from '../../store/types.js';
import type { SettingsObject } from '../option-object.js';

/** One of Site Kit's user settings. */
export interface UserSettingDefinition<T extends SettingsObject> {
  /** The user option. */
  readonly option: string;
  /** Its defaults (`get_default()`). */
  readonly defaults: T;
  /** The changes `merge()` writes of `partial`, given the current settings. */
  changes(partial: SettingsObject, current: T): SettingsObject;
}

/** `Sanitize::sanitize_string_list`: the non-empty strings of a list (or of a lone value). */
function stringList(value: JsonValue | undefined): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter((item): item is string => typeof item === 'string' && item !== '');
}

/** PHP's `false !== $value`. */
const notFalse = (value: JsonValue | undefined): boolean => value !== false;

/** The keys of `partial` among `allowed` whose value is not null (or is, where `nullable`), each as `sanitize` writes it. */
function kept(
  partial: SettingsObject,
  sanitize: Readonly<Record<string, (value: JsonValue) => JsonValue>>,
  nullable: readonly string[] = [],
): SettingsObject {
  const out: SettingsObject = {};
  for (const [key, write] of Object.entries(sanitize)) {
    if (!Object.hasOwn(partial, key)) continue;
    const value = partial[key]!;
    if (value === null && !nullable.includes(key)) continue;
    out[key] = value === null ? null : write(value);
  }
  return out;
}

/** Audience segmentation (`Audience_Settings`): setting audiences for the first time marks them set. */
export const AUDIENCE_SETTINGS: UserSettingDefinition<{
  configuredAudiences: string[] | null;
  isAudienceSegmentationWidgetHidden: boolean;
  didSetAudiences: boolean;
}> = {
  option: 'googlesitekit_audience_settings',
  defaults: { configuredAudiences: null, isAudienceSegmentationWidgetHidden: false, didSetAudiences: false },
  changes(partial, current) {
    const changes = kept(
      partial,
      { configuredAudiences: stringList, isAudienceSegmentationWidgetHidden: notFalse, didSetAudiences: notFalse },
      ['configuredAudiences'],
    );
    const audiences = partial.configuredAudiences;
    if (!current.didSetAudiences && Array.isArray(audiences) && audiences.length > 0) changes.didSetAudiences = true;
    return changes;
  },
};

/** When the conversion events callouts were dismissed (`Conversion_Reporting_Settings`): integers, anything else 0. */
export const CONVERSION_REPORTING_SETTINGS: UserSettingDefinition<{
  newEventsCalloutDismissedAt: number;
  lostEventsCalloutDismissedAt: number;
}> = {
  option: 'googlesitekit_conversion_reporting_settings',
  defaults: { newEventsCalloutDismissedAt: 0, lostEventsCalloutDismissedAt: 0 },
  changes(partial) {
    const integer = (value: JsonValue): JsonValue => (Number.isInteger(value) ? value : 0);
    return kept(partial, { newEventsCalloutDismissedAt: integer, lostEventsCalloutDismissedAt: integer });
  },
};

/** The initial set-up's progress (`Initial_Setup_Settings`): unknown until answered. */
export const INITIAL_SETUP_SETTINGS: UserSettingDefinition<{
  isAnalyticsSetupComplete: boolean | null;
  hasSitePurposeAnswer: boolean | null;
}> = {
  option: 'googlesitekit_initial_setup',
  defaults: { isAnalyticsSetupComplete: null, hasSitePurposeAnswer: null },
  changes(partial) {
    return kept(partial, { isAnalyticsSetupComplete: Boolean, hasSitePurposeAnswer: Boolean });
  },
};

/** The key metrics widgets the user picked (`Key_Metrics_Settings`). */
export const KEY_METRICS_SETTINGS: UserSettingDefinition<{ widgetSlugs: string[]; isWidgetHidden: boolean }> = {
  option: 'googlesitekit_key_metrics_settings',
  defaults: { widgetSlugs: [], isWidgetHidden: false },
  changes(partial) {
    return kept(partial, { widgetSlugs: stringList, isWidgetHidden: notFalse });
  },
};

/** The user option of the user's consent to Site Kit's usage tracking (`Tracking_Consent`). */
export const TRACKING_OPTION = 'googlesitekit_tracking_optin';
