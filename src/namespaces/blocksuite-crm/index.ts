import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup, withDefaults } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { blocksuiteCrmHandlers } from './handlers.js';
import { blocksuiteCrmRoutes } from './routes.js';
import { crmService, type Crm } from './services.js';
import { blocksuiteCrmStorageOn, storedCrm } from './site-store.js';
import { blocksuiteCrmStorageGroups, type BlocksuiteCrmStorage } from './storage.js';

export {
  FLUENTCRM_CUSTOM_FIELDS_OPTION,
  FLUENTCRM_LISTS_OPTION,
  FLUENTCRM_PLUGIN,
  FLUENTCRM_TAGS_OPTION,
  blocksuiteCrmStorageOn,
} from './site-store.js';
export { blocksuiteCrmStorageGroups } from './storage.js';
export type { Crm, CrmCustomField, CrmRow } from './services.js';
export type { CrmField } from './fields.js';
export type { BlocksuiteCrmStorage } from './storage.js';

/** Options of {@link blocksuiteCrm}. */
export interface BlocksuiteCrmOptions {
  /** The host's FluentCRM lookups (default: FluentCRM's rows kept in the site store's options). Given, FluentCRM counts as active. */
  crm?: Crm;
  /** How long a lookup may take and how much it may answer (default 5 s, 2 MiB). */
  crmLimits?: GivenHostServiceLimits;
  /** Whether FluentCRM is active (default: `crm` given, or the site store's `active_plugins` listing it). */
  storage?: BlocksuiteCrmStorage;
}

/** The checks of {@link BlocksuiteCrmOptions}. */
export const blocksuiteCrmOptions = optionsObject({
  crm: hostObject('the FluentCRM lookups: { lists(signal), tags(signal), customFields(signal) }').optional(),
  crmLimits: serviceLimitsOptions.optional(),
  storage: hostObject('the FluentCRM storage: { fluentCrmActive(ctx) }').optional(),
} satisfies OptionsShape<BlocksuiteCrmOptions>);

/** FluentCRM active, as a host that gives its CRM has it. */
const ACTIVE: BlocksuiteCrmStorage = { fluentCrmActive: async () => true };

/**
 * The `blocksuite-crm/v1` namespace (Kadence Blocks' FluentCRM route, `kb-fluentcrm/v1`):
 * `GET /get?endpoint=lists|tags|fields` answers FluentCRM's lists, tags, or the thirteen fixed
 * contact fields followed by its custom fields; `[]` while FluentCRM is inactive or for any other endpoint.
 */
export function blocksuiteCrm(options: BlocksuiteCrmOptions = {}): MountableNamespace {
  const checked = checkOptions(blocksuiteCrmOptions, options, 'blocksuiteCrm');
  const limits = serviceLimits('blocksuiteCrm crmLimits', checked.crmLimits, crmService.limits);
  return ({ store, reportService }) => {
    const storage = withDefaults(
      () => (options.crm ? ACTIVE : blocksuiteCrmStorageOn(store)),
      options.storage,
      blocksuiteCrmStorageGroups,
      'blocksuiteCrm storage',
    );
    const crm = bindService(crmService, options.crm ?? storedCrm(store), limits, reportService);
    return bindGroups('blocksuite-crm/v1', [routeGroup(blocksuiteCrmRoutes, blocksuiteCrmHandlers({ crm }))], { storage });
  };
}
