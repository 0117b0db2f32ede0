// Each module's settings object (`Modules/*/Settings.php` of Site Kit 1.184) as data: its defaults
// (`get_default()`), the keys users without `manage_options` may read (`get_view_only_keys()`)
// and the keys whose change makes the writing admin the module's owner (`get_owned_keys()`), with
// Site Kit's read-over-defaults and its `Module_Settings::merge()`.
import { setOwn } from '../../core/own-property.js';
import type { JsonValue } from '../../store/types.js';
import { isSettingsObject, type SettingsObject } from '../option-object.js';
import type { SiteKitModule } from './registry.js';
import type { SiteInsightsBound } from './settings.js';

/** What Site Kit's settings class of a module says about its keys. */
interface ModuleSettingsShape {
  /** `get_default()`. */
  readonly defaults: SettingsObject;
  /** `Setting_With_ViewOnly_Keys_Interface`: the keys shown to users who may not manage options; null when it has none. */
  readonly viewOnlyKeys: readonly string[] | null;
  /** `Setting_With_Owned_Keys_Interface`: a change of one of them makes the writer the owner (`ownerID`). */
  readonly ownedKeys: readonly string[];
}

/** The settings of each module that has some, by slug. */
const SHAPES: Readonly<Record<string, ModuleSettingsShape>> = {
  'search-console': {
    defaults: { propertyID: '', ownerID: '' },
    viewOnlyKeys: null,
    ownedKeys: ['propertyID'],
  },
  ads: {
    defaults: {
      conversionID: '',
      paxConversionID: '',
      customerID: '',
      extCustomerID: '',
      formattedExtCustomerID: '',
      userID: '',
      accountOverviewURL: '',
    },
    viewOnlyKeys: null,
    ownedKeys: ['conversionID', 'paxConversionID', 'extCustomerID', 'customerID', 'userID'],
  },
  'analytics-4': {
    defaults: {
      ownerID: 0,
      accountID: '',
      adsConversionID: '',
      propertyID: '',
      webDataStreamID: '',
      measurementID: '',
      trackingDisabled: ['loggedinUsers'],
      useSnippet: true,
      googleTagID: '',
      googleTagAccountID: '',
      googleTagContainerID: '',
      googleTagContainerDestinationIDs: null,
      googleTagLastSyncedAtMs: 0,
      availableCustomDimensions: null,
      propertyCreateTime: 0,
      adSenseLinked: false,
      adSenseLinkedLastSyncedAt: 0,
      adsLinked: false,
      adsLinkedLastSyncedAt: 0,
      detectedEvents: [],
      newConversionEventsLastUpdateAt: 0,
      lostConversionEventsLastUpdateAt: 0,
    },
    viewOnlyKeys: [
      'availableCustomDimensions',
      'adSenseLinked',
      'detectedEvents',
      'newConversionEventsLastUpdateAt',
      'lostConversionEventsLastUpdateAt',
    ],
    ownedKeys: ['accountID', 'propertyID', 'webDataStreamID', 'measurementID', 'googleTagID', 'googleTagAccountID', 'googleTagContainerID'],
  },
  tagmanager: {
    defaults: {
      ownerID: 0,
      accountID: '',
      ampContainerID: '',
      containerID: '',
      internalContainerID: '',
      internalAMPContainerID: '',
      useSnippet: true,
    },
    viewOnlyKeys: null,
    ownedKeys: ['accountID', 'ampContainerID', 'containerID', 'internalAMPContainerID', 'internalContainerID'],
  },
  adsense: {
    defaults: {
      ownerID: 0,
      accountID: '',
      autoAdsDisabled: [],
      clientID: '',
      accountStatus: '',
      siteStatus: '',
      accountSetupComplete: false,
      siteSetupComplete: false,
      useSnippet: true,
      webStoriesAdUnit: '',
      setupCompletedTimestamp: null,
      useAdBlockingRecoverySnippet: false,
      useAdBlockingRecoveryErrorSnippet: false,
      adBlockingRecoverySetupStatus: '',
    },
    viewOnlyKeys: ['accountID'],
    ownedKeys: ['accountID', 'clientID'],
  },
  'pagespeed-insights': { defaults: { ownerID: 0 }, viewOnlyKeys: null, ownedKeys: [] },
  'sign-in-with-google': {
    defaults: {
      clientID: '',
      text: 'signin_with',
      theme: 'outline',
      shape: 'rectangular',
      oneTapEnabled: false,
      showNextToCommentsEnabled: false,
    },
    viewOnlyKeys: null,
    ownedKeys: [],
  },
  'reader-revenue-manager': {
    defaults: {
      contentPolicyState: '',
      policyInfoLink: '',
      ownerID: 0,
      publicationID: '',
      publicationOnboardingState: '',
      publicationOnboardingStateChanged: false,
      productIDs: [],
      paymentOption: '',
      snippetMode: 'post_types',
      postTypes: ['post'],
      productID: 'openaccess',
    },
    viewOnlyKeys: ['publicationID', 'snippetMode', 'postTypes', 'paymentOption'],
    ownedKeys: ['publicationID'],
  },
};

/** A module's settings shape; undefined for a module without settings (`Module_With_Settings`). */
export function moduleSettingsShape(module: SiteKitModule): ModuleSettingsShape | undefined {
  return module.settingsOption !== null && Object.hasOwn(SHAPES, module.slug) ? SHAPES[module.slug] : undefined;
}

/** The stored settings over the defaults: Site Kit's `option_` filters (a stored value that is not an object is the defaults). */
function overDefaults(shape: ModuleSettingsShape, stored: JsonValue | undefined): SettingsObject {
  if (!isSettingsObject(stored)) return { ...shape.defaults };
  // PHP's `$option + $defaults`: the stored keys in their order, then the defaults they lack.
  const settings: SettingsObject = { ...stored };
  for (const [key, value] of Object.entries(shape.defaults)) if (!Object.hasOwn(settings, key)) settings[key] = value;
  return settings;
}

/** A module's settings as Site Kit's `get()` answers them. */
export async function readModuleSettings(
  storage: SiteInsightsBound,
  module: SiteKitModule,
  shape: ModuleSettingsShape,
): Promise<SettingsObject> {
  return overDefaults(shape, await storage.getOption(module.settingsOption!));
}

/** The view-only part of settings, in the settings' own key order (`array_intersect_key`). */
export function viewOnlySettings(settings: SettingsObject, keys: readonly string[]): SettingsObject {
  const shown: SettingsObject = {};
  for (const [key, value] of Object.entries(settings)) if (keys.includes(key)) setOwn(shown, key, value);
  return shown;
}

/** Whether an owned key is set in both and differs (`have_owned_settings_changed`: PHP's `isset` and `!==`). */
function ownedKeyChanged(keys: readonly string[], next: SettingsObject, before: SettingsObject): boolean {
  return keys.some((key) => {
    const now = next[key];
    const then = before[key];
    return now !== undefined && now !== null && then !== undefined && then !== null && JSON.stringify(now) !== JSON.stringify(then);
  });
}

/**
 * Merges `changes` into a module's settings in one atomic step, as `Module_Settings::merge()` does:
 * null values dropped, only keys the settings know kept. When `ownerId` is given (the writer may
 * manage options) and an owned key changes (from the defaults on the first write), the writer
 * becomes the module's owner. Answers the settings after.
 */
export async function mergeModuleSettings(
  storage: SiteInsightsBound,
  module: SiteKitModule,
  shape: ModuleSettingsShape,
  changes: SettingsObject,
  ownerId: number | null,
): Promise<SettingsObject> {
  const stored = await storage.updateOption(module.settingsOption!, (current) => {
    const before = overDefaults(shape, current);
    const next: SettingsObject = { ...before };
    for (const [key, value] of Object.entries(changes)) if (value !== null && Object.hasOwn(before, key)) setOwn(next, key, value);
    // On the first write (`add_option`) Site Kit compares with the defaults; later with what was stored.
    const compared = isSettingsObject(current) ? current : shape.defaults;
    if (ownerId !== null && ownedKeyChanged(shape.ownedKeys, next, compared)) next.ownerID = ownerId;
    return next;
  });
  return overDefaults(shape, stored);
}
