// FluentCRM, the CRM behind the form block's FluentCRM pickers: a plugin on the same site, which
// Kadence asks through `FluentCrmApi()`. The host gives its CRM's three lookups; without them they
// read the site store (site-store.ts), so `unconfigured` is never answered.
import type { JsonValue } from '../../store/types.js';
import type { ServiceDeclaration } from '../host-service.js';
import { recordedAnswer, type Recordings } from '../recorded-double.js';
import { nothingFromCrm } from './errors.js';

/** A FluentCRM list or tag, a row of its `fc_lists` / `fc_tags` table as `all()` answers it (`id`, `title`, `slug`, …). */
export type CrmRow = { [column: string]: JsonValue };

/** A FluentCRM custom contact field as its `contact_custom_fields` option keeps it (`slug`, `label`, `type`, …). */
export type CrmCustomField = JsonValue;

/**
 * The host's FluentCRM. Each lookup answers every row, in FluentCRM's order; it may throw or be
 * slow: a throw, a time-out or an answer over the cap gives nothing (`[]`, and for the fields the
 * thirteen fixed ones alone), as a failed `wpdb` query gives no rows. `signal` fires at the deadline.
 */
export interface Crm {
  /** `FluentCrmApi('lists')->all()`. */
  lists(signal: AbortSignal): Promise<readonly CrmRow[]>;
  /** `FluentCrmApi('tags')->all()`. */
  tags(signal: AbortSignal): Promise<readonly CrmRow[]>;
  /** `fluentcrm_get_option('contact_custom_fields', [])`. */
  customFields(signal: AbortSignal): Promise<readonly CrmCustomField[]>;
}

/** A double's recorded rows for `lookup` (`when: {lookup}`), none where nothing is recorded, with a `too-large` double's filler as a row. */
async function recordedRows(recorded: Recordings, lookup: keyof Crm, signal: AbortSignal): Promise<JsonValue[]> {
  const { answer, filler } = await recordedAnswer(recorded, 'blocksuite-crm/crm', { lookup }, signal);
  const rows = Array.isArray(answer) ? answer : [];
  return filler === '' ? rows : [...rows, filler];
}

/**
 * FluentCRM as a declared service: 5 s (a few database queries) and 2 MiB by default; a failure
 * gives nothing (`[]`). Its double answers the rows recorded for each lookup (`when: {lookup:
 * "lists" | "tags" | "customFields"}`), and none for a lookup nothing recorded.
 */
export const crmService: ServiceDeclaration<Crm, []> = {
  namespace: 'blocksuite-crm',
  service: 'crm',
  option: 'crm',
  limits: { timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024 },
  failures: { threw: nothingFromCrm, timeout: nothingFromCrm, 'too-large': nothingFromCrm, unconfigured: nothingFromCrm },
  double: (recorded) => ({
    lists: (signal) => recordedRows(recorded, 'lists', signal) as Promise<CrmRow[]>,
    tags: (signal) => recordedRows(recorded, 'tags', signal) as Promise<CrmRow[]>,
    customFields: (signal) => recordedRows(recorded, 'customFields', signal),
  }),
};
