import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { blocksuiteResponderHandlers } from './handlers.js';
import { blocksuiteResponderRoutes } from './routes.js';
import { responderService, type Responder } from './services.js';
import { blocksuiteResponderStorageOn } from './site-store.js';
import { blocksuiteResponderStorageGroups, type BlocksuiteResponderStorage } from './storage.js';

export { GETRESPONSE_API_ENDPOINT_OPTION, GETRESPONSE_API_KEY_OPTION, blocksuiteResponderStorageOn } from './site-store.js';
export { blocksuiteResponderStorageGroups } from './storage.js';
export type { Responder } from './services.js';
export type { BlocksuiteResponderStorage, GetResponseSettings } from './storage.js';

/** Options of {@link blocksuiteResponder}. */
export interface BlocksuiteResponderOptions {
  /** The host's GetResponse client (default: none, so a configured account's lookups answer the plugin's `getresponse_error` 500). */
  responder?: Responder;
  /** How long GetResponse may take and how much it may answer (default 10 s, 2 MiB). */
  responderLimits?: GivenHostServiceLimits;
  /** Where the GetResponse settings come from (default: the site store's two options). */
  storage?: BlocksuiteResponderStorage;
}

/** The checks of {@link BlocksuiteResponderOptions}. */
export const blocksuiteResponderOptions = optionsObject({
  responder: hostObject('the GetResponse client: { get(endpoint, account, signal) }').optional(),
  responderLimits: serviceLimitsOptions.optional(),
  storage: hostObject('the GetResponse settings storage: { readSettings(ctx) }').optional(),
} satisfies OptionsShape<BlocksuiteResponderOptions>);

/**
 * The `blocksuite-responder/v1` namespace (Kadence Blocks' GetResponse proxy, `kb-getresponse/v1`):
 * `GET /get` asks GetResponse, through the host's `responder`, for `endpoint` of the account the
 * site's options hold (`[]` while either is unset), and answers its JSON or `getresponse_error`.
 */
export function blocksuiteResponder(options: BlocksuiteResponderOptions = {}): MountableNamespace {
  const checked = checkOptions(blocksuiteResponderOptions, options, 'blocksuiteResponder');
  const limits = serviceLimits('blocksuiteResponder responderLimits', checked.responderLimits, responderService.limits);
  return ({ store, reportService }) => {
    const storage = withDefaults(
      () => blocksuiteResponderStorageOn(store),
      options.storage,
      blocksuiteResponderStorageGroups,
      'blocksuiteResponder storage',
    );
    const responder = bindService(responderService, options.responder, limits, reportService);
    return bindGroups('blocksuite-responder/v1', [routeGroup(blocksuiteResponderRoutes, blocksuiteResponderHandlers({ responder }))], {
      storage,
    });
  };
}
