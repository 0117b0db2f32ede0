// FluentCRM on the site store. Whether it is active is WordPress's own `active_plugins` option. Its
// data lives in FluentCRM's own tables (`fc_lists`, `fc_tags`, and `fc_meta` for its options),
// which the site store does not have: their rows are kept in options instead, a list of rows each,
// under `fluentcrm_lists`, `fluentcrm_tags` and FluentCRM's own option name `contact_custom_fields`.
import type { JsonValue, SiteStore } from '../../store/types.js';
import type { Crm, CrmRow } from './services.js';
import type { BlocksuiteCrmStorage } from './storage.js';

/** FluentCRM's plugin file, as `active_plugins` lists it. */
export const FLUENTCRM_PLUGIN = 'fluent-crm/fluent-crm.php';

/** The option holding FluentCRM's lists (`fc_lists` rows). */
export const FLUENTCRM_LISTS_OPTION = 'fluentcrm_lists';

/** The option holding FluentCRM's tags (`fc_tags` rows). */
export const FLUENTCRM_TAGS_OPTION = 'fluentcrm_tags';

/** FluentCRM's option holding its custom contact fields. */
export const FLUENTCRM_CUSTOM_FIELDS_OPTION = 'contact_custom_fields';

/** An option's entries as PHP's `foreach` walks them: a list's items, an object's values, nothing else. */
function entries(value: JsonValue | undefined): JsonValue[] {
  if (Array.isArray(value)) return value;
  return typeof value === 'object' && value !== null ? Object.values(value) : [];
}

/** The rows of a table kept in an option: its entries that are objects. */
function rows(value: JsonValue | undefined): CrmRow[] {
  return entries(value).filter((row): row is CrmRow => typeof row === 'object' && row !== null && !Array.isArray(row));
}

/** The FluentCRM route's storage on a site store: FluentCRM is active when `active_plugins` lists it. */
export function blocksuiteCrmStorageOn(store: SiteStore): BlocksuiteCrmStorage {
  return {
    async fluentCrmActive() {
      return entries(await store.options.get('active_plugins')).includes(FLUENTCRM_PLUGIN);
    },
  };
}

/** FluentCRM's lookups on a site store: its lists, tags and custom fields from their options, none when unset. */
export function storedCrm(store: SiteStore): Crm {
  return {
    lists: async () => rows(await store.options.get(FLUENTCRM_LISTS_OPTION)),
    tags: async () => rows(await store.options.get(FLUENTCRM_TAGS_OPTION)),
    customFields: async () => entries(await store.options.get(FLUENTCRM_CUSTOM_FIELDS_OPTION)),
  };
}
