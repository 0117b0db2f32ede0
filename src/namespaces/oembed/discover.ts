// `WP_oEmbed::discover`, on a page already fetched: the `<link>` tags in its head that name an
// oEmbed endpoint.

/** The link types that name an oEmbed endpoint (`oembed_linktypes`), by format. */
const LINK_TYPES = new Map([
  ['application/json+oembed', 'json'],
  ['text/xml+oembed', 'xml'],
  ['application/xml+oembed', 'xml'],
]);

/** `<link …>` tags; the attributes without a closing `/` (WordPress's `#<link([^<>]+)/?>#iU`). */
const LINK_TAG = /<link([^<>]+?)\/?>/gi;

/** One attribute as `shortcode_parse_atts` reads it, or a token it skips. */
const ATTRIBUTE = /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"[^"]*"(?:\s|$)|'[^']*'(?:\s|$)|\S+(?:\s|$)/g;

/** The references `htmlspecialchars_decode` turns back into characters. */
const SPECIAL_REFERENCE = /&(?:amp|quot|lt|gt|#0*39|#[xX]0*27);/g;
const SPECIAL_CHAR: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };

/** `shortcode_parse_atts`, named attributes only: lower-cased names, the last one written winning. */
function linkAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of text.replace(/[\u00a0\u200b]+/g, ' ').matchAll(ATTRIBUTE)) {
    const name = m[1] ?? m[3] ?? m[5];
    if (name !== undefined) attributes.set(name.toLowerCase(), m[2] ?? m[4] ?? m[6]!);
  }
  return attributes;
}

/**
 * The oEmbed endpoint a page's head names: the href of its first JSON link, else of its last XML
 * one (entities decoded, resolved against the page's URL), else null.
 */
export function discoverEndpoint(html: string, pageUrl: string): string | null {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd > 0 ? html.slice(0, headEnd) : html;
  const lower = head.toLowerCase();
  // WordPress's quick check: a type at the very start of the text does not count.
  if (![...LINK_TYPES.keys()].some((type) => lower.indexOf(type) > 0)) return null;
  let json: string | null = null;
  let xml: string | null = null;
  for (const [, text] of head.matchAll(LINK_TAG)) {
    const attributes = linkAttributes(text!);
    const format = LINK_TYPES.get(attributes.get('type') ?? '');
    const href = attributes.get('href');
    if (!format || !href) continue;
    const decoded = href.replace(SPECIAL_REFERENCE, (ref) => SPECIAL_CHAR[ref] ?? "'");
    if (format === 'json') {
      json = decoded;
      break;
    }
    xml = decoded;
  }
  const endpoint = json ?? xml;
  if (endpoint === null) return null;
  try {
    return new URL(endpoint, pageUrl).href;
  } catch {
    return null;
  }
}
