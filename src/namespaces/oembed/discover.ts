// `WP_oEmbed::discover`, on a page already fetched: the `<link>` tags in its head that name an
// oEmbed endpoint. The page is read by the tokenizer, so a hostile page costs one pass; tags are
// read as a browser reads them (a `<link>` inside a comment or a script is no link).
import { scanHtml } from '../html-tokens.js';

/** The link types that name an oEmbed endpoint (`oembed_linktypes`), by format. */
const LINK_TYPES = new Map<string, 'json' | 'xml'>([
  ['application/json+oembed', 'json'],
  ['text/xml+oembed', 'xml'],
  ['application/xml+oembed', 'xml'],
]);

/** The references `htmlspecialchars_decode` turns back into characters. */
const SPECIAL_REFERENCE = /&(?:amp|quot|lt|gt|#0*39|#[xX]0*27);/g;
const SPECIAL_CHAR: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };

/**
 * The oEmbed endpoint a page's head names: the href of its first JSON link, else of its last XML
 * one (entities decoded, resolved against the page's URL), else null. Of repeated attributes the
 * last counts, as `shortcode_parse_atts` reads them; the type is compared exactly.
 */
export function discoverEndpoint(html: string, pageUrl: string): string | null {
  // WordPress's quick check: a page that never spells a link type names no endpoint.
  if (![...LINK_TYPES.keys()].some((type) => html.includes(type))) return null;
  const found: { json?: string; xml?: string } = {};
  scanHtml(html, (token) => {
    if (token.kind === 'close' && token.name === 'head') return false;
    if (token.kind !== 'open' || token.name !== 'link') return true;
    let type: string | null = null;
    let href: string | null = null;
    for (const { name, value } of token.attributes) {
      if (name === 'type') type = value;
      else if (name === 'href') href = value;
    }
    const format = LINK_TYPES.get(type ?? '');
    if (!format || !href) return true;
    const decoded = href.replace(SPECIAL_REFERENCE, (ref) => SPECIAL_CHAR[ref] ?? "'");
    found[format] = decoded;
    return format !== 'json';
  });
  const endpoint = found.json ?? found.xml;
  if (endpoint === undefined) return null;
  try {
    return new URL(endpoint, pageUrl).href;
  } catch {
    return null;
  }
}
