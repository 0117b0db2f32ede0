// WordPress's output escaping, as the oEmbed markup needs it.
import { escUrlRaw } from '../../core/schema/url.js';

/** An `&` that does not start a character reference. */
const BARE_AMPERSAND = /&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#[0-9]+|#[xX][0-9a-fA-F]+);)/g;

/** `wp_kses_normalize_entities`, reduced: a bare `&` becomes `&amp;`, character references stay. */
export function normalizeEntities(text: string): string {
  return text.replace(BARE_AMPERSAND, '&amp;');
}

/** `esc_url` for display: `esc_url_raw`, then `&` and `'` as the references WordPress prints. */
export function escUrl(url: string): string {
  return normalizeEntities(escUrlRaw(url)).replaceAll('&amp;', '&#038;').replaceAll("'", '&#039;');
}
