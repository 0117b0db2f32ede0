// The oEmbed namespace's own error codes, each written once with WordPress's message and status.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/** `oembed_invalid_url`: the URL has nothing to embed (`WP_oEmbed_Controller`'s 404). */
export const invalidUrl = (): RestError => restError('oembed_invalid_url', 'Not Found', 404);

/** `rest_oembed_fetch_not_configured`: the proxy was asked for another site's URL but the host gave it no fetch. */
export const fetchNotConfigured = (): RestError =>
  restError(
    'rest_oembed_fetch_not_configured',
    'The oEmbed proxy cannot reach other sites on this server: it needs the oembed `fetch` option (on Node, `nodeOembedFetch()` from site-rest/node).',
    501,
  );
