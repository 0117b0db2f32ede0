// The design library's state on the site store, under Kadence Blocks' own option names: the
// license where StellarWP Uplink keeps it, the AI jobs, the wizard's answers and the cloud
// connections in options, and the upstream answers the plugin caches as files under uploads/ in
// transients (no expiry, as the files have none; `force_reload` replaces them).
import { md5 } from '../../core/crypto/digest.js';
import { isEmpty } from '../../core/php/values.js';
import type { JsonValue, SiteStore } from '../../store/types.js';
import { imageLibraryOn } from '../image-import.js';
import { helperPostsOn } from './helper-posts.js';
import type { AiPrompts, BlocksuiteDesignLibraryStorage, DesignLibraryCache, DesignLibraryStateStorage } from './storage.js';

/** StellarWP Uplink's option holding the Kadence Blocks license key (`stellarwp_uplink_license_key_<slug>`). */
export const LICENSE_KEY_OPTION = 'stellarwp_uplink_license_key_kadence-blocks';
/** The legacy Kadence license (`api_key`, `api_email`), read for its e-mail address as the plugin does. */
export const LEGACY_LICENSE_OPTION = 'kt_api_manager_kadence_gutenberg_pro_data';
/** The AI jobs started, by context. */
export const PROMPTS_OPTION = 'kb_design_library_prompts';
/** The AI wizard's answers, a JSON string. */
export const PROPHECY_OPTION = 'kadence_blocks_prophecy';
/** The Kadence Cloud libraries connected, a JSON string (`connections[library].expires/refresh`). */
export const CLOUD_OPTION = 'kadence_blocks_cloud';

/** Seconds each refresh period pushes a connection's expiry forward (WordPress's `DAY_IN_SECONDS`… `MONTH_IN_SECONDS`). */
const REFRESH_SECONDS: Readonly<Record<string, number>> = { day: 86_400, week: 604_800 };
const MONTH_SECONDS = 2_592_000;

/** A transient's name for a cached body: hashed, as the plugin hashes its file names, so no identifier (which holds the license key) is a name. */
function cacheName(cache: DesignLibraryCache, identifier: string): string {
  return `kadence_blocks_${cache}_${md5(identifier)}`;
}

/** A JSON object, or null. */
function asObject(value: JsonValue | undefined): { [key: string]: JsonValue } | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
}

/** `json_decode( get_option( … ), true )` of an option kept as a JSON string (an object kept as it is reads the same). */
function decodedOption(value: JsonValue | undefined): { [key: string]: JsonValue } | null {
  if (typeof value !== 'string') return asObject(value);
  try {
    return asObject(JSON.parse(value) as JsonValue);
  } catch {
    return null;
  }
}

/** A `Y-m-d H:i:s` GMT date as milliseconds; NaN when it is not one. */
function gmtMillis(date: JsonValue | undefined): number {
  return typeof date === 'string' ? Date.parse(`${date.replace(' ', 'T')}Z`) : Number.NaN;
}

/** Milliseconds as `Y-m-d H:i:s` GMT. */
function gmtDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A cloud library's connection when it has an expiry (`! empty( expires )`) that has passed at `now`; null otherwise. */
function expiredConnection(settings: { [key: string]: JsonValue } | null, library: string, now: number) {
  const connections = asObject(settings?.connections);
  const connection = connections && Object.hasOwn(connections, library) ? asObject(connections[library]) : null;
  if (!connection || isEmpty(connection.expires)) return null;
  // `strtotime` of a date it cannot read is false, which compares below any time: expired.
  const expires = gmtMillis(connection.expires ?? null);
  return Number.isNaN(expires) || expires < now ? connection : null;
}

/** The design library's storage on a site store: its state, and its imports' attachments and helper posts (uploads not kept: source URLs). */
export function blocksuiteDesignLibraryStorageOn(store: SiteStore): BlocksuiteDesignLibraryStorage {
  return { ...stateStorageOn(store), ...imageLibraryOn(store), ...helperPostsOn(store) };
}

/** The design library's own state on a site store. */
function stateStorageOn(store: SiteStore): DesignLibraryStateStorage {
  const options = store.options;
  return {
    async license() {
      const [key, legacy] = await Promise.all([options.get(LICENSE_KEY_OPTION), options.get(LEGACY_LICENSE_OPTION)]);
      const email = asObject(legacy)?.api_email;
      return { key: typeof key === 'string' ? key : '', email: typeof email === 'string' ? email : '', product: 'kadence-blocks', env: '' };
    },
    async prompts() {
      return asObject(await options.get(PROMPTS_OPTION)) ?? {};
    },
    async updatePrompts(change) {
      return (await options.update(PROMPTS_OPTION, (current) => change(asObject(current) ?? {}))) as AiPrompts;
    },
    async wizardAnswers() {
      return decodedOption(await options.get(PROPHECY_OPTION)) ?? {};
    },
    async renewCloudConnection(library, now) {
      if (expiredConnection(decodedOption(await options.get(CLOUD_OPTION)), library, now) === null) return false;
      let renewed = false;
      await options.update(CLOUD_OPTION, (current) => {
        const settings = decodedOption(current);
        const connection = expiredConnection(settings, library, now);
        if (settings === null || connection === null) return current ?? '';
        renewed = true;
        const refresh = typeof connection.refresh === 'string' ? connection.refresh : 'month';
        const expires = gmtDate(now + (REFRESH_SECONDS[refresh] ?? MONTH_SECONDS) * 1000);
        const connections = asObject(settings.connections) ?? {};
        return JSON.stringify({ ...settings, connections: { ...connections, [library]: { ...connection, expires } } });
      });
      return renewed;
    },
    async cachedBody(cache, identifier) {
      const body = await store.transients.get(cacheName(cache, identifier));
      return typeof body === 'string' ? body : undefined;
    },
    async cacheBody(cache, identifier, body) {
      await store.transients.set(cacheName(cache, identifier), body, 0);
    },
  };
}
