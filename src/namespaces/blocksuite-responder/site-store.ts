// The GetResponse settings on the site store, where the plugin keeps them: two options, written
// by its settings panel through `wp/v2/settings` (or by the host, `store.options.set`).
import { isEmpty, toPhpString } from '../../core/php/values.js';
import type { JsonValue, SiteStore } from '../../store/types.js';
import type { BlocksuiteResponderStorage } from './storage.js';

/** The option holding the GetResponse API key. */
export const GETRESPONSE_API_KEY_OPTION = 'kadence_blocks_getresponse_api_key';

/** The option holding the GetResponse API's base URL. */
export const GETRESPONSE_API_ENDPOINT_OPTION = 'kadence_blocks_getresponse_api_endpoint';

/** An option's value as the plugin's string use sees it: `''` when `empty()`, else PHP's `(string)`. */
function settingText(value: JsonValue | undefined): string {
  return isEmpty(value) ? '' : toPhpString(value);
}

/** The responder's storage on a site store: the two options, shared by every process. */
export function blocksuiteResponderStorageOn(store: SiteStore): BlocksuiteResponderStorage {
  return {
    async readSettings() {
      const [apiKey, apiBase] = await Promise.all([
        store.options.get(GETRESPONSE_API_KEY_OPTION),
        store.options.get(GETRESPONSE_API_ENDPOINT_OPTION),
      ]);
      return { apiKey: settingText(apiKey), apiBase: settingText(apiBase) };
    },
  };
}
