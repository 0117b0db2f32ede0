// Site Health's tag placement test (`Tag_Placement::tag_placement_test`): for each active module
// that places a tag, whether its page carries it. Site Kit searches the page with each module's
// `Tag_Matchers` regexes; here each is written to run in linear time on the page (a tag's
// attributes are read up to the next `<`, where Site Kit's `[^>]*` would run on), as the page is
// as large as the fetch's cap allows.
import type { SettingsObject } from '../option-object.js';

/** A test of a page: whether a module's tag is on it. */
type TagRule = (html: string) => boolean;

/** Whether `html` from `from` reaches a `>` before any `<`, and where (-1 when not). */
function tagEnd(html: string, from: number): number {
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === 0x3e) return i;
    if (c === 0x3c) return -1;
  }
  return -1;
}

/** What must follow a tag pattern's match: given the page, where the match ends, and where the page's last `>` is. */
type Tail = (html: string, end: number, lastTagEnd: number) => boolean;

/** Whether some match of `head` (a global regex, run from the start each time) is followed by what `tail` asks. */
function headThen(head: RegExp, tail: Tail): TagRule {
  return (html) => {
    const lastTagEnd = html.lastIndexOf('>');
    head.lastIndex = 0;
    for (let match = head.exec(html); match !== null; match = head.exec(html)) if (tail(html, head.lastIndex, lastTagEnd)) return true;
    return false;
  };
}

/** A regex found anywhere. */
const found =
  (re: RegExp): TagRule =>
  (html) =>
    re.test(html);

/** The tag ends here and `</script>` follows (`[^>]*><\/script>`). */
const closedScript: Tail = (html, end) => {
  const at = tagEnd(html, end);
  return at >= 0 && html.slice(at + 1, at + 10).toLowerCase() === '</script>';
};

/** The first `/` after here closes the tag (`[^\/]*\/>`). */
const selfClosed: Tail = (html, end) => {
  for (let i = end; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (c === 0x2f) return html.charCodeAt(i + 1) === 0x3e;
    if (c === 0x3c) return false;
  }
  return false;
};

/** Some `>` comes after here (`[^>]*>`). */
const anyTagEnd: Tail = (_html, end, lastTagEnd) => lastTagEnd >= end;

/** Google Tag Manager's injection script: `<script…>` whose text names `www.googletagmanager.com/gtm`, then a quoted container id. */
function gtmInjection(html: string): boolean {
  const open = /<script[^<>]*>/g;
  for (let match = open.exec(html); match !== null; match = open.exec(html)) {
    const close = html.indexOf('>', open.lastIndex);
    const text = html.slice(open.lastIndex, close < 0 ? html.length : close);
    // `[^>]+?` on either side of the address: a character at least before it, and before the quote.
    const at = text.indexOf('www.googletagmanager.com/gtm');
    if (at >= 1 && /['|"]GTM-[0-9A-Z]+['|"]/.test(text.slice(at + 29))) return true;
    // No `>` left: no later `<script…>` either.
    if (close < 0) return false;
    open.lastIndex = close;
  }
  return false;
}

/** AdSense's auto-ads tag: `<script…` or `<amp-auto-ads…` with a `src="…?client=ca-pub-…"`. */
function autoAdsSource(html: string): boolean {
  const open = /<(?:script|amp-auto-ads)[^<>]*src="/g;
  const lastTagEnd = html.lastIndexOf('>');
  for (let match = open.exec(html); match !== null; match = open.exec(html)) {
    let end = open.lastIndex;
    while (end < html.length && html[end] !== '"' && html[end] !== '<') end++;
    const value = html.slice(open.lastIndex, end);
    const client = value.indexOf('?client=ca-pub-');
    if (html[end] === '"' && client >= 0 && client + 15 < value.length && anyTagEnd(html, end + 1, lastTagEnd)) return true;
  }
  return false;
}

/** Each tag-placing module's rules, by slug (its `Tag_Matchers`); Sign in with Google has none. */
const RULES: Readonly<Record<string, readonly TagRule[]>> = {
  'analytics-4': [
    headThen(/<script\s[^<>]*src=['|"]https?:\/\/(?:www\.)?googletagmanager\.com\/gtag\/js\?id=G-[a-zA-Z0-9]+['|"]/gi, closedScript),
    headThen(/<script\s[^<>]*src=['|"]https?:\/\/(?:www\.)?googletagmanager\.com\/gtag\/js\?id=G-[a-zA-Z0-9]+['|"]/gi, selfClosed),
    found(/(?:__gaTracker|ga|gtag)\s*\(\s*['|"]create['|"]\s*,\s*['|"]G-[a-zA-Z0-9]+['|"],\s*['|"]auto['|"]\s*\)/i),
    found(/(?:__gaTracker|ga|gtag)\s*\(\s*['|"]config['|"]\s*,\s*['|"]GT?-[a-zA-Z0-9]+['|"]\s*\)/i),
  ],
  tagmanager: [
    gtmInjection,
    found(/<script[^<>]*src=['|"]https:\/\/www.googletagmanager.com\/(?:gtm\.js|ns\.html)\?id=GTM-[0-9A-Z]+['|"]/),
    found(/<amp-analytics [^<>]*config=['|"]https:\/\/www.googletagmanager.com\/amp.json\?id=GTM-[0-9A-Z]+['|"]/),
    found(/gtag\s*\(\s*['"]config['"]\s*,\s*['"]GTM-[a-zA-Z0-9]+['"]\s*\)/i),
  ],
  adsense: [
    found(/google_ad_client: ?["|'][^"|'\n\r\u2028\u2029]*["|']/),
    found(/<(?:script|amp-auto-ads) [^<>]*data-ad-client="[^"]+"/),
    autoAdsSource,
  ],
  ads: [found(/gtag\s*\(\s*['|"]config['|"]\s*,\s*['|"]AW-[0-9]+['|"]\s*\)/i)],
  'reader-revenue-manager': [
    headThen(/<script\s[^<>]*src=['|"]https?:\/\/news\.google\.com\/swg\/js\/v1\/swg-basic\.js['|"]/g, anyTagEnd),
    found(/\(self\.SWG_BASIC=self\.SWG_BASIC\|\|\[\]\)\.push/),
  ],
  'sign-in-with-google': [],
};

/** Whether a module places a tag (`Module_With_Tag`). */
export function placesTag(slug: string): boolean {
  return Object.hasOwn(RULES, slug);
}

/** Site Kit's wording of what it found, by `Module_Tag_Matchers`' outcome. */
const FOUND_WITH_COMMENT = 'Tag detected and placed by Site Kit.';
const FOUND = 'Tag detected but could not verify that Site Kit placed the tag.';
const NOT_FOUND = 'No tag detected.';
/** A page that could not be fetched. */
export const FETCH_FAILED = 'There was an error while trying to get the status, please try again later.';
/** A module whose snippet is turned off. */
export const SNIPPET_DISABLED = 'Tag placement disabled in settings.';

/**
 * What a module's page tells (`has_placed_tag_in_content` and `check_if_tag_exists`): Site Kit's
 * comment around its snippet, else one of the module's tag patterns, else none.
 */
export function tagOutcome(slug: string, name: string, html: string): string {
  // Site Kit drops a "4" from the name ("Analytics 4") before looking for its comment.
  const shown = name.includes('4') ? name.replaceAll('4', '').trim() : name;
  if (html.includes(`Google ${shown} snippet added by Site Kit`)) return FOUND_WITH_COMMENT;
  return (RULES[slug] ?? []).some((rule) => rule(html)) ? FOUND : NOT_FOUND;
}

/** Whether Site Kit skips a module's page because its settings turn its snippet off (`canUseSnippet` set, `useSnippet` empty). */
export function snippetDisabled(settings: SettingsObject): boolean {
  const can = settings.canUseSnippet;
  return can !== undefined && can !== null && !settings.useSnippet;
}

/** One line of the test's description: the module's label and what was found. */
export function describeModule(label: string, outcome: string): string {
  return `<li><strong>${label}</strong>: ${outcome}</li>`;
}
