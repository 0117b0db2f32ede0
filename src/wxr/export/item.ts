import type { JsonValue, PostRow, TermRow } from '../../store/types.js';
import { itemPubDate } from './rss-date.js';
import { metaXml } from './terms.js';
import { cdata, escapeXml, type Replacements } from './xml-text.js';

/** What an item needs besides its row, read for its page of posts in a few queries. */
interface ItemFacts {
  /** `get_permalink`. */
  link: string;
  /** The author's login; empty for none. */
  authorLogin: string;
  /** Whether it is in `sticky_posts`. */
  sticky: boolean;
  /** Its terms, sorted by name as `wp_get_object_terms` sorts them. */
  terms: readonly TermRow[];
  /** Its meta, key → values in insertion order. */
  meta: Record<string, JsonValue[]>;
  /** `wp_get_attachment_url` for an attachment. */
  attachmentUrl: string;
}

/** One `<item>` as `export_wp` writes it (comments aside: the store keeps none), `_edit_lock` left out as WordPress leaves it. */
export function itemXml(post: PostRow, facts: ItemFacts, replaced: Replacements): string {
  const c = (text: string) => cdata(text, replaced);
  let xml =
    `\t<item>\n` +
    `\t\t<title>${c(post.post_title)}</title>\n` +
    `\t\t<link>${escapeXml(facts.link, replaced)}</link>\n` +
    `\t\t<pubDate>${itemPubDate(post.post_date_gmt)}</pubDate>\n` +
    `\t\t<dc:creator>${c(facts.authorLogin)}</dc:creator>\n` +
    `\t\t<guid isPermaLink="false">${escapeXml(post.guid || facts.link, replaced)}</guid>\n` +
    `\t\t<description></description>\n` +
    `\t\t<content:encoded>${c(post.post_content)}</content:encoded>\n` +
    `\t\t<excerpt:encoded>${c(post.post_excerpt)}</excerpt:encoded>\n` +
    `\t\t<wp:post_id>${post.ID}</wp:post_id>\n` +
    `\t\t<wp:post_date>${c(post.post_date)}</wp:post_date>\n` +
    `\t\t<wp:post_date_gmt>${c(post.post_date_gmt)}</wp:post_date_gmt>\n` +
    `\t\t<wp:post_modified>${c(post.post_modified)}</wp:post_modified>\n` +
    `\t\t<wp:post_modified_gmt>${c(post.post_modified_gmt)}</wp:post_modified_gmt>\n` +
    `\t\t<wp:comment_status>${c(post.comment_status)}</wp:comment_status>\n` +
    `\t\t<wp:ping_status>${c(post.ping_status)}</wp:ping_status>\n` +
    `\t\t<wp:post_name>${c(post.post_name)}</wp:post_name>\n` +
    `\t\t<wp:status>${c(post.post_status)}</wp:status>\n` +
    `\t\t<wp:post_parent>${post.post_parent}</wp:post_parent>\n` +
    `\t\t<wp:menu_order>${post.menu_order}</wp:menu_order>\n` +
    `\t\t<wp:post_type>${c(post.post_type)}</wp:post_type>\n` +
    `\t\t<wp:post_password>${c(post.post_password)}</wp:post_password>\n` +
    `\t\t<wp:is_sticky>${facts.sticky ? 1 : 0}</wp:is_sticky>\n`;
  if (post.post_type === 'attachment') xml += `\t\t<wp:attachment_url>${c(facts.attachmentUrl)}</wp:attachment_url>\n`;
  for (const term of facts.terms)
    xml += `\t\t<category domain="${escapeXml(term.taxonomy, replaced)}" nicename="${escapeXml(term.slug, replaced)}">${c(term.name)}</category>\n`;
  return `${xml}${metaXml(facts.meta, '\t\t', 'postmeta', replaced, '_edit_lock')}\t</item>\n`;
}
