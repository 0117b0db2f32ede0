import type { StorageContext, StorageGroups } from '../define.js';
import type { SettingsObject } from '../option-object.js';

export type { HostPanel, HostPanelAnswer, HostPanelRequest } from './services.js';

/** The analytics settings: whatever keys the host's analytics snippet reads (tracking on or off, a property id). */
export type AnalyticsSettings = SettingsObject;

/** How much the analytics settings may hold, so a client cannot grow the option without bound. */
export interface AnalyticsSettingsLimits {
  /** Most top-level keys. */
  maxKeys: number;
  /** Most bytes of the stored object's JSON. */
  maxBytes: number;
}

/**
 * Where the host toolkit keeps its analytics settings. Every callback is async, gets the
 * request's {@link StorageContext} last and may throw a `RestError`, which is answered as it is.
 */
export interface HostToolkitStorage {
  /**
   * Writes `changes` over the stored settings in one atomic step, so two processes writing
   * different keys at once both keep theirs, and answers the result; null, with nothing written,
   * when the result would pass `limits`.
   */
  mergeAnalyticsSettings(
    changes: AnalyticsSettings,
    limits: AnalyticsSettingsLimits,
    ctx: StorageContext,
  ): Promise<AnalyticsSettings | null>;
}

/** {@link HostToolkitStorage}'s callbacks that share data: the one that keeps the settings. */
export const hostToolkitStorageGroups: StorageGroups<HostToolkitStorage> = [
  { data: 'analytics settings', callbacks: ['mergeAnalyticsSettings'] },
];
