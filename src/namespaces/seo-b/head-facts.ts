/**
 * The facts a head is built from (`presentation.ts`, `schema-graph.ts`): the page with what its
 * presentation reads, and the site's facts every head reads. The handler gathers them from storage.
 */
import type { JsonValue } from '../../store/types.js';
import type { AuthorFacts, PostTypeLabels, ReplacementSite } from './replacement-variables.js';
import type { PostRow, TermRow } from './storage.js';
import type { YoastSettings } from './yoast-settings.js';

/** A breadcrumb: its text and URL. */
export interface Crumb {
  /** The text shown. */
  text: string;
  /** Where it links; `''` for none. */
  url: string;
}

/** An image Yoast shows for a page (`og:image`, the schema's primary image): the full size of an attachment. */
export interface HeadImage {
  /** Attachment id. */
  id: number;
  /** The full image's URL. */
  url: string;
  /** Its width in pixels; 0 when unknown. */
  width: number;
  /** Its height in pixels; 0 when unknown. */
  height: number;
  /** Its MIME type. */
  type: string;
  /** Its caption (the attachment's excerpt). */
  caption: string;
}

/** A user as the head shows one: the post's author or the person the site represents. */
export interface HeadPerson extends AuthorFacts {
  /** User id. */
  id: number;
  /** `#/schema/person/<wp_hash( login . id )>` under the site URL. */
  schemaId: string;
  /** `user_url`. */
  url: string;
  /** The author archive's URL. */
  postsUrl: string;
  /** The avatar's URL (`get_avatar_url`), or `''` when the site shows none. */
  avatar: string;
  /** Social profiles from user meta, by Yoast's names (`facebook`, `twitter`, …), as stored. */
  profiles: Readonly<Record<string, string>>;
  /** `wpseo_pronouns` user meta. */
  pronouns: string;
}

/** A post type as the head needs it. */
export interface HeadPostType extends PostTypeLabels {
  /** Its name. */
  name: string;
  /** `post_type_supports( $type, 'author' )`. */
  supportsAuthor: boolean;
  /** `post_type_supports( $type, 'comments' )`. */
  supportsComments: boolean;
}

/** The page a head is for, with the facts its presentation reads. */
export type HeadPage =
  | {
      kind: 'post';
      /** True for the static front page (`Static_Home_Page`). */
      staticHome: boolean;
      post: PostRow;
      postType: HeadPostType;
      /** `get_permalink`. */
      permalink: string;
      /** `_yoast_wpseo_*` and `%%cf_…%%` meta: each key's first value. */
      meta: Readonly<Record<string, JsonValue>>;
      author: HeadPerson | null;
      /** The post's terms by taxonomy, each in `get_the_terms` order. */
      terms: ReadonlyMap<string, readonly TermRow[]>;
      /** Hierarchical taxonomies of the post type, in registration order. */
      hierarchical: readonly string[];
      primaryCategory: TermRow | null;
      /** The parent's title, for `%%parent_title%%`. */
      parentTitle: string | null;
      /** The featured image. */
      image: HeadImage | null;
      /** The crumbs before the post's own (ancestor pages). */
      ancestors: readonly Crumb[];
      /** Whether the post is the page for posts (`page_for_posts`). */
      isPostsPage: boolean;
    }
  | {
      kind: 'term';
      term: TermRow;
      /** `get_term_link`. */
      permalink: string;
      /** The term's entry of the `wpseo_taxonomy_meta` option (`wpseo_title`, `wpseo_desc`, …). */
      meta: Readonly<Record<string, JsonValue>>;
      /** The crumbs of the term's ancestors, root first. */
      ancestors: readonly Crumb[];
    }
  | { kind: 'post-type-archive'; postType: HeadPostType; permalink: string }
  | { kind: 'home-page'; permalink: string }
  | { kind: '404' };

/** The site's facts every head reads. */
export interface HeadSite extends Omit<ReplacementSite, 'separator'> {
  /** Home URL, without a trailing slash. */
  home: string;
  /** WordPress's locale (`get_locale`), such as `en_US`. */
  locale: string;
  /** The Yoast settings. */
  settings: YoastSettings;
  /** The person the site represents (`company_or_person_user_id`), when it is a person and the user exists. */
  person: HeadPerson | null;
  /** The organisation's logo (`company_logo_id`), when set to an attachment that exists. */
  companyLogo: HeadImage | null;
}
