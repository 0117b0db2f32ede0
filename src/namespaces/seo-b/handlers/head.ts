/**
 * `get_head` (Yoast 28.1's `Indexables_Head_Route` and `Indexable_Head_Action::for_url`): the
 * page a URL of the site is, its presentation, and `{html, json, status}`; Yoast's 404 head, with
 * status 404, for a URL no page has.
 */
import { stripAllTags } from '../../../core/schema/text.js';
import { respond } from '../../../core/http/response.js';
import type { RestContext } from '../../../core/types.js';
import type { JsonValue, PostRow, TermRow } from '../../../store/types.js';
import { avatarUrl } from '../../avatar-url.js';
import { byTermName, permalinkOf, type ContentTypes } from '../../content-types.js';
import { theTitle } from '../../core-posts/wp-objects.js';
import type { BoundStorage, Handlers } from '../../define.js';
import type { Crumb, HeadImage, HeadPage, HeadPerson, HeadPostType, HeadSite } from '../head-facts.js';
import { headHtml } from '../head-html.js';
import { headAddress, headUrl, termLink, type HeadAddress } from '../head-url.js';
import { seoBChecks } from '../checks.js';
import { buildPresentation } from '../presentation.js';
import { customFieldKeys } from '../replacement-variables.js';
import type { seoBHeadRoutes } from '../routes/head.js';
import type { SeoBStorage } from '../storage.js';
import { SETTINGS_OPTIONS, setting, textSetting, yoastSettings, type YoastSettings } from '../yoast-settings.js';

/** What the head handlers need besides storage. */
interface SeoBHeadDeps {
  /** The site's post types and taxonomies. */
  types: ContentTypes;
  /** The clock in milliseconds. */
  now: () => number;
}

/** How much of a post's title and excerpt a head reads: every value is printed several times. */
const MAX_TEXT = 65_536;

/** How many ancestors of a page or term are followed (WordPress follows every one). */
const MAX_ANCESTORS = 16;

/** The `_yoast_wpseo_*` post meta a head reads. */
const POST_META = [
  'title',
  'metadesc',
  'canonical',
  'meta-robots-noindex',
  'meta-robots-nofollow',
  'meta-robots-adv',
  'opengraph-title',
  'opengraph-description',
  'twitter-title',
  'twitter-description',
  'bctitle',
  'estimated-reading-time-minutes',
  'focuskw',
  'primary_category',
  'schema_page_type',
  'schema_article_type',
].map((key) => `_yoast_wpseo_${key}`);

/** The user meta a person's head facts read. */
const PERSON_META = ['first_name', 'last_name', 'description', 'wpseo_pronouns'];
/** The social profiles Yoast reads from user meta. */
const PROFILES = ['facebook', 'instagram', 'linkedin', 'pinterest', 'twitter', 'myspace', 'youtube', 'soundcloud', 'tumblr', 'wikipedia'];

const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const object = (value: JsonValue | undefined): Record<string, JsonValue> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** A user's head facts; null when the user is gone. */
async function personOf(storage: BoundStorage<SeoBStorage>, id: number, home: string, avatars: boolean): Promise<HeadPerson | null> {
  if (!(id > 0)) return null;
  const user = await storage.getUser(id);
  if (!user) return null;
  const keys = [...PERSON_META, ...PROFILES];
  const [values, hash] = await Promise.all([
    Promise.all(keys.map((key) => storage.getUserMeta(id, key))),
    storage.wpHash(`${user.user_login}${id}`),
  ]);
  const meta = Object.fromEntries(keys.map((key, index) => [key, text(values[index])]));
  return {
    id,
    displayName: user.display_name,
    firstName: meta.first_name!,
    lastName: meta.last_name!,
    description: meta.description!,
    pronouns: meta.wpseo_pronouns!,
    schemaId: `${home}/#/schema/person/${hash}`,
    url: user.user_url,
    postsUrl: `${home}/author/${user.user_nicename}/`,
    avatar: avatars && user.user_email !== '' ? avatarUrl(user.user_email, home.startsWith('https:')) : '',
    profiles: Object.fromEntries(PROFILES.map((key) => [key, meta[key]!])),
  };
}

/** An attachment's full image; null when it is not one. */
async function imageOf(storage: BoundStorage<SeoBStorage>, id: number, siteUrl: string): Promise<HeadImage | null> {
  if (!(id > 0)) return null;
  const attachment = await storage.getPost(id);
  if (attachment?.post_type !== 'attachment') return null;
  const meta = await storage.getPostMeta(id, ['_wp_attached_file', '_wp_attachment_metadata']);
  const file = text(meta._wp_attached_file);
  if (file === '') return null;
  const sizes = object(meta._wp_attachment_metadata);
  const dimension = (value: JsonValue | undefined) => (typeof value === 'number' && value > 0 ? Math.trunc(value) : 0);
  return {
    id,
    url: `${siteUrl}/wp-content/uploads/${file}`,
    width: dimension(sizes.width),
    height: dimension(sizes.height),
    type: attachment.post_mime_type,
    caption: attachment.post_excerpt,
  };
}

/** WordPress's own types' `singular_name`; a host type's is its label. */
const SINGULAR_LABELS: Readonly<Record<string, string>> = { post: 'Post', page: 'Page', attachment: 'Media' };

/** A post type's head facts, from the registry. */
function postTypeOf(types: ContentTypes, name: string): HeadPostType {
  const type = types.postTypes.get(name);
  const label = type?.label ?? name;
  const supports = type?.supports ?? [];
  return {
    name,
    singular: SINGULAR_LABELS[name] ?? label,
    plural: label,
    supportsAuthor: supports.includes('author'),
    supportsComments: supports.includes('comments'),
  };
}

/** A post's ancestors, root first (following `post_parent`). */
async function postAncestors(storage: BoundStorage<SeoBStorage>, post: PostRow): Promise<PostRow[]> {
  const ancestors: PostRow[] = [];
  const seen = new Set([post.ID]);
  for (let parent = post.post_parent; parent > 0 && !seen.has(parent) && ancestors.length < MAX_ANCESTORS;) {
    seen.add(parent);
    const row = await storage.getPost(parent);
    if (!row) break;
    ancestors.unshift(row);
    parent = row.post_parent;
  }
  return ancestors;
}

/** A term's ancestors, root first (following `parent`). */
async function termAncestors(storage: BoundStorage<SeoBStorage>, term: TermRow): Promise<TermRow[]> {
  const ancestors: TermRow[] = [];
  const seen = new Set([term.term_id]);
  for (let parent = term.parent; parent > 0 && !seen.has(parent) && ancestors.length < MAX_ANCESTORS;) {
    seen.add(parent);
    const row = await storage.getTerm(parent);
    if (!row || row.taxonomy !== term.taxonomy) break;
    ancestors.unshift(row);
    parent = row.parent;
  }
  return ancestors;
}

/** The head facts of a post of the site; null when its permalink is not the one `expected`. */
async function postPage(
  storage: BoundStorage<SeoBStorage>,
  post: PostRow,
  context: RestContext,
  deps: SeoBHeadDeps,
  settings: YoastSettings,
  expected: string | null,
): Promise<HeadPage | null> {
  const site = context.site;
  const ancestors = await postAncestors(storage, post);
  const permalink = permalinkOf(
    post,
    deps.types,
    ancestors.map((row) => row.post_name),
    site,
  );
  if (expected !== null && permalink !== expected) return null;
  const type = post.post_type;
  const templates = [`title-${type}`, `metadesc-${type}`].map((key) => textSetting(settings, key));
  const first = await storage.getPostMeta(post.ID, [...POST_META, '_thumbnail_id']);
  const cfKeys = customFieldKeys([...templates, ...POST_META.map((key) => text(first[key]))]);
  const meta = cfKeys.length > 0 ? { ...(await storage.getPostMeta(post.ID, cfKeys)), ...first } : first;
  const taxonomies = [...deps.types.taxonomies.values()].filter((taxonomy) => taxonomy.objectTypes.includes(type));
  const [terms, author, image] = await Promise.all([
    storage.getPostTerms(
      post.ID,
      taxonomies.map((taxonomy) => taxonomy.name),
    ),
    personOf(storage, post.post_author, site.home, await showsAvatars(storage)),
    imageOf(storage, Number(text(meta._thumbnail_id)), site.url),
  ]);
  const byTaxonomy = new Map<string, TermRow[]>();
  for (const term of [...terms].sort(byTermName)) byTaxonomy.set(term.taxonomy, [...(byTaxonomy.get(term.taxonomy) ?? []), term]);
  const primaryId = Number(text(meta._yoast_wpseo_primary_category));
  const crumbs: Crumb[] = [];
  for (const [index, ancestor] of ancestors.entries())
    crumbs.push({
      text: ancestor.post_title,
      url: permalinkOf(
        ancestor,
        deps.types,
        ancestors.slice(0, index).map((row) => row.post_name),
        site,
      ),
    });
  return {
    kind: 'post',
    staticHome: site.show_on_front === 'page' && site.page_on_front === post.ID,
    post,
    postType: postTypeOf(deps.types, type),
    permalink,
    meta,
    author,
    terms: byTaxonomy,
    hierarchical: taxonomies.filter((taxonomy) => taxonomy.hierarchical).map((taxonomy) => taxonomy.name),
    primaryCategory: byTaxonomy.get('category')?.find((term) => term.term_id === primaryId) ?? null,
    parentTitle: ancestors.length > 0 ? theTitle(ancestors[ancestors.length - 1]!) : null,
    image,
    ancestors: crumbs,
    isPostsPage: site.page_for_posts === post.ID,
  };
}

/** A post with its title and excerpt cut to {@link MAX_TEXT}. */
const capped = (post: PostRow): PostRow => ({
  ...post,
  post_title: post.post_title.slice(0, MAX_TEXT),
  post_excerpt: post.post_excerpt.slice(0, MAX_TEXT),
});

/** `show_avatars`: WordPress shows them unless the option is off. */
async function showsAvatars(storage: BoundStorage<SeoBStorage>): Promise<boolean> {
  const value = await storage.getOption('show_avatars');
  return value === undefined || (value !== '' && value !== '0' && value !== 0 && value !== false);
}

/** The page a URL's address is, with its head facts; null for none. */
async function pageAt(
  storage: BoundStorage<SeoBStorage>,
  address: HeadAddress,
  context: RestContext,
  deps: SeoBHeadDeps,
  settings: YoastSettings,
): Promise<HeadPage | null> {
  const site = context.site;
  switch (address.kind) {
    case 'home': {
      const front = site.show_on_front === 'page' ? (site.page_on_front ?? 0) : 0;
      if (front === 0) return { kind: 'home-page', permalink: `${site.home}/` };
      const post = await storage.getPost(front);
      return post ? postPage(storage, capped(post), context, deps, settings, null) : null;
    }
    case 'post': {
      const post = await storage.findPostBySlug(address.slugs[address.slugs.length - 1]!, address.postTypes);
      return post ? postPage(storage, capped(post), context, deps, settings, address.permalink) : null;
    }
    case 'term': {
      const term = await storage.getTermBySlug(address.taxonomy, address.slugs[address.slugs.length - 1]!);
      if (!term) return null;
      const ancestors = await termAncestors(storage, term);
      const slugs = [...ancestors.map((row) => row.slug), term.slug];
      const permalink = termLink(site.home, term.taxonomy, slugs);
      if (permalink !== address.permalink) return null;
      const taxonomyMeta = object(object(object(await storage.getOption('wpseo_taxonomy_meta'))[term.taxonomy])[String(term.term_id)]);
      return {
        kind: 'term',
        term,
        permalink,
        meta: taxonomyMeta,
        ancestors: ancestors.map((row, index) => ({ text: row.name, url: termLink(site.home, term.taxonomy, slugs.slice(0, index + 1)) })),
      };
    }
    case 'post-type-archive': {
      const type = deps.types.postTypes.get(address.postType)!;
      return { kind: 'post-type-archive', postType: postTypeOf(deps.types, type.name), permalink: `${site.home}/${String(type.rewrite)}/` };
    }
  }
}

/** The facts of the site every head reads. */
async function siteFacts(storage: BoundStorage<SeoBStorage>, context: RestContext, deps: SeoBHeadDeps): Promise<HeadSite> {
  const [titles, social, wpseo, dateFormat, timeFormat, language] = await Promise.all([
    ...SETTINGS_OPTIONS.map((name) => storage.getOption(name)),
    storage.getOption('date_format'),
    storage.getOption('time_format'),
    storage.getOption('WPLANG'),
  ]);
  const settings = yoastSettings([titles, social, wpseo]);
  const site = context.site;
  const represented = textSetting(settings, 'company_or_person') === 'person' ? Number(setting(settings, 'company_or_person_user_id')) : 0;
  const [person, companyLogo] = await Promise.all([
    personOf(storage, represented, site.home, await showsAvatars(storage)),
    imageOf(storage, Number(setting(settings, 'company_logo_id')), site.url),
  ]);
  return {
    name: stripAllTags(site.name).replace(/[\r\n\t ]+/g, ' '),
    description: site.description ?? '',
    home: site.home,
    locale: text(language) || 'en_US',
    dateFormat: text(dateFormat) || 'F j, Y',
    timeFormat: text(timeFormat) || 'g:i a',
    now: deps.now(),
    settings,
    person,
    companyLogo,
  };
}

/** The handlers of the head group. */
export function seoBHeadHandlers(deps: SeoBHeadDeps): Handlers<typeof seoBHeadRoutes, SeoBStorage> {
  return {
    async getHead(request, context, storage) {
      const url = headUrl(String(request.params.url));
      const facts = await siteFacts(storage, context, deps);
      const address = headAddress(url, context.site, deps.types);
      const found = address ? await pageAt(storage, address, context, deps, facts.settings) : null;
      const page: HeadPage = found ?? { kind: '404' };
      const presentation = buildPresentation(page, facts);
      const status = found ? 200 : 404;
      return respond({ html: headHtml(presentation, seoBChecks.manageSeo(request, context)), json: presentation.json, status }, status);
    },
  };
}
