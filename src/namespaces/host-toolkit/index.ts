import type { MountableNamespace } from '../../core/types.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import type { ByteSize } from '../../core/byte-size.js';
import { bytes, checkedAtUse, checkOptions, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindService, boundOption, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { hostToolkitHandlers } from './handlers.js';
import { hostToolkitRoutes } from './routes.js';
import { panelService } from './services.js';
import { hostToolkitStorageOn } from './site-store.js';
import { hostToolkitStorageGroups, type AnalyticsSettingsLimits, type HostPanel, type HostToolkitStorage } from './storage.js';

export { ANALYTICS_SETTINGS_OPTION, hostToolkitStorageOn } from './site-store.js';
export { hostToolkitStorageGroups } from './storage.js';
export type {
  AnalyticsSettings,
  AnalyticsSettingsLimits,
  HostPanel,
  HostPanelAnswer,
  HostPanelRequest,
  HostToolkitStorage,
} from './storage.js';

/** The analytics settings' default room: far more than an analytics snippet's switches and ids. */
const SETTINGS_LIMITS: AnalyticsSettingsLimits = { maxKeys: 100, maxBytes: 64 * 1024 };

/** Options of {@link hostToolkit}. */
export interface HostToolkitOptions {
  /** The host's control panel the catch-all forwards to (default: none, so the catch-all answers 501). */
  hostPanel?: HostPanel;
  /** How long the panel may take and how much it may answer (default 10 s, 1 MiB). */
  panelLimits?: GivenHostServiceLimits;
  /** How much the analytics settings may hold (default 100 keys, 64 KiB of JSON; `maxBytes` also as Express writes sizes, `'64kb'`). */
  settingsLimits?: { maxKeys?: number; maxBytes?: ByteSize };
  /** The host's own storage of the analytics settings (default: the server's site store). */
  storage?: HostToolkitStorage;
}

/** The checks of {@link HostToolkitOptions}. */
export const hostToolkitOptions = optionsObject({
  hostPanel: hostObject('the control panel: { request(request, signal) }').optional(),
  panelLimits: serviceLimitsOptions.optional(),
  settingsLimits: optionsObject({ maxKeys: checkedAtUse<number>(), maxBytes: bytes.optional() }).optional(),
  storage: hostObject('the analytics settings storage callbacks').optional(),
} satisfies OptionsShape<HostToolkitOptions>);

/**
 * The `host-toolkit/api` namespace (a hosting connector plugin): `analytics/settings` merges the
 * JSON body into the analytics settings kept in the site store; every other path is forwarded to
 * the host's control panel, whose status and JSON body are relayed. All need `manage_options`.
 */
export function hostToolkit(options: HostToolkitOptions = {}): MountableNamespace {
  const checked = checkOptions(hostToolkitOptions, options, 'hostToolkit');
  const panelLimits = serviceLimits('hostToolkit panelLimits', checked.panelLimits, panelService.limits);
  const given = checked.settingsLimits;
  const settingsLimits: AnalyticsSettingsLimits = {
    maxKeys: boundOption('hostToolkit settingsLimits', 'maxKeys', given?.maxKeys, SETTINGS_LIMITS.maxKeys, 0),
    maxBytes: boundOption('hostToolkit settingsLimits', 'maxBytes', given?.maxBytes, SETTINGS_LIMITS.maxBytes, 2),
  };
  return ({ store, reportService }) => {
    const storage = withDefaults(() => hostToolkitStorageOn(store), options.storage, hostToolkitStorageGroups, 'hostToolkit storage');
    const panel = bindService(panelService, options.hostPanel, panelLimits, reportService);
    return bindGroups('host-toolkit/api', [routeGroup(hostToolkitRoutes, hostToolkitHandlers({ settingsLimits, panel }))], { storage });
  };
}
