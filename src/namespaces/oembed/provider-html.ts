// The `html` WordPress's proxy answers for a provider's data: `WP_oEmbed::data2html`, then the
// `oembed_dataparse` filters: `wp_filter_oembed_iframe_title_attribute`, `wp_filter_oembed_result`
// (the HTML of a provider that is not sanctioned reduced to a sandboxed iframe) and
// `WP_oEmbed::_strip_newlines`.
import { isNumeric, toBool, toPhpString } from '../../core/schema/php.js';
import { escHtml, escUrl } from './escape.js';
import { kses, tagAttributes, type AllowedHtml } from './kses.js';
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
      if (!given(src) || !given(width) || !given(height) || typeof src !== 'string' || !isNumeric(width) || !isNumeric(height)) return false;
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

/** `wp_filter_oembed_iframe_title_attribute`: every iframe titled by the first one's title, else the data's. */
function withFrameTitle(html: string, data: Record<string, unknown>): string {
  const frame = /<iframe([^>]*)>/i.exec(html);
  const attributes = frame ? tagAttributes(frame[1]!) : [];
  const own = attributes.find((attribute) => attribute.name === 'title');
  let title = (typeof data.title === 'string' || typeof data.title === 'number') && given(data.title) ? toPhpString(data.title) : '';
  if (own?.value) title = own.value;
  if (title === '') return html;
  let out = html;
  if (frame && own) {
    const rest = attributes.filter((attribute) => attribute.name !== 'title').map((attribute) => attribute.whole);
    out = out.replaceAll(frame[0], () => `<iframe ${rest.join(' ')}>`);
  }
  return out.replace(/<iframe /gi, () => `<iframe title="${escHtml(title)}" `);
}

/**
 * `wp_filter_oembed_result` for a provider that is not sanctioned: the leading blockquote and
 * the last iframe, reduced to a few attributes, paired by a fresh secret, the iframe sandboxed
 * (and hidden behind the blockquote when there is one); false when there is no iframe.
 */
function untrustedHtml(html: string): string | false {
  const parts = /(<blockquote>[\s\S]*?<\/blockquote>)?[\s\S]*(<iframe[\s\S]*?><\/iframe>)/.exec(kses(html, UNTRUSTED));
  if (!parts) return false;
  const quote = parts[1] ?? '';
  let out = quote + parts[2]!;
  const src = / src=(['"])(.*?)\1/.exec(out);
  if (src) {
    const secret = embedSecret();
    const [whole, q, value] = src;
    out = out.replaceAll(whole, () => ` src=${q}${escUrl(`${value}#?secret=${secret}`)}${q} data-secret=${q}${secret}${q}`);
    out = out.replaceAll('<blockquote', `<blockquote data-secret="${secret}"`);
  }
  out = kses(out, UNTRUSTED_WITH_SECRET);
  if (quote !== '') {
    out = out.replaceAll('<iframe', '<iframe style="position: absolute; visibility: hidden;"');
    out = out.replaceAll('<blockquote', '<blockquote class="wp-embedded-content"');
  }
  return out.replace(/<iframe/gi, '<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted"');
}

/** `WP_oEmbed::_strip_newlines`: line breaks removed, except inside `<pre>`. */
function stripNewlines(html: string): string {
  if (!html.includes('\n')) return html;
  return html
    .split(/(<pre[^>]*>[\s\S]+?<\/pre>)/i)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/\r?\n/g, '')))
    .join('');
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
