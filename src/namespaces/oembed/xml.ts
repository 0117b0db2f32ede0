// `_oembed_create_xml`: WordPress adds each value with SimpleXML's `addChild(key, esc_html(value))`
// and prints the document with `asXML()`. libxml reads the references `esc_html` leaves (its own
// escapes and any numeric ones) back into characters, and prints the text again with `<`, `>`
// and `&` escaped and, as the document declares no encoding, every non-ASCII character as a
// hexadecimal reference. Named references XML does not define stay as they were written.
import { isNumeric, toPhpString } from '../../core/php/values.js';
import { escHtml } from '../../core/schema/text.js';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(?:#([0-9]+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z][a-zA-Z0-9]*));/g;

/** A character as libxml prints it in text with no output encoding. */
function xmlChar(c: string): string {
  if (c === '<') return '&lt;';
  if (c === '>') return '&gt;';
  if (c === '&') return '&amp;';
  const code = c.codePointAt(0)!;
  return code > 0x7f ? `&#x${code.toString(16).toUpperCase()};` : c;
}

/** Whether a code point may appear in an XML document. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** Text as libxml prints it. */
function xmlText(text: string): string {
  return Array.from(text, xmlChar).join('');
}

/** A value's `esc_html` as `addChild` stores it and `asXML` prints it. */
function xmlValue(value: unknown): string {
  const escaped = escHtml(toPhpString(value));
  let out = '';
  let at = 0;
  for (const m of escaped.matchAll(REFERENCE)) {
    out += xmlText(escaped.slice(at, m.index));
    at = m.index + m[0].length;
    const [whole, decimal, hex, name] = m;
    if (name !== undefined) out += Object.hasOwn(PREDEFINED, name) ? xmlText(PREDEFINED[name]!) : whole;
    else {
      const code = Number.parseInt(decimal ?? hex!, decimal === undefined ? 16 : 10);
      // A reference to no XML character is text to libxml, not a character.
      out += isXmlChar(code) ? xmlText(String.fromCodePoint(code)) : xmlText(whole);
    }
  }
  return out + xmlText(escaped.slice(at));
}

/** An element as `asXML` prints it: empty ones self-closed. */
function element(name: string, content: string): string {
  return content === '' ? `<${name}/>` : `<${name}>${content}</${name}>`;
}

/** The children of a node, one element per key; numeric keys (list items) are named `oembed`. */
function children(data: object): string {
  let out = '';
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const name = isNumeric(key) ? 'oembed' : key;
    out += element(name, typeof value === 'object' && value !== null ? children(value) : xmlValue(value));
  }
  return out;
}

/** `_oembed_create_xml`: an oEmbed document as WordPress's XML format prints it. */
export function oembedXml(data: object): string {
  return `<?xml version="1.0"?>\n${element('oembed', children(data))}\n`;
}
