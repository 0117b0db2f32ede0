import { absint } from '../../core/php/values.js';
import { phpTrim } from '../../core/php/strings.js';
import type { RestContext } from '../../core/types.js';
import type { BoundStorage } from '../define.js';
import { permalink } from '../core-posts/render.js';
import { renderTitle } from '../core-posts/text.js';
import { escHtml } from '../../core/schema/text.js';
import { escUrl } from './escape.js';
import { findPost } from './resolve.js';
import { embedSecret } from './secret.js';
import type { OembedStorage, PostRecord } from './storage.js';

/** What the local oEmbed document is built from besides the site. */
export interface LocalEnv {
  /** The script WordPress inlines after the iframe (its `wp-embed.min.js`); none when undefined. */
  embedScript: string | undefined;
}

/** The oEmbed document of one of this site's posts, in WordPress's field order. */
export interface LocalOembed {
  /** The oEmbed version. */
  version: '1.0';
  /** The site's name. */
  provider_name: string;
  /** The site's home URL. */
  provider_url: string;
  /** The author's display name, or the site's name. */
  author_name: string;
  /** The author's archive, or the site's home URL. */
  author_url: string;
  /** The post's title as WordPress prints it. */
  title: string;
  /** Always `rich`: the embed is HTML. */
  type: 'rich';
  /** Width of the iframe in pixels. */
  width: number;
  /** Height of the iframe in pixels. */
  height: number;
  /** The blockquote and iframe (and the script, when given) to embed. */
  html: string;
}

// `oembed_min_max_width`'s defaults, and the least height `get_oembed_response_data` gives.
const MIN_WIDTH = 200;
const MAX_WIDTH = 600;
const MIN_HEIGHT = 200;

/** `get_the_title` outside the admin: texturized, with WordPress's prefix for a password-protected post. */
function postTitle(post: PostRecord): string {
  const title = renderTitle(post.title);
  return post.password === '' ? title : `Protected: ${title}`;
}

/** `get_post_embed_url`: the permalink's `embed/` endpoint, or `&embed=true` on a plain `?p=N` permalink. */
function embedUrl(link: string): string {
  return link.includes('?') ? `${link}&embed=true` : `${link}embed/`;
}

/** `wp_get_inline_script_tag` of 6.1, for a theme that declares HTML5 scripts. */
function inlineScript(script: string): string {
  return `<script>\n${phpTrim(script, '\n\r ')}\n</script>\n`;
}

/** `get_post_embed_html`: the blockquote fallback and the sandboxed iframe, sharing a fresh secret. */
function embedHtml(
  post: PostRecord,
  title: string,
  width: number,
  height: number,
  siteName: string,
  home: string,
  script: string | undefined,
): string {
  const secret = embedSecret();
  const link = permalink(post, home);
  const frameTitle = escHtml(`&#8220;${title}&#8221; &#8212; ${siteName}`);
  return (
    `<blockquote class="wp-embedded-content" data-secret="${secret}"><a href="${escUrl(link)}">${title}</a></blockquote>` +
    `<iframe sandbox="allow-scripts" security="restricted" src="${escUrl(`${embedUrl(link)}#?secret=${secret}`)}" width="${width}" height="${height}" ` +
    `title="${frameTitle}" data-secret="${secret}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>` +
    (script === undefined ? '' : inlineScript(script))
  );
}

/**
 * `get_oembed_response_data` with `get_oembed_response_data_rich` for the post a URL of this site
 * addresses: null unless it is a published post. The width is `maxwidth` as PHP's `absint` reads
 * it, kept within 200–600; the height is 16:9 of it, at least 200.
 */
export async function localOembed(
  url: string,
  maxwidth: unknown,
  context: RestContext,
  storage: BoundStorage<OembedStorage>,
  env: LocalEnv,
): Promise<LocalOembed | null> {
  const post = await findPost(url, context.site.home, storage);
  if (!post || post.status !== 'publish') return null;
  const width = Math.min(Math.max(MIN_WIDTH, absint(maxwidth)), MAX_WIDTH);
  const height = Math.max(Math.ceil((width / 16) * 9), MIN_HEIGHT);
  const { name, home } = context.site;
  const title = postTitle(post);
  const author = await storage.authorOf(post.author);
  return {
    version: '1.0',
    provider_name: name,
    provider_url: home,
    // Without an author WordPress names the site, as it does before it looks the author up.
    author_name: author ? author.name : name,
    author_url: author ? `${home}/author/${author.slug}/` : home,
    title,
    type: 'rich',
    width,
    height,
    html: embedHtml(post, title, width, height, name, home, env.embedScript),
  };
}
