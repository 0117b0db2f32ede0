import type { StorageContext, StorageGroups } from '../define.js';

/**
 * The GetResponse account the proxy uses, as the plugin's options hold it: the key and the API's
 * base URL (`https://api.getresponse.com/v3`, or a GetResponse MAX address). An unset one is `''`.
 */
export interface GetResponseSettings {
  /** `kadence_blocks_getresponse_api_key`: a credential, never answered or logged. */
  apiKey: string;
  /** `kadence_blocks_getresponse_api_endpoint`: the base URL the endpoint is joined to. */
  apiBase: string;
}

/**
 * Where the GetResponse settings live. The callback is async, gets the request's
 * {@link StorageContext} last and may throw a `RestError`, which is answered as it is.
 */
export interface BlocksuiteResponderStorage {
  /** The account's key and API base, each `''` when unset (`empty()` in PHP's sense). */
  readSettings(ctx: StorageContext): Promise<GetResponseSettings>;
}

/** {@link BlocksuiteResponderStorage}'s one callback, the settings' reader. */
export const blocksuiteResponderStorageGroups: StorageGroups<BlocksuiteResponderStorage> = [
  { data: 'GetResponse settings', callbacks: ['readSettings'] },
];
