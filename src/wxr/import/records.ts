// What a WXR file holds, one record per `wp:author`, term (`wp:category`, `wp:tag`, `wp:term`) and
// `item`, as WordPress's importer (`WXR_Parser`) reads them: text as written, ids as numbers.

/** A meta row of a post or term: the value as written (a PHP-serialized value still serialized). */
export interface WxrMeta {
  /** `wp:meta_key`. */
  key: string;
  /** `wp:meta_value`. */
  value: string;
}

/** An author (`wp:author`). */
export interface WxrAuthor {
  /** `wp:author_id` on the exporting site; 0 when absent. */
  id: number;
  /** `wp:author_login`. */
  login: string;
  /** `wp:author_email`. */
  email: string;
  /** `wp:author_display_name`. */
  displayName: string;
  /** `wp:author_first_name`. */
  firstName: string;
  /** `wp:author_last_name`. */
  lastName: string;
}

/** A term of any taxonomy (`wp:category`, `wp:tag` and `wp:term` read alike). */
export interface WxrTerm {
  /** `wp:term_id` on the exporting site; 0 when absent. */
  id: number;
  /** Taxonomy: `category`, `post_tag`, or `wp:term_taxonomy`. */
  taxonomy: string;
  /** Slug. */
  slug: string;
  /** Name. */
  name: string;
  /** The parent's slug in the same taxonomy; empty for none. */
  parent: string;
  /** Description. */
  description: string;
  /** `wp:termmeta`. */
  meta: WxrMeta[];
}

/** A term an item is in (a `category` element with `domain` and `nicename`). */
export interface WxrPostTerm {
  /** `domain`: the taxonomy. */
  taxonomy: string;
  /** `nicename`: the slug. */
  slug: string;
  /** The element's text: the name. */
  name: string;
}

/** An item: a post of any type. */
export interface WxrPost {
  /** The line the item starts on, for messages. */
  line: number;
  /** `wp:post_id`; 0 when absent. */
  id: number;
  /** `title`. */
  title: string;
  /** `guid`. */
  guid: string;
  /** `dc:creator`: the author's login. */
  creator: string;
  /** `content:encoded`. */
  content: string;
  /** `excerpt:encoded`. */
  excerpt: string;
  /** `wp:post_date`, site-local. */
  date: string;
  /** `wp:post_date_gmt`; empty when absent. */
  dateGmt: string;
  /** `wp:post_modified`; empty when absent. */
  modified: string;
  /** `wp:post_modified_gmt`; empty when absent. */
  modifiedGmt: string;
  /** `wp:comment_status`. */
  commentStatus: string;
  /** `wp:ping_status`. */
  pingStatus: string;
  /** `wp:post_name`. */
  name: string;
  /** `wp:status`. */
  status: string;
  /** `wp:post_parent`: the parent's id on the exporting site; 0 for none. */
  parent: number;
  /** `wp:menu_order`. */
  menuOrder: number;
  /** `wp:post_type`. */
  type: string;
  /** `wp:post_password`. */
  password: string;
  /** `wp:is_sticky` is 1. */
  sticky: boolean;
  /** `wp:attachment_url`: an attachment's file where the exporting site served it. */
  attachmentUrl: string;
  /** The item's terms. */
  terms: WxrPostTerm[];
  /** `wp:postmeta`. */
  meta: WxrMeta[];
  /** How many `wp:comment` the item holds (comments are not imported). */
  comments: number;
}

/** One record of a WXR file, in the file's order. */
export type WxrRecord = { kind: 'author'; author: WxrAuthor } | { kind: 'term'; term: WxrTerm } | { kind: 'post'; post: WxrPost };
