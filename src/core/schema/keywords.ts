/** The types WordPress's schema validator knows. */
export const SCHEMA_TYPES: readonly string[] = ['array', 'object', 'string', 'number', 'integer', 'boolean', 'null'];

/** The schema keywords WordPress keeps for an arg and shows in the index (`rest_get_allowed_schema_keywords`). */
export const ALLOWED_SCHEMA_KEYWORDS: readonly string[] = [
  'title',
  'description',
  'default',
  'type',
  'format',
  'enum',
  'items',
  'properties',
  'additionalProperties',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'anyOf',
  'oneOf',
];
