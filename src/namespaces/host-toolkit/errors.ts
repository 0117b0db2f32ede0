// The host toolkit's own error codes, each written once with its message and status. None of
// them carries the slug, the query or the body: those may hold the panel's credentials.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/**
 * `rest_invalid_json`, as WordPress words a body it cannot decode: the settings body decoded but
 * is not a JSON object (a list, a scalar, a form body or none), so there is nothing to merge.
 */
export const settingsNotObject = (): RestError => restError('rest_invalid_json', 'Invalid JSON body passed.', 400);

/** `host_toolkit_settings_too_large`: the merge would leave more settings than the option may keep. */
export const settingsTooLarge = (maxKeys: number, maxBytes: number): RestError =>
  restError(
    'host_toolkit_settings_too_large',
    `The analytics settings may hold at most ${maxKeys} keys and ${maxBytes} bytes of JSON.`,
    400,
    { max_keys: maxKeys, max_bytes: maxBytes },
  );

/** `rest_not_implemented`: the catch-all was called but the host gave no control panel to forward to. */
export const panelNotConfigured = (): RestError =>
  restError(
    'rest_not_implemented',
    'The host toolkit has no control panel to forward this request to: it needs the hostToolkit `hostPanel` option.',
    501,
  );

/**
 * `host_toolkit_invalid_slug`: the path below the namespace could lead a panel that joins it onto
 * its base URL somewhere else (see `panel-slug.ts`). The plugin's own code, not `rest_invalid_param`:
 * the index lists no args for the catch-all, so no declared param failed.
 */
export const invalidSlug = (): RestError =>
  restError(
    'host_toolkit_invalid_slug',
    'The path below host-toolkit/api must be a relative path of named segments: no empty, "." or ".." segment, no scheme, no "?", "#", backslash or control character, no encoded "%" or "/", and no space at either end of a segment.',
    400,
  );

/** `host_toolkit_upstream_error`: the panel threw, answered too much, or answered something that is not a status and a body. */
export const upstreamError = (): RestError =>
  restError('host_toolkit_upstream_error', 'The hosting control panel did not give a usable answer.', 502);

/** `host_toolkit_upstream_timeout`: the panel did not answer within its time. */
export const upstreamTimeout = (): RestError =>
  restError('host_toolkit_upstream_timeout', 'The hosting control panel did not answer in time.', 504);
