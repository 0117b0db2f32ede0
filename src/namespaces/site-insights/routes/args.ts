// The arg shapes Site Kit's route groups share.

/** WordPress's `WP_REST_Server::EDITABLE`. */
export const EDITABLE = ['POST', 'PUT', 'PATCH'] as const;

/** A list of strings. */
export const STRINGS = { type: 'array', items: { type: 'string' } } as const;

/** A settings object of at least one known key (consent mode, e-mail reporting, the user's settings routes). */
export const STRICT = { minProperties: 1, additionalProperties: false } as const;

/** `data: {settings: {…}}`, both required, as Site Kit's settings routes declare their body. */
export function settingsBody<const P extends Record<string, unknown>, const E extends Record<string, unknown>>(properties: P, extra: E) {
  return {
    data: { type: 'object', properties: { settings: { type: 'object', ...extra, properties, required: true } }, required: true },
  } as const;
}
