// The post types and taxonomies a WordPress site registers at `init`, as Kadence's query routes and
// Yoast's head read them (`get_post_types`, `get_object_taxonomies`, `post_type_supports`,
// `get_permalink`): WordPress's own (post, page, attachment; category, post_tag, post_format) and
// the host's, checked once when the namespace is made.
import type { PostRow } from '../store/types.js';
import { postLink } from './core-posts/wp-objects.js';

/** What a post type supports, of the features the query block's items read. */
export type PostTypeFeature = 'title' | 'editor' | 'author' | 'thumbnail' | 'excerpt' | 'comments' | 'page-attributes';

/** A post type as `register_post_type` registers it, reduced to what the query routes read. */
export interface PostTypeDefinition {
  /** Its name (`post_type` of its posts), such as `product`. */
  name: string;
  /** Its plural label (`labels->name`), such as `Products`. */
  label: string;
  /** `public`: listed by the query block's type pickers when also shown in REST. */
  public: boolean;
  /** `show_in_rest`: default true. */
  showInRest?: boolean;
  /** `hierarchical`: its links name the ancestors' slugs, as pages' do. Default false. */
  hierarchical?: boolean;
  /** `has_archive`: a query of the type is then an archive, which never puts sticky posts first. Default false. */
  hasArchive?: boolean;
  /** The permalink base of its posts (`rewrite.slug`; default its name), or false for `?post_type=…&p=…` links. */
  rewrite?: string | false;
  /** `supports`: default title and editor, as `register_post_type` gives. */
  supports?: readonly PostTypeFeature[];
}

/** A taxonomy as `register_taxonomy` registers it, reduced to what the query routes read. */
export interface TaxonomyDefinition {
  /** Its name, such as `genre`. */
  name: string;
  /** Its plural label, such as `Genres`. */
  label: string;
  /** The post types it is registered for, in order. */
  objectTypes: readonly string[];
  /** `public`. */
  public: boolean;
  /** `show_ui`: default the same as `public`, as WordPress derives it. */
  showUi?: boolean;
  /** `hierarchical`: a filter by a term then matches its descendants too, as `tax_query` does. Default false. */
  hierarchical?: boolean;
}

/** The registered post types and taxonomies, in registration order, every field filled in. */
export interface ContentTypes {
  /** Post types by name. */
  postTypes: ReadonlyMap<string, Required<PostTypeDefinition>>;
  /** Taxonomies by name. */
  taxonomies: ReadonlyMap<string, Required<TaxonomyDefinition>>;
}

const WORDPRESS_POST_TYPES: readonly PostTypeDefinition[] = [
  {
    name: 'post',
    label: 'Posts',
    public: true,
    supports: ['title', 'editor', 'author', 'thumbnail', 'excerpt', 'comments'],
  },
  {
    name: 'page',
    label: 'Pages',
    public: true,
    hierarchical: true,
    supports: ['title', 'editor', 'author', 'thumbnail', 'page-attributes', 'comments'],
  },
  { name: 'attachment', label: 'Media', public: true, supports: ['title', 'author', 'comments'] },
];

const WORDPRESS_TAXONOMIES: readonly TaxonomyDefinition[] = [
  { name: 'category', label: 'Categories', objectTypes: ['post'], public: true, hierarchical: true },
  { name: 'post_tag', label: 'Tags', objectTypes: ['post'], public: true },
  { name: 'post_format', label: 'Formats', objectTypes: ['post'], public: true, showUi: false },
];

/** A name `sanitize_key` keeps as it is: what WordPress registers post types and taxonomies under. */
const KEY = /^[a-z0-9_-]{1,32}$/;

const FEATURES = new Set<string>(['title', 'editor', 'author', 'thumbnail', 'excerpt', 'comments', 'page-attributes']);

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

const optionalBoolean = (value: unknown): boolean => value === undefined || typeof value === 'boolean';

function postTypeFault(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'is not an object';
  const type = value as Record<string, unknown>;
  if (typeof type.name !== 'string' || !KEY.test(type.name)) return 'needs a name of 1 to 32 lower-case letters, digits, _ and -';
  if (!isText(type.label)) return 'needs a non-empty label';
  if (typeof type.public !== 'boolean') return 'needs public as a boolean';
  for (const flag of ['showInRest', 'hierarchical', 'hasArchive'] as const)
    if (!optionalBoolean(type[flag])) return `has a ${flag} that is not a boolean`;
  if (type.rewrite !== undefined && type.rewrite !== false && typeof type.rewrite !== 'string')
    return 'has a rewrite that is not a slug or false';
  const supports = type.supports;
  if (supports !== undefined && (!Array.isArray(supports) || !supports.every((feature) => FEATURES.has(feature as string))))
    return `has supports other than ${[...FEATURES].join(', ')}`;
  return null;
}

function taxonomyFault(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'is not an object';
  const taxonomy = value as Record<string, unknown>;
  if (typeof taxonomy.name !== 'string' || !KEY.test(taxonomy.name)) return 'needs a name of 1 to 32 lower-case letters, digits, _ and -';
  if (!isText(taxonomy.label)) return 'needs a non-empty label';
  if (!Array.isArray(taxonomy.objectTypes) || !taxonomy.objectTypes.every((type) => typeof type === 'string'))
    return 'needs objectTypes as a list of post type names';
  if (typeof taxonomy.public !== 'boolean') return 'needs public as a boolean';
  for (const flag of ['showUi', 'hierarchical'] as const)
    if (!optionalBoolean(taxonomy[flag])) return `has a ${flag} that is not a boolean`;
  return null;
}

function filledPostType(type: PostTypeDefinition): Required<PostTypeDefinition> {
  return Object.freeze({
    name: type.name,
    label: type.label,
    public: type.public,
    showInRest: type.showInRest ?? true,
    hierarchical: type.hierarchical ?? false,
    hasArchive: type.hasArchive ?? false,
    rewrite: type.rewrite ?? type.name,
    supports: Object.freeze([...(type.supports ?? ['title', 'editor'])]),
  });
}

function filledTaxonomy(taxonomy: TaxonomyDefinition): Required<TaxonomyDefinition> {
  return Object.freeze({
    name: taxonomy.name,
    label: taxonomy.label,
    objectTypes: Object.freeze([...taxonomy.objectTypes]),
    public: taxonomy.public,
    showUi: taxonomy.showUi ?? taxonomy.public,
    hierarchical: taxonomy.hierarchical ?? false,
  });
}

/** WordPress's definitions followed by the host's, each checked; a host's with a WordPress name replaces it in place. */
function registered<T extends { name: string }, F>(
  owner: string,
  builtIn: readonly T[],
  given: readonly unknown[] | undefined,
  what: string,
  fault: (value: unknown) => string | null,
  fill: (value: T) => F,
): Map<string, F> {
  if (given !== undefined && !Array.isArray(given)) throw new TypeError(`site-rest: ${owner} ${what} must be a list`);
  const out = new Map<string, F>(builtIn.map((definition) => [definition.name, fill(definition)]));
  const seen = new Set<string>();
  (given ?? []).forEach((value, index) => {
    const problem = fault(value);
    if (problem !== null) throw new TypeError(`site-rest: ${owner} ${what}[${index}] ${problem}`);
    const definition = value as T;
    if (seen.has(definition.name)) throw new TypeError(`site-rest: ${owner} ${what}[${index}] (${definition.name}) is registered twice`);
    seen.add(definition.name);
    out.set(definition.name, fill(definition));
  });
  return out;
}

/**
 * The registry of WordPress's post types and taxonomies and the host's; a TypeError, naming the
 * `owner` whose options they are (`blocksuite`), names the first host definition WordPress would refuse.
 */
export function contentTypes(
  owner: string,
  postTypes?: readonly PostTypeDefinition[],
  taxonomies?: readonly TaxonomyDefinition[],
): ContentTypes {
  return {
    postTypes: registered(owner, WORDPRESS_POST_TYPES, postTypes, 'postTypes', postTypeFault, filledPostType),
    taxonomies: registered(owner, WORDPRESS_TAXONOMIES, taxonomies, 'taxonomies', taxonomyFault, filledTaxonomy),
  };
}

/** Where a site answers: its home URL, and its static front page when it shows one. */
interface PermalinkSite {
  /** Home URL, without a trailing slash. */
  home: string;
  /** `show_on_front`. */
  show_on_front?: string;
  /** `page_on_front`. */
  page_on_front?: number;
}

/**
 * `get_permalink` under `/%postname%/` permalinks: core's for posts, the home URL for the static
 * front page, the ancestors' slugs (nearest last) for pages and hierarchical types, the type's
 * base for others; `?p=`-style links where WordPress gives no pretty one.
 */
export function permalinkOf(post: PostRow, types: ContentTypes, ancestors: readonly string[], site: PermalinkSite): string {
  const home = site.home;
  const pretty = (post.post_status === 'publish' || post.post_status === 'private') && post.post_name !== '';
  if (post.post_type === 'post') return postLink(post, home);
  if (post.post_type === 'page') {
    if (site.show_on_front === 'page' && site.page_on_front === post.ID) return `${home}/`;
    return pretty ? `${home}/${[...ancestors, post.post_name].join('/')}/` : `${home}/?page_id=${post.ID}`;
  }
  const type = types.postTypes.get(post.post_type);
  if (!pretty || !type || type.rewrite === false) return `${home}/?post_type=${encodeURIComponent(post.post_type)}&p=${post.ID}`;
  const path = type.hierarchical ? [...ancestors, post.post_name].join('/') : post.post_name;
  return `${home}/${type.rewrite}/${path}/`;
}

/**
 * Kadence's allowed post types (`get_allowed_post_types`, `kadence_blocks_get_post_types`): the
 * public ones shown in REST, attachments left out, in registration order.
 */
export function allowedPostTypes(types: ContentTypes): Required<PostTypeDefinition>[] {
  return [...types.postTypes.values()].filter((type) => type.public && type.showInRest && type.name !== 'attachment');
}

/** `get_object_taxonomies( $type, 'objects' )`: the taxonomies registered for a post type, in registration order. */
export function taxonomiesOf(types: ContentTypes, postType: string): Required<TaxonomyDefinition>[] {
  return [...types.taxonomies.values()].filter((taxonomy) => taxonomy.objectTypes.includes(postType));
}

/** Whether a taxonomy is one Kadence lists (`public` and `show_ui`). */
export const isListed = (taxonomy: Required<TaxonomyDefinition>): boolean => taxonomy.public && taxonomy.showUi;

/** `post_type_supports`: false for a type nobody registered. */
export function supports(types: ContentTypes, postType: string, feature: PostTypeFeature): boolean {
  return types.postTypes.get(postType)?.supports.includes(feature) ?? false;
}

/** Terms in the order WordPress's term queries give them by name: MySQL's case-insensitive collation, then the id. */
export function byTermName(a: { name: string; term_id: number }, b: { name: string; term_id: number }): number {
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  return left < right ? -1 : left > right ? 1 : a.term_id - b.term_id;
}
