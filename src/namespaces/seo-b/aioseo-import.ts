// Yoast's AIOSEO importer (src/actions/importing/aioseo/*) on the site store. AIOSEO keeps its
// settings as JSON text in its options (`aioseo_options`), which a store holds, and its posts' SEO
// data in its own `aioseo_posts` table, which it never does: the importers that need the table
// answer as Yoast's do when it is missing.
import { decodeHTML } from 'entities';
import { phpTrim } from '../../core/php/strings.js';
import { toInt, toPhpString } from '../../core/php/values.js';
import { escUrlRaw } from '../../core/schema/url.js';
import { sanitizeTextField } from '../../core/schema/text.js';
import { isPlainObject } from '../../core/own-property.js';
import type { JsonValue } from '../../store/types.js';
import type { BoundStorage } from '../define.js';
import { aioseoValidationFailed } from './errors.js';
import { settingsOf } from './indexing.js';
import type { SeoBStorage } from './storage.js';

type Storage = BoundStorage<SeoBStorage>;

/** AIOSEO's global settings option, JSON text; its presence is what enables the importers here. */
export const AIOSEO_OPTION = 'aioseo_options';

/** The AIOSEO importers carried: the post table's (answering its absence), the general settings, the validation and the cleanup. */
const TYPES = new Set(['posts', 'general_settings', 'validate_data', 'cleanup']);

/** Whether `type` is an AIOSEO importer carried here. */
export const isAioseoImporter = (type: string): boolean => TYPES.has(type);

/** AIOSEO's post meta Yoast's cleanup deletes. */
const AIOSEO_META = [
  '_aioseo_title',
  '_aioseo_description',
  '_aioseo_og_title',
  '_aioseo_og_description',
  '_aioseo_twitter_title',
  '_aioseo_twitter_description',
];

/** Posts read per store query while cleaning up. */
const CLEANUP_PAGE = 200;

/** `wpseo_aioseo_<type>_indexation_limit`: settings imported per batch. */
const SETTINGS_LIMIT = 25;

/** `importing_completed[<plugin>_<type>]` in `wpseo`. */
async function completed(storage: Storage, id: string): Promise<boolean> {
  return settingsOf(settingsOf(await storage.getOption('wpseo')).importing_completed)[id] === true;
}

/** `set_completed`: `wpseo.importing_completed[<id>]`. */
async function setCompleted(storage: Storage, id: string, done: boolean): Promise<void> {
  const all = settingsOf(settingsOf(await storage.getOption('wpseo')).importing_completed);
  await storage.mergeOption('wpseo', { importing_completed: { ...all, [id]: done } });
}

/** `Aioseo_Cleanup_Action`'s `DELETE FROM postmeta WHERE meta_key IN (…)`, a page of posts at a time; answers the rows deleted. */
async function deleteAioseoMeta(storage: Storage): Promise<number> {
  let deleted = 0;
  for (let offset = 0; ; offset += CLEANUP_PAGE) {
    const page = await storage.queryPosts({ type: 'any', orderby: 'ID', order: 'asc', offset, limit: CLEANUP_PAGE });
    const metas = await storage.getPostsMeta(
      page.posts.map((post) => post.ID),
      AIOSEO_META,
    );
    for (const [id, meta] of metas) {
      const keys = Object.keys(meta);
      if (keys.length === 0) continue;
      await storage.setPostMeta(id, new Map(keys.map((key) => [key, null])));
      deleted += keys.length;
    }
    if (page.posts.length < CLEANUP_PAGE) return deleted;
  }
}

/** `Aioseo_Replacevar_Service`'s map: AIOSEO's smart tags as Yoast's replacement variables. */
const REPLACE_VARS: ReadonlyArray<readonly [string, string]> = [
  ['#archive_title', '%%archive_title%%'],
  ['#archive_date', '%%date%%'],
  ['#attachment_caption', '%%caption%%'],
  ['#author_bio', '%%user_description%%'],
  ['#author_first_name', '%%author_first_name%%'],
  ['#author_last_name', '%%author_last_name%%'],
  ['#author_name', '%%name%%'],
  ['#blog_title', '%%sitename%%'],
  ['#categories', '%%category%%'],
  ['#current_date', '%%currentdate%%'],
  ['#current_day', '%%currentday%%'],
  ['#current_month', '%%currentmonth%%'],
  ['#current_year', '%%currentyear%%'],
  ['#parent_title', '%%parent_title%%'],
  ['#page_number', '%%pagenumber%%'],
  ['#permalink', '%%permalink%%'],
  ['#post_content', '%%post_content%%'],
  ['#post_date', '%%date%%'],
  ['#post_day', '%%post_day%%'],
  ['#post_month', '%%post_month%%'],
  ['#post_title', '%%title%%'],
  ['#post_year', '%%post_year%%'],
  ['#post_excerpt_only', '%%excerpt_only%%'],
  ['#post_excerpt', '%%excerpt%%'],
  ['#search_term', '%%searchphrase%%'],
  ['#separator_sa', '%%sep%%'],
  ['#site_title', '%%sitename%%'],
  ['#tagline', '%%sitedesc%%'],
  ['#taxonomy_title', '%%category_title%%'],
  ['#taxonomy_description', '%%term_description%%'],
];

/** `Aioseo_Replacevar_Service::transform`: `str_replace` over the map in its order, then custom fields and taxonomies. */
function transformVars(text: string): string {
  let out = text;
  for (const [from, to] of REPLACE_VARS) out = out.replaceAll(from, to);
  return out.replace(/#custom_field-([a-zA-Z0-9_-]+)/g, '%%cf_$1%%').replace(/#tax_name-([a-zA-Z0-9_-]+)/g, '%%ct_$1%%');
}

/** A `%` and two hex digits after anything but a `%`: the octets Yoast's sanitizer removes, sparing `%%variable%%` names. */
const YOAST_OCTET = /[^%](%[a-f0-9]{2})/i;

/** Stands for `%` while WordPress's sanitizer runs, so that its own octet removal leaves them to Yoast's. */
const PERCENT_STAND_IN = '\uE000';

/**
 * `WPSEO_Utils::sanitize_text_field`: WordPress's, except that an octet right after a `%` stays, so
 * `%%category%%` or `%%cf_mood%%` survive. Yoast removes every copy of the first octet it finds
 * until none is found; each pass removes one spelling of the at most 22² (hex digits in either
 * case), so the passes are bounded whatever the text.
 */
function yoastSanitizeTextField(text: string): string {
  if (text.includes(PERCENT_STAND_IN)) return sanitizeTextField(text);
  let out = sanitizeTextField(text.replaceAll('%', PERCENT_STAND_IN)).replaceAll(PERCENT_STAND_IN, '%');
  let found = false;
  for (let match = YOAST_OCTET.exec(out); match; match = YOAST_OCTET.exec(out)) {
    out = out.replaceAll(match[1]!, '');
    found = true;
  }
  return found ? phpTrim(out.replace(/ +/g, ' ')) : out;
}

/** `simple_import`: the smart tags replaced, entities decoded, then Yoast's `sanitize_text_field`. */
const simpleImport = (value: JsonValue): string => yoastSanitizeTextField(decodeHTML(transformVars(toPhpString(value))));

/** `transform_separator`: AIOSEO's separator entity as Yoast's separator option. */
const SEPARATORS: Readonly<Record<string, string>> = {
  '&#45;': 'sc-dash',
  '&ndash;': 'sc-ndash',
  '&mdash;': 'sc-mdash',
  '&raquo;': 'sc-raquo',
  '&laquo;': 'sc-laquo',
  '&gt;': 'sc-gt',
  '&bull;': 'sc-bull',
  '&#124;': 'sc-pipe',
};

/** The general settings' map (`Aioseo_General_Settings_Importing_Action::build_mapping`): each setting's `wpseo_titles` writes. */
const GENERAL_SETTINGS: Readonly<Record<string, (value: JsonValue) => Record<string, JsonValue>>> = {
  '/separator': (value) => ({ separator: SEPARATORS[toPhpString(value)] ?? 'sc-dash' }),
  '/siteTitle': (value) => ({ 'title-home-wpseo': simpleImport(value) }),
  '/metaDescription': (value) => ({ 'metadesc-home-wpseo': simpleImport(value) }),
  '/schema/siteRepresents': (value) => ({ company_or_person: value === 'person' ? 'person' : 'company' }),
  '/schema/person': (value) => ({ company_or_person_user_id: toInt(simpleImport(value)) }),
  '/schema/organizationName': (value) => ({ company_name: simpleImport(value) }),
  // Yoast also looks the logo's attachment up by its URL; a logo kept by URL alone has no attachment id here.
  '/schema/organizationLogo': (value) => ({ company_logo: escUrlRaw(toPhpString(value)), company_logo_id: 0, company_logo_meta: false }),
  '/schema/personLogo': (value) => ({ person_logo: escUrlRaw(toPhpString(value)), person_logo_id: 0, person_logo_meta: false }),
};

/** `Import_Helper::flatten_settings`: nested settings as `/a/b` keys. */
function flatten(settings: Readonly<Record<string, JsonValue>>, prefix = ''): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>();
  for (const [key, value] of Object.entries(settings)) {
    if (isPlainObject(value) || Array.isArray(value))
      for (const entry of flatten(settingsOf(Array.isArray(value) ? { ...value } : value), `${prefix}/${key}`)) out.set(...entry);
    else out.set(`${prefix}/${key}`, value);
  }
  return out;
}

/** AIOSEO's settings of one Search Appearance tab, flattened; empty when the option is not JSON holding it. */
function settingsTab(option: JsonValue | undefined, tab: string): Map<string, JsonValue> {
  let decoded: JsonValue;
  try {
    decoded = JSON.parse(toPhpString(option ?? '')) as JsonValue;
  } catch {
    return new Map();
  }
  const values = settingsOf(settingsOf(settingsOf(decoded).searchAppearance)[tab]);
  return flatten(values);
}

/** The general settings importer's batch: the next 25 settings after the cursor, by key, those Yoast maps written to `wpseo_titles`. */
async function importGeneralSettings(storage: Storage): Promise<JsonValue> {
  const id = 'aioseo_general_settings';
  const all = settingsTab(await storage.getOption(AIOSEO_OPTION), 'global');
  const keys = [...all.keys()].sort();
  const cursors = settingsOf(settingsOf(await storage.getOption('wpseo')).import_cursors);
  const cursor = typeof cursors[id] === 'string' ? cursors[id] : '';
  const position = cursor === '' ? 0 : keys.indexOf(cursor) + 1;
  const chunk = keys.slice(position, position + SETTINGS_LIMIT);
  await setCompleted(storage, id, chunk.length === 0);
  const writes: Record<string, JsonValue> = {};
  for (const key of chunk) Object.assign(writes, GENERAL_SETTINGS[key]?.(all.get(key)!) ?? {});
  if (Object.keys(writes).length > 0) await storage.mergeOption('wpseo_titles', writes);
  const last = chunk.at(-1);
  if (last !== undefined && (typeof cursors[id] !== 'string' || cursors[id] < last))
    await storage.mergeOption('wpseo', { import_cursors: { ...cursors, [id]: last } });
  return chunk;
}

/** One AIOSEO importer's batch: what its `index()` answers (false where AIOSEO's own table is needed and absent). */
export async function aioseoBatch(storage: Storage, type: string): Promise<JsonValue> {
  const id = `aioseo_${type}`;
  if (type === 'posts') return false;
  if (type === 'general_settings') return importGeneralSettings(storage);
  if (await completed(storage, id)) return [];
  if (type === 'validate_data') throw aioseoValidationFailed();
  const metadata = await deleteAioseoMeta(storage);
  await setCompleted(storage, id, true);
  return { metadata_cleanup: metadata, indexables_cleanup: false };
}

/** PHP's `count()` of an importer's answer, as the route tests it for `next_url`. */
export const answerCount = (value: JsonValue): number =>
  Array.isArray(value) ? value.length : value !== null && typeof value === 'object' ? Object.keys(value).length : 0;
