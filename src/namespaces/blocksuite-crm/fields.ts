// The contact fields the FluentCRM route answers for `endpoint=fields`: Kadence's fixed thirteen,
// then FluentCRM's custom fields, each `{key, title}`.
import type { JsonValue } from '../../store/types.js';

/** A contact field as the form block maps it: FluentCRM's field key and the title shown. */
export interface CrmField {
  /** FluentCRM's key (`first_name`, a custom field's slug); null for a custom field stored without a slug. */
  key: JsonValue;
  /** The title shown in the mapping (a custom field's label). */
  title: JsonValue;
}

/** The fields Kadence lists before FluentCRM's custom ones, with its English titles. */
const FIXED_FIELDS: readonly CrmField[] = [
  { key: 'prefix', title: 'Name Prefix' },
  { key: 'first_name', title: 'First Name' },
  { key: 'last_name', title: 'Last Name' },
  { key: 'full_name', title: 'Full Name' },
  { key: 'timezone', title: 'Timezone' },
  { key: 'address_line_1', title: 'Address Line 1' },
  { key: 'address_line_2', title: 'Address Line 2' },
  { key: 'city', title: 'City' },
  { key: 'state', title: 'State' },
  { key: 'postal_code', title: 'Postal Code' },
  { key: 'country', title: 'Country' },
  { key: 'phone', title: 'Phone' },
  { key: 'source', title: 'Source' },
];

/** A custom field's entry: `{key: slug, title: label}` (null for one it lacks, as PHP reads a missing key). */
function customField(field: { [key: string]: JsonValue }): CrmField {
  return { key: Object.hasOwn(field, 'slug') ? field.slug! : null, title: Object.hasOwn(field, 'label') ? field.label! : null };
}

/**
 * The thirteen fixed fields, then one per custom field FluentCRM keeps (`contact_custom_fields`:
 * `{slug, label, type, …}`); an entry that is not an object is skipped.
 */
export function contactFields(custom: readonly JsonValue[]): CrmField[] {
  const fields = FIXED_FIELDS.map((field) => ({ ...field }));
  for (const field of custom) {
    if (typeof field === 'object' && field !== null && !Array.isArray(field)) fields.push(customField(field));
  }
  return fields;
}
