// The `html` WordPress's proxy answers for a provider's data: `WP_oEmbed::data2html`, then the
// `oembed_dataparse` filters: `wp_filter_oembed_iframe_title_attribute`, `wp_filter_oembed_result`
// (the HTML of a provider that is not sanctioned reduced to a sandboxed iframe) and
// `WP_oEmbed::_strip_newlines`. The HTML is read by the tokenizer (namespaces/html-tokens.ts) and
// searched as plain text, never by backtracking patterns, so each step is one pass.
import { isNumeric, toBool, toPhpString } from '../../core/php/values.js';
import { rewriteHtml, scanHtml, type HtmlAttribute } from '../html-tokens.js';
import { escHtml } from '../../core/schema/text.js';
import { escUrl } from './escape.js';
import { kses, type AllowedHtml } from './kses.js';
import { embedSecret } from './secret.js';

const FRAME_ATTRIBUTES = ['src', 'width', 'height', 'frameborder', 'marginwidth', 'marginheight', 'scrolling', 'title'];
const UNTRUSTED: AllowedHtml = new Map([
  ['a', ['href']],
  ['blockquote', []],
  ['iframe', FRAME_ATTRIBUTES],
]);
const UNTRUSTED_WITH_SECRET: AllowedHtml = new Map([
  ['a', ['href']],
  ['blockquote', ['data-secret']],
  ['iframe', [...FRAME_ATTRIBUTES, 'data-secret']],
]);

/** PHP's `! empty()`. */
function given(value: unknown): boolean {
  return value !== undefined && toBool(value);
}

/** `WP_oEmbed::data2html`: the HTML a provider's data stands for, by its type; false when it has none. */
function data2html(data: Record<string, unknown>, url: string): string | false {
  switch (data.type) {
    case 'photo': {
      const { url: src, width, height, title } = data;
      if (!given(src) || !given(width) || !given(height) || typeof src !== 'string' || !isNumeric(width) || !isNumeric(height))
        return false;
      const alt = typeof title === 'string' && given(title) ? title : '';
      return `<a href="${escUrl(url)}"><img src="${escUrl(src)}" alt="${escHtml(alt)}" width="${escHtml(toPhpString(width))}" height="${escHtml(toPhpString(height))}" /></a>`;
    }
    case 'video':
    case 'rich':
      return typeof data.html === 'string' && given(data.html) ? data.html : false;
    case 'link':
      return typeof data.title === 'string' && given(data.title) ? `<a href="${escUrl(url)}">${escHtml(data.title)}</a>` : false;
    default:
      return false;
  }
}

/** An attribute as `wp_kses_hair` writes it back: `name="value"`, `name='value'`, or the bare name. */
function wholeAttribute({ rawName, value, quote }: HtmlAttribute): string {
  if (value === null) return rawName;
  return quote === "'" ? `${rawName}='${value}'` : `${rawName}="${value.replaceAll('"', '&quot;')}"`;
}

/**
 * `wp_filter_oembed_iframe_title_attribute`: every iframe titled by the first one's title, else
 * the data's. As WordPress, a tag identical to the first one loses its own title, and only a
 * tag written `<iframe ` (with a space) gets the new one. Tags before the first iframe are left
 * as they are, so the first iframe settles the title in the same pass. Unlike WordPress, the
 * titles added stop at the HTML's own length: a long title and thousands of iframes would
 * otherwise multiply a provider's answer into gigabytes.
 */
function withFrameTitle(html: string, data: Record<string, unknown>): string {
  let title = (typeof data.title === 'string' || typeof data.title === 'number') && given(data.title) ? toPhpString(data.title) : '';
  let first: { text: string; untitled: string | null; titled: string } | null = null;
  let budget = html.length;
  return rewriteHtml(html, (token) => {
    if (token.kind !== 'open' || token.name !== 'iframe') return undefined;
    let tag = html.slice(token.start, token.end);
    if (!first) {
      const own = token.attributes.find((attribute) => attribute.name === 'title');
      if (own?.value) title = own.value;
      const rest = token.attributes.filter((attribute) => attribute.name !== 'title');
      first = {
        text: tag,
        untitled: own ? `<iframe ${rest.map(wholeAttribute).join(' ').trim()}>` : null,
        titled: `<iframe title="${escHtml(title)}" `,
      };
    }
    if (title === '') return undefined;
    if (first.untitled !== null && tag === first.text) tag = first.untitled;
    if (tag.slice(0, 8).toLowerCase() !== '<iframe ' || budget < first.titled.length) return tag;
    budget -= first.titled.length;
    return first.titled + tag.slice(8);
  });
}

/**
 * `(<blockquote>.*?</blockquote>)?.*(<iframe.*?></iframe>)`, the pattern `wp_filter_oembed_result`
 * applies to kses's output, as PCRE matches it: the last iframe that some later `></iframe>`
 * closes, up to the first such closing, and before it the first blockquote when the HTML starts
 * with one that closes before that iframe. Four string searches give PCRE's answer exactly,
 * where the pattern backtracks in fourth-degree time.
 */
function quoteAndFrame(html: string): { quote: string; frame: string } | null {
  const closing = html.lastIndexOf('></iframe>');
  const start = closing < 7 ? -1 : html.lastIndexOf('<iframe', closing - 7);
  if (start < 0) return null;
  const frame = html.slice(start, html.indexOf('></iframe>', start + 7) + '></iframe>'.length);
  const quoteClose = html.startsWith('<blockquote>') ? html.indexOf('</blockquote>', '<blockquote>'.length) : -1;
  const quoteEnd = quoteClose + '</blockquote>'.length;
  return { quote: quoteClose >= 0 && quoteEnd <= start ? html.slice(0, quoteEnd) : '', frame };
}

/**
 * ` src=(['"])(.*?)\1`, as PCRE finds it: the first ` src=` with a quoted value that closes
 * on its line; null when there is none. The next quote and line break after each candidate are
 * remembered, so the search is one pass however many candidates fail.
 */
function quotedSrc(html: string): { whole: string; quote: string; value: string } | null {
  const next = new Map<string, number>();
  const after = (c: string, from: number) => {
    let found = next.get(c) ?? -1;
    if (found < from) {
      found = html.indexOf(c, from);
      if (found < 0) found = Infinity;
      next.set(c, found);
    }
    return found;
  };
  for (let at = html.indexOf(' src='); at >= 0; at = html.indexOf(' src=', at + 1)) {
    const quote = html[at + 5];
    if (quote !== '"' && quote !== "'") continue;
    const end = after(quote, at + 6);
    if (end === Infinity) continue;
    if (after('\n', at + 6) < end) continue;
    return { whole: html.slice(at, end + 1), quote, value: html.slice(at + 6, end) };
  }
  return null;
}

/**
 * `wp_filter_oembed_result` for a provider that is not sanctioned: the leading blockquote and
 * the last iframe, reduced to a few attributes, paired by a fresh secret, the iframe sandboxed
 * (and hidden behind the blockquote when there is one); false when there is no iframe.
 */
function untrustedHtml(html: string): string | false {
  const parts = quoteAndFrame(kses(html, UNTRUSTED));
  if (!parts) return false;
  let out = parts.quote + parts.frame;
  const src = quotedSrc(out);
  if (src) {
    const secret = embedSecret();
    const { whole, quote, value } = src;
    out = out.replaceAll(whole, () => ` src=${quote}${escUrl(`${value}#?secret=${secret}`)}${quote} data-secret=${quote}${secret}${quote}`);
    out = out.replaceAll('<blockquote', `<blockquote data-secret="${secret}"`);
  }
  out = kses(out, UNTRUSTED_WITH_SECRET);
  if (parts.quote !== '') {
    out = out.replaceAll('<iframe', '<iframe style="position: absolute; visibility: hidden;"');
    out = out.replaceAll('<blockquote', '<blockquote class="wp-embedded-content"');
  }
  return out.replaceAll('<iframe', '<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted"');
}

/** `WP_oEmbed::_strip_newlines`: line breaks removed, except inside `<pre>` elements. */
function stripNewlines(html: string): string {
  if (!html.includes('\n')) return html;
  const kept: Array<[number, number]> = [];
  let open = -1;
  scanHtml(html, (token) => {
    if (token.kind === 'open' && token.name === 'pre' && open < 0) open = token.start;
    else if (token.kind === 'close' && token.name === 'pre' && open >= 0) {
      kept.push([open, token.end]);
      open = -1;
    }
  });
  let out = '';
  let at = 0;
  for (const [start, end] of [...kept, [html.length, html.length] as [number, number]]) {
    out += html.slice(at, start).replace(/\r?\n/g, '') + html.slice(start, end);
    at = end;
  }
  return out;
}

/**
 * The HTML WordPress's proxy answers for a provider's data about a URL: a sanctioned provider's
 * as it is, another's made safe; false when the data has none to give.
 */
export function providerHtml(data: Record<string, unknown>, url: string, sanctioned: boolean): string | false {
  let html = data2html(data, url);
  if (html === false) return false;
  if (data.type === 'rich' || data.type === 'video') {
    html = withFrameTitle(html, data);
    if (!sanctioned) html = untrustedHtml(html);
  }
  return html === false ? false : stripNewlines(html);
}
