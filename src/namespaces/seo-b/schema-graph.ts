/**
 * Yoast SEO 28.1's schema graph (`src/generators/schema-generator.php` and the pieces of
 * `src/generators/schema/`): Article, WebPage or CollectionPage, the primary image, the
 * BreadcrumbList, WebSite with its SearchAction, the Organization or Person the site represents and
 * the post's author, in that order, each piece only where Yoast needs it.
 */
import type { JsonValue } from '../../store/types.js';
import { stripAllTags } from '../../core/schema/text.js';
import type { Crumb, HeadImage, HeadPage, HeadPerson, HeadSite } from './head-facts.js';
import { setting, textSetting } from './yoast-settings.js';

/** What the graph of one page is built from. */
interface GraphInput {
  page: HeadPage;
  site: HeadSite;
  /** The page's title after the replacement variables. */
  title: string;
  /** The page's description after the replacement variables. */
  description: string;
  /** The presentation's canonical (`context->canonical`). */
  canonical: string;
  breadcrumbs: readonly Crumb[];
}

type Piece = Record<string, JsonValue>;

/** `date_create_immutable_from_format('Y-m-d H:i:s', $gmt, UTC)->format(DATE_W3C)`. */
export function w3cDate(gmt: string): string {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(gmt) ? `${gmt.replace(' ', 'T')}+00:00` : gmt;
}

/** The social profiles Yoast reads from a person's user meta, in its order. */
const PERSON_PROFILES = [
  'facebook',
  'instagram',
  'linkedin',
  'pinterest',
  'twitter',
  'myspace',
  'youtube',
  'soundcloud',
  'tumblr',
  'wikipedia',
];

/** The html helper's `smart_strip_tags`: line breaks, `<br>`, block ends and list items as spaces or bullets, then no tags, single spaces. */
function smartStripTags(html: string): string {
  let text = html.replace(/[\r\n]/g, ' ').replace(/<br\s*\/?>/gi, ' ');
  text = text.replace(/<\/(p|div|h\d)>/gi, '</$1> ');
  const lower = text.toLowerCase();
  if (lower.includes('<li')) {
    let out = '';
    let kept = 0;
    for (let at = lower.indexOf('<li'); at >= 0; at = lower.indexOf('<li', kept)) {
      const end = lower.indexOf('>', at);
      if (end < 0) break;
      out += `${text.slice(kept, end + 1)}• `;
      kept = end + 1;
    }
    text = out + text.slice(kept);
  }
  return stripAllTags(text).replace(/\s+/g, ' ').trim();
}

/** Who the site represents (`generate_site_represents`): a named company with a logo, an existing user, or nobody. */
function representsOf(site: HeadSite): 'company' | 'person' | false {
  const choice = textSetting(site.settings, 'company_or_person');
  if (choice === 'company') return companyName(site) !== '' && Number(setting(site.settings, 'company_logo_id')) >= 1 ? 'company' : false;
  if (choice === 'person') return site.person ? 'person' : false;
  return false;
}

const siteName = (site: HeadSite): string => textSetting(site.settings, 'website_name') || site.name;
const companyName = (site: HeadSite): string => textSetting(site.settings, 'company_name') || siteName(site);
const language = (site: HeadSite): string => site.locale.replace('_', '-');

/** An ImageObject of an attachment (`generate_from_attachment_id`). */
function attachmentImage(id: string, image: HeadImage, site: HeadSite, caption = ''): Piece {
  const data: Piece = { '@type': 'ImageObject', inLanguage: language(site), '@id': id, url: image.url, contentUrl: image.url };
  if (image.width > 0 && image.height > 0) {
    data.width = image.width;
    data.height = image.height;
  }
  const text = caption !== '' ? caption : smartStripTags(image.caption);
  if (text !== '') data.caption = text;
  return data;
}

/**
 * `build_person_data`: the Person piece of the person the site represents (a Person and an
 * Organization with a logo), or the Author piece of a post's author (only a Person unless the
 * site represents them, with their author archive's URL).
 */
function personPiece(person: HeadPerson, input: GraphInput, role: { organization: boolean; author: boolean }): Piece {
  const { site } = input;
  const siteUrl = `${site.home}/`;
  const data: Piece = {
    '@type': role.organization ? ['Person', 'Organization'] : 'Person',
    '@id': person.schemaId,
    name: smartStripTags(person.displayName),
  };
  const pronouns = smartStripTags(person.pronouns);
  if (pronouns !== '') data.pronouns = pronouns;
  const imageId = `${siteUrl}#/schema/person/image/`;
  if (person.avatar !== '') {
    const image: Piece = {
      '@type': 'ImageObject',
      inLanguage: language(site),
      '@id': imageId,
      url: person.avatar,
      contentUrl: person.avatar,
    };
    const caption = smartStripTags(person.displayName);
    if (caption !== '') image.caption = caption;
    data.image = image;
  }
  if (role.organization) data.logo = { '@id': imageId };
  if (person.description !== '') data.description = smartStripTags(person.description);
  const sameAs: string[] = [];
  if (person.url !== '') sameAs.push(person.url);
  for (const profile of PERSON_PROFILES) {
    const value = person.profiles[profile] ?? '';
    if (value !== '') sameAs.push(profile === 'twitter' ? `https://x.com/${value}` : value);
  }
  if (sameAs.length > 0) data.sameAs = [...new Set(sameAs)];
  if (role.author && input.page.kind === 'post' && setting(site.settings, 'disable-author') !== true) data.url = person.postsUrl;
  return data;
}

/** The Organization piece. */
function organizationPiece(input: GraphInput): Piece {
  const { site } = input;
  const siteUrl = `${site.home}/`;
  const name = companyName(site);
  const logoId = `${siteUrl}#/schema/logo/image/`;
  const logo: Piece = site.companyLogo
    ? attachmentImage(logoId, site.companyLogo, site, name)
    : { '@type': 'ImageObject', inLanguage: language(site), '@id': logoId, url: false, contentUrl: false, caption: name };
  const data: Piece = { '@type': 'Organization', '@id': `${siteUrl}#organization`, name: smartStripTags(name) };
  const alternate = textSetting(site.settings, 'company_alternate_name');
  if (alternate !== '') data.alternateName = alternate;
  data.url = siteUrl;
  data.logo = logo;
  data.image = { '@id': logoId };
  const twitter = textSetting(site.settings, 'twitter_site');
  const others = setting(site.settings, 'other_social_urls');
  const profiles = [
    textSetting(site.settings, 'facebook_site'),
    twitter === '' ? '' : `https://x.com/${twitter}`,
    ...(Array.isArray(others) ? others.filter((url): url is string => typeof url === 'string') : []),
  ].filter((url) => url !== '');
  if (profiles.length > 0) data.sameAs = [...new Set(profiles)];
  return data;
}

/** `schema_page_type`: WebPage plus the post's own page type, or CollectionPage for archives. */
function pageTypeOf(page: HeadPage, site: HeadSite): string | string[] {
  if (page.kind === '404') return 'WebPage';
  if (page.kind !== 'post') return 'CollectionPage';
  const own = page.meta._yoast_wpseo_schema_page_type;
  const additional = typeof own === 'string' && own !== '' ? own : textSetting(site.settings, `schema-page-type-${page.post.post_type}`);
  const types = [...new Set(['WebPage', additional, ...(page.isPostsPage ? ['CollectionPage'] : [])])].filter((type) => type !== '');
  return types.length === 1 ? types[0]! : types;
}

/** `schema_article_type`: the post's own or its type's setting; `None` for no Article. */
function articleTypeOf(page: Extract<HeadPage, { kind: 'post' }>, site: HeadSite): string | string[] {
  const own = page.meta._yoast_wpseo_schema_article_type;
  const chosen = typeof own === 'string' && own !== '' ? own : textSetting(site.settings, `schema-article-type-${page.post.post_type}`);
  if (chosen === 'None' || chosen === '') return 'None';
  return chosen.toLowerCase().includes('article') ? chosen : ['Article', chosen];
}

/** The post's term names of a taxonomy, without `Uncategorized`. */
function termNames(page: Extract<HeadPage, { kind: 'post' }>, taxonomy: string): string[] {
  return (page.terms.get(taxonomy) ?? []).map((term) => term.name).filter((name) => name !== 'Uncategorized');
}

/** The Article piece's `wordCount`: words of the title and the content without tags (code blocks counted too). */
function wordCount(title: string, content: string): number {
  const text = stripAllTags(`${title} ${content}`.replaceAll('><', '> <'));
  return (text.match(/[A-Za-z][A-Za-z'-]*/g) ?? []).length;
}

/** The Article piece. */
function articlePiece(
  page: Extract<HeadPage, { kind: 'post' }>,
  input: GraphInput,
  type: string | string[],
  publisher: JsonValue | null,
): Piece {
  const { site, canonical } = input;
  const post = page.post;
  const data: Piece = {
    '@type': type,
    '@id': `${canonical}#article`,
    isPartOf: { '@id': page.permalink },
    author: { name: smartStripTags(page.author?.displayName ?? ''), '@id': page.author?.schemaId ?? '' },
    headline: smartStripTags(post.post_title),
    datePublished: w3cDate(post.post_date_gmt),
  };
  if (post.post_modified_gmt > post.post_date_gmt) data.dateModified = w3cDate(post.post_modified_gmt);
  data.mainEntityOfPage = { '@id': page.permalink };
  data.wordCount = wordCount(post.post_title, post.post_content.slice(0, 262_144));
  if (post.comment_status === 'open') data.commentCount = post.comment_count;
  if (publisher) data.publisher = publisher;
  if (page.image && post.post_password === '') {
    data.image = { '@id': `${canonical}#primaryimage` };
    data.thumbnailUrl = page.image.url;
  }
  const keywords = termNames(page, 'post_tag');
  if (keywords.length > 0) data.keywords = keywords;
  const sections = termNames(page, 'category');
  if (sections.length > 0) data.articleSection = sections;
  data.inLanguage = language(site);
  if (page.postType.supportsComments && post.comment_status === 'open')
    data.potentialAction = [{ '@type': 'CommentAction', name: 'Comment', target: [`${canonical}#respond`] }];
  return data;
}

/** The WebPage piece. */
function webPagePiece(
  input: GraphInput,
  type: string | string[],
  represents: 'company' | 'person' | false,
  image: HeadImage | null,
): Piece {
  const { page, site, canonical } = input;
  const permalink = page.kind === '404' ? '' : page.permalink;
  const data: Piece = {
    '@type': type,
    '@id': permalink,
    url: canonical,
    name: smartStripTags(input.title),
    isPartOf: { '@id': `${site.home}/#website` },
  };
  if (image) {
    data.primaryImageOfPage = { '@id': `${canonical}#primaryimage` };
    data.image = { '@id': `${canonical}#primaryimage` };
    data.thumbnailUrl = image.url;
  }
  if (page.kind === 'post') {
    data.datePublished = w3cDate(page.post.post_date_gmt);
    if (page.post.post_modified_gmt > page.post.post_date_gmt) data.dateModified = w3cDate(page.post.post_modified_gmt);
    if (page.post.post_type === 'post' && represents === false) data.author = { '@id': page.author?.schemaId ?? '' };
  }
  if (input.description !== '') data.description = smartStripTags(input.description);
  data.breadcrumb = { '@id': `${canonical}#breadcrumb` };
  data.inLanguage = language(site);
  const collection = type === 'CollectionPage' || (Array.isArray(type) && type.includes('CollectionPage'));
  if (!collection) data.potentialAction = [{ '@type': 'ReadAction', target: [canonical] }];
  return data;
}

/** The BreadcrumbList piece: the last crumb without its URL, crumbs without text left out. */
function breadcrumbPiece(input: GraphInput): Piece {
  const crumbs = input.breadcrumbs.map((crumb, index) => (index === input.breadcrumbs.length - 1 ? { text: crumb.text } : crumb));
  const items = crumbs
    .filter((crumb) => crumb.text !== '')
    .map((crumb, index): Piece => {
      const item: Piece = { '@type': 'ListItem', position: index + 1, name: smartStripTags(crumb.text) };
      if ('url' in crumb && crumb.url !== '') item.item = crumb.url;
      return item;
    });
  return { '@type': 'BreadcrumbList', '@id': `${input.canonical}#breadcrumb`, itemListElement: items };
}

/** The WebSite piece, with its SearchAction. */
function webSitePiece(site: HeadSite, publisher: JsonValue | null): Piece {
  const siteUrl = `${site.home}/`;
  const data: Piece = {
    '@type': 'WebSite',
    '@id': `${siteUrl}#website`,
    url: siteUrl,
    name: smartStripTags(siteName(site)),
    description: site.description,
  };
  if (publisher) data.publisher = publisher;
  const alternate = textSetting(site.settings, 'alternate_website_name');
  if (alternate !== '') data.alternateName = smartStripTags(alternate);
  data.potentialAction = [
    {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}?s={search_term_string}` },
      'query-input': { '@type': 'PropertyValueSpecification', valueRequired: true, valueName: 'search_term_string' },
    },
  ];
  data.inLanguage = language(site);
  return data;
}

/** What `protected_webpage_schema` keeps of a protected post's WebPage, in the piece's own order. */
const PROTECTED_KEYS = new Set(['@type', '@id', 'url', 'name', 'isPartOf', 'inLanguage', 'datePublished', 'dateModified', 'breadcrumb']);

/** `Schema_Generator::generate`: `{@context, @graph}` of a page. */
export function schemaGraph(input: GraphInput): JsonValue {
  const { page, site } = input;
  const represents = representsOf(site);
  const siteUrl = `${site.home}/`;
  const publisher: JsonValue | null =
    represents === 'company'
      ? { '@id': `${siteUrl}#organization` }
      : represents === 'person' && site.person
        ? { '@id': site.person.schemaId }
        : null;
  const pageType = pageTypeOf(page, site);
  const post = page.kind === 'post' ? page : null;
  const mainImage = post && !post.staticHome && post.post.post_password === '' ? post.image : null;
  const articleType = post ? articleTypeOf(post, site) : 'None';
  const hasArticle = post !== null && post.postType.supportsAuthor && articleType !== 'None';
  const graph: Piece[] = [];
  if (post && post.post.post_password !== '') {
    // `get_graph_pieces` of a password-protected post: WebPage (`protected_webpage_schema`), WebSite, Organization.
    const webPage = webPagePiece(input, pageType, represents, null);
    const protectedPage: Piece = {};
    for (const [key, value] of Object.entries(webPage))
      if (PROTECTED_KEYS.has(key)) protectedPage[key] = key === '@type' ? 'WebPage' : value;
    graph.push(protectedPage, webSitePiece(site, publisher));
    if (represents === 'company') graph.push(organizationPiece(input));
    return { '@context': 'https://schema.org', '@graph': graph };
  }
  if (post && hasArticle) graph.push(articlePiece(post, input, articleType, publisher));
  if (page.kind !== '404') graph.push(webPagePiece(input, pageType, represents, mainImage));
  if (mainImage) graph.push(attachmentImage(`${input.canonical}#primaryimage`, mainImage, site));
  let breadcrumb: Piece | null = null;
  if (page.kind !== '404') {
    breadcrumb = breadcrumbPiece(input);
    graph.push(breadcrumb);
  }
  graph.push(webSitePiece(site, publisher));
  if (represents === 'company') graph.push(organizationPiece(input));
  const authorIsSite = represents === 'person' && hasArticle && site.person !== null && post?.post.post_author === site.person.id;
  if (represents === 'person' && site.person && !authorIsSite)
    graph.push(personPiece(site.person, input, { organization: true, author: false }));
  if (hasArticle && post?.author) graph.push(personPiece(post.author, input, { organization: authorIsSite, author: true }));
  // `remove_empty_breadcrumb`: a list of one crumb goes, and the WebPage's reference to it.
  if (breadcrumb && Array.isArray(breadcrumb.itemListElement) && breadcrumb.itemListElement.length === 1) {
    graph.splice(graph.indexOf(breadcrumb), 1);
    for (const piece of graph) if (piece['@type'] === pageType && 'breadcrumb' in piece) delete piece.breadcrumb;
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}
