import type { StorageContext, StorageGroups } from '../define.js';

/**
 * What the FluentCRM route asks the site besides the CRM's data. The callback is async, gets the
 * request's {@link StorageContext} last and may throw a `RestError`, which is answered as it is.
 */
export interface BlocksuiteCrmStorage {
  /** Whether FluentCRM is active (the plugin's `function_exists( 'FluentCrmApi' )`); when not, every lookup answers `[]`. */
  fluentCrmActive(ctx: StorageContext): Promise<boolean>;
}

/** {@link BlocksuiteCrmStorage}'s one callback, which reads the site's active plugins. */
export const blocksuiteCrmStorageGroups: StorageGroups<BlocksuiteCrmStorage> = [{ data: 'active plugins', callbacks: ['fluentCrmActive'] }];
