// The default `renderPage`: the stored post as a minimal WordPress theme with SEOPress active would
// print it, so the content analysis reads a real page without any network. The body is the content
// as core/v2 renders `content.rendered`; the head carries what SEOPress prints from the post's meta.
import type { RestContext } from '../../core/types.js';
import { escHtml } from '../../core/schema/text.js';
import { renderContent, renderTitle } from '../core-posts/text.js';
import type { JsonValue } from '../../store/types.js';
import type { RenderedPage, RenderPage } from './services.js';
import type { PostRow, SeoAStorage } from './storage.js';
import { postLink } from '../core-posts/wp-objects.js';
import type { BoundStorage } from '../define.js';

/** The post meta SEOPress prints in a page's head. */
const HEAD_META = [
  '_seopress_titles_title',
  '_seopress_titles_desc',
  '_seopress_robots_index',
  '_seopress_robots_follow',
  '_seopress_robots_canonical',
  '_seopress_social_fb_title',
  '_seopress_social_fb_desc',
  '_seopress_social_fb_img',
  '_seopress_social_twitter_title',
  '_seopress_social_twitter_desc',
  '_seopress_social_twitter_img',
] as const;

/** Statuses whose preview WordPress answers 404 for. */
const NOT_FOUND = new Set(['trash', 'auto-draft', 'inherit']);

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');

/** One `<meta>` line, left out when its content is empty. */
function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return content === '' ? '' : `<meta ${attribute}="${key}" content="${escHtml(content)}">\n`;
}

/** The HTML document of a post as its preview prints it. */
function postPage(post: PostRow, metas: Record<string, JsonValue>, site: RestContext['site']): string {
  const link = postLink(post, site.home);
  const title = text(metas._seopress_titles_title) || `${renderTitle(post.post_title)} &#8211; ${site.name}`;
  const description = text(metas._seopress_titles_desc);
  const noindex = text(metas._seopress_robots_index) === 'yes';
  const nofollow = text(metas._seopress_robots_follow) === 'yes';
  const robots = `${noindex ? 'noindex' : 'index'}, ${nofollow ? 'nofollow' : 'follow'}${noindex ? '' : ', max-snippet:-1, max-image-preview:large, max-video-preview:-1'}`;
  const ogTitle = text(metas._seopress_social_fb_title) || title;
  const ogDescription = text(metas._seopress_social_fb_desc) || description;
  const ogImage = text(metas._seopress_social_fb_img);
  const body =
    post.post_password === ''
      ? renderContent(post.post_content)
      : '<form action="' +
        escHtml(`${site.url}/wp-login.php?action=postpass`) +
        '" class="post-password-form" method="post"><p>This content is password protected. To view it please enter your password below:</p>' +
        '<p><label>Password: <input name="post_password" type="password" size="20"></label> <input type="submit" name="Submit" value="Enter"></p></form>';
  return (
    '<!DOCTYPE html>\n<html lang="en-US">\n<head>\n<meta charset="UTF-8">\n' +
    `<title>${escHtml(title)}</title>\n` +
    meta('name', 'description', description) +
    meta('name', 'robots', robots) +
    (noindex ? '' : `<link rel="canonical" href="${escHtml(text(metas._seopress_robots_canonical) || link)}">\n`) +
    meta('property', 'og:url', link) +
    meta('property', 'og:site_name', site.name) +
    meta('property', 'og:type', 'article') +
    meta('property', 'og:title', ogTitle) +
    meta('property', 'og:description', ogDescription) +
    meta('property', 'og:image', ogImage) +
    meta('name', 'twitter:card', 'summary_large_image') +
    meta('name', 'twitter:title', text(metas._seopress_social_twitter_title) || ogTitle) +
    meta('name', 'twitter:description', text(metas._seopress_social_twitter_desc) || ogDescription) +
    meta('name', 'twitter:image', text(metas._seopress_social_twitter_img) || ogImage) +
    '</head>\n<body>\n<main>\n<article>\n' +
    `<h1 class="entry-title">${renderTitle(post.post_title)}</h1>\n` +
    `<div class="entry-content">\n${body}\n</div>\n` +
    '</article>\n</main>\n</body>\n</html>\n'
  );
}

/** The default `renderPage` for one request's site: the stored post's page, or a 404 for a post the site would not show. */
export function storedPageRenderer(storage: BoundStorage<SeoAStorage>, site: RestContext['site']): RenderPage {
  return async (postId): Promise<RenderedPage> => {
    const post = await storage.getPost(postId);
    if (!post || NOT_FOUND.has(post.post_status)) return { status: 404, html: '' };
    return { status: 200, html: postPage(post, await storage.getPostMeta(postId, HEAD_META), site) };
  };
}
