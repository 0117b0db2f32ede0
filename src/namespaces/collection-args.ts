// WordPress's `WP_REST_Controller::get_collection_params()` for a controller without an item
// schema, as plugins extending the base controller inherit it (Kadence's list pickers, design
// library and image picker): `context`, `page`, `per_page`, `search`, each with the callbacks the
// base controller gives it. The index shows their schemas as the specification lists them.
import { sanitizeKey, sanitizeTextField } from '../core/schema/text.js';
import { args } from '../core/typed-params.js';

/**
 * The base controller's collection params. Their `validate_callback` is `rest_validate_request_arg`
 * (checked in args order before any type-only arg); `context` is sanitized by `sanitize_key` (no
 * item schema gives it an enum), `page` and `per_page` by `absint` (a validated integer unchanged),
 * `search` by `sanitize_text_field`.
 */
export const controllerCollectionArgs = args({
  context: { type: 'string', validateCallback: 'schema', sanitizeCallback: sanitizeKey },
  page: { type: 'integer', default: 1, minimum: 1, validateCallback: 'schema', sanitizeCallback: 'schema' },
  per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100, validateCallback: 'schema', sanitizeCallback: 'schema' },
  search: { type: 'string', validateCallback: 'schema', sanitizeCallback: sanitizeTextField },
});
