// The image half of `process_pattern`: every image URL in a pattern's content imported into the
// media library (Pexels images with the credit the pattern's image library gives them) and the
// content pointed at the attachments: the Kadence image blocks' `"id"` and `wp-image-<id>`, then
// every URL. The plugin finds the image blocks with a backtracking regex and rewrites the whole
// content once per block; here each block is found by a forward scan and the content rebuilt once.
import { isPlainObject } from '../../core/own-property.js';
import { isPhpArray, phpValues } from '../../core/php/values.js';
import { MAX_IMAGES_PER_REQUEST, PEXELS_IMAGES, type ImportedImage, type PatternImage } from '../image-import.js';
import { nextFinder, replaceAll } from './text-scan.js';

/** Every `https?://…` run up to a quote or a space, in order, each once (`preg_match_all` then `array_unique`). */
function contentUrls(content: string): string[] {
  return [...new Set(content.match(/https?:\/\/[^'" ]+/gi) ?? [])];
}

/** A host character of `check_for_image`'s pattern (`[a-z0-9-]`, case-insensitive). */
const isHostChar = (c: string) => /^[a-z0-9-]$/i.test(c);

/**
 * Whether `text` is a run of `[a-z0-9-].?` units (`([a-z0-9-].?)+`), decided by one pass over two
 * states: just after a host character (which an optional character of any kind may follow), or
 * after such an optional character.
 */
function isHostRun(text: string): boolean {
  let start = true;
  let afterHost = false;
  let afterAny = false;
  for (const c of text) {
    const host: boolean = isHostChar(c) && (start || afterHost || afterAny);
    afterAny = afterHost;
    afterHost = host;
    start = false;
  }
  return afterHost || afterAny;
}

const IMAGE_NAME = /^[A-Za-z0-9_-]+\.(?:jpg|png|gif|webp|jpeg)$/i;
const PORT = /:[0-9]+$/;

/**
 * `check_for_image`: a Pexels image URL, or one matching
 * `^((https?://)|(www\.))([a-z0-9-].?)+(:[0-9]+)?/[\w\-]+\.(jpg|png|gif|webp|jpeg)/?$`, decided
 * without the backtracking that pattern's nested quantifier costs: the file name is after the last
 * slash, the port before it, and the rest is checked by {@link isHostRun}.
 */
export function isImageLink(link: string): boolean {
  if (link === '' || link === '0') return false;
  if (link.startsWith(PEXELS_IMAGES)) return true;
  const scheme = /^(?:https?:\/\/|www\.)/i.exec(link);
  if (!scheme) return false;
  const rest = link.slice(scheme[0].length);
  const body = rest.endsWith('/') ? rest.slice(0, -1) : rest;
  const slash = body.lastIndexOf('/');
  if (slash < 0 || !IMAGE_NAME.test(body.slice(slash + 1))) return false;
  const host = body.slice(0, slash);
  if (isHostRun(host)) return true;
  const port = PORT.exec(host);
  return port !== null && isHostRun(host.slice(0, port.index));
}

/** The image URLs of a pattern's content `process_pattern` imports: images, not the 150 and 300 pixel sizes of a srcset, at most the cap. */
export function patternImageUrls(content: string): string[] {
  return contentUrls(content)
    .filter((url) => isImageLink(url) && !url.includes('-150x') && !url.includes('-300x'))
    .slice(0, MAX_IMAGES_PER_REQUEST);
}

/** The credit `get_image_info` finds for an image's URL in the pattern's image library (`data[].images[].sizes[].src`). */
export function libraryCredits(library: unknown): Map<string, Omit<PatternImage, 'url'>> {
  const credits = new Map<string, Omit<PatternImage, 'url'>>();
  if (!isPlainObject(library) || !isPhpArray(library.data)) return credits;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  for (const group of phpValues(library.data)) {
    if (!isPlainObject(group) || !isPhpArray(group.images)) continue;
    for (const image of phpValues(group.images)) {
      if (!isPlainObject(image) || !isPhpArray(image.sizes)) continue;
      for (const size of phpValues(image.sizes)) {
        if (!isPlainObject(size) || typeof size.src !== 'string' || credits.has(size.src)) continue;
        credits.set(size.src, {
          alt: text(image.alt),
          photographer: text(image.photographer),
          photographerUrl: text(image.photographer_url),
          photographUrl: text(image.url),
        });
      }
    }
  }
  return credits;
}

/** The image a pattern's URL names, with its credit when it is a Pexels image the library lists (`process_pattern`'s `$image`). */
export function patternImage(url: string, credits: ReadonlyMap<string, Omit<PatternImage, 'url'>>): PatternImage {
  const credit = url.startsWith(PEXELS_IMAGES) ? credits.get(url) : undefined;
  if (!credit) return { url };
  const alt = credit.alt ?? '';
  const filename = alt === '' ? '' : alt.toLowerCase().split(' ').slice(0, 7).join('-');
  return { url, ...credit, filename, title: `Photo by ${credit.photographer ?? ''}` };
}

/** A Kadence image block as the plugin's pattern captures it: where it lies, the id it names, its first image's `src`. */
interface ImageBlock {
  start: number;
  end: number;
  id: string;
  src: string;
}

const OPEN = '<!-- wp:kadence/image';
const CLOSE = '<!-- /wp:kadence/image -->';
const isWordChar = (c: string | undefined) => c !== undefined && /^\w$/.test(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * Each match of `<!-- wp:kadence\/image\b[^>]*?(?:"id":(\d+)),.*?"uniqueID":"[^"]+".*?-->(.*?)<img
 * src="([^"]+)".*?<!-- \/wp:kadence\/image -->` (dot matching newlines), in order: the first
 * `"id":<digits>,` before the opener's first `>`, then the first non-empty `"uniqueID":"…"`, the
 * next `-->`, the first non-empty `<img src="…"`, and the next closer. Every search moves forward,
 * and a marker missing past one block is missing past every later one, so the scan stops there.
 */
function kadenceImageBlocks(content: string): ImageBlock[] {
  const blocks: ImageBlock[] = [];
  const nextGt = nextFinder(content, '>');
  const nextId = nextFinder(content, '"id":');
  let from = 0;
  for (;;) {
    const start = content.indexOf(OPEN, from);
    if (start < 0) return blocks;
    const after = start + OPEN.length;
    if (isWordChar(content[after])) {
      from = start + 1;
      continue;
    }
    const gt = nextGt(after);
    const limit = gt < 0 ? content.length : gt;
    let id = '';
    let at = after;
    for (let q = nextId(at); q >= 0 && q < limit; q = nextId(at)) {
      let d = q + 5;
      while (isDigit(content[d])) d++;
      if (d > q + 5 && content[d] === ',') {
        id = content.slice(q + 5, d);
        at = d + 1;
        break;
      }
      at = q + 1;
    }
    if (id === '') {
      // No id before this opener's `>`: none for any opener before it either.
      if (gt < 0) return blocks;
      from = gt;
      continue;
    }
    const unique = quotedValue(content, '"uniqueID":"', at);
    const comment = unique && content.indexOf('-->', unique.end);
    const img = comment !== null && comment >= 0 ? quotedValue(content, '<img src="', comment + 3) : null;
    const close = img ? content.indexOf(CLOSE, img.end) : -1;
    if (!img || close < 0) return blocks;
    blocks.push({ start, end: close + CLOSE.length, id, src: content.slice(img.start, img.end - 1) });
    from = close + CLOSE.length;
  }
}

/** The first `<prefix>X…"` at or after `from` whose quoted value is not empty: where the value starts, and the index past its closing quote. */
function quotedValue(content: string, prefix: string, from: number): { start: number; end: number } | null {
  for (let at = content.indexOf(prefix, from); at >= 0; at = content.indexOf(prefix, at + 1)) {
    const start = at + prefix.length;
    const quote = content.indexOf('"', start);
    if (quote < 0) return null;
    if (quote > start) return { start, end: quote + 1 };
  }
  return null;
}

/** What an image URL of the pattern became: the attachment, or the URL kept with id 0 when its import failed. */
type ImportedUrls = ReadonlyMap<string, ImportedImage>;

/**
 * The content pointed at the imported images: in each Kadence image block whose `src` was
 * imported, `"id":<old>` and `wp-image-<old>` become the attachment's id and the `src` its URL;
 * then every imported URL in the whole content, and its slashed form as the plugin writes it.
 */
export function pointAtImports(content: string, imported: ImportedUrls): string {
  if (imported.size === 0) return content;
  const parts: string[] = [];
  let kept = 0;
  for (const block of kadenceImageBlocks(content)) {
    const image = imported.get(block.src);
    if (!image) continue;
    let text = content.slice(block.start, block.end);
    text = replaceAll(text, `"id":${block.id}`, `"id":${image.id}`);
    text = replaceAll(text, `wp-image-${block.id}`, `wp-image-${image.id}`);
    text = replaceAll(text, block.src, image.url);
    parts.push(content.slice(kept, block.start), text);
    kept = block.end;
  }
  parts.push(content.slice(kept));
  let out = parts.join('');
  for (const [url, image] of imported) {
    out = replaceAll(out, url, image.url);
    // The plugin's "slashed" form: each `/` followed by a backslash.
    out = replaceAll(out, url.replaceAll('/', '/\\'), image.url.replaceAll('/', '/\\'));
  }
  return out;
}
