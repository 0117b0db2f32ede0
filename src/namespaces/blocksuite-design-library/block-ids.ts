// `update_block_ids`: the `id` attribute of Kadence's post-backed blocks (header, navigation, query,
// query card, advanced form) pointed at the helper posts made for a pattern. The plugin parses and
// re-serializes every block; here each block comment is found in one pass over the content and only
// the openers whose id changes are rewritten, the rest of the content left byte for byte.
import { isPlainObject } from '../../core/own-property.js';
import { isIntegerKey, toBool } from '../../core/php/values.js';
import { nextFinder } from './text-scan.js';

/** The blocks whose `id` names a helper post (`$kadence_cpt_blocks`). */
const POST_BLOCKS = new Set(['kadence/header', 'kadence/navigation', 'kadence/query', 'kadence/query-card', 'kadence/advanced-form']);

/** A block name's characters after its first (`[a-z0-9_-]`). */
const isNameChar = (c: string) => (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c === '_' || c === '-';
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';

/** A block opener with attributes: its name and where its attributes' JSON lies. */
interface Opener {
  name: string;
  attrsStart: number;
  attrsEnd: number;
}

/**
 * The block comment opener at `at` (`<!-- wp:ns/name {…} -->` or `… /-->`) when it has attributes,
 * read as `WP_Block_Parser`'s delimiter pattern reads one whose JSON ends at the first `}` followed
 * by white space and `-->`; null otherwise.
 */
function openerAt(content: string, at: number, nextClose: (from: number) => number): Opener | null {
  let i = at + 4;
  if (!isSpace(content[i])) return null;
  while (isSpace(content[i])) i++;
  if (!content.startsWith('wp:', i)) return null;
  i += 3;
  const nameStart = i;
  while (i < content.length && (isNameChar(content[i]!) || content[i] === '/')) i++;
  let name = content.slice(nameStart, i);
  if (!name.includes('/')) name = `core/${name}`;
  if (!isSpace(content[i])) return null;
  while (isSpace(content[i])) i++;
  if (content[i] !== '{') return null;
  const close = nextClose(i);
  if (close < 0) return null;
  let j = close - 1;
  if (content[j] === '/') j--;
  if (!isSpace(content[j])) return null;
  while (isSpace(content[j])) j--;
  return content[j] === '}' ? { name, attrsStart: i, attrsEnd: j + 1 } : null;
}

/** `serialize_block_attributes`: JSON with `--`, `<`, `>`, `&` and `\"` escaped, so the comment cannot end early. */
function serializeAttributes(attrs: Record<string, unknown>): string {
  return JSON.stringify(attrs)
    .replaceAll('--', '\\u002d\\u002d')
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\\"', '\\u0022');
}

/** A block id as a PHP array key: an integer (also written as text), else the text itself. */
const idKey = (id: unknown): string | null =>
  typeof id === 'number' && Number.isInteger(id)
    ? String(id)
    : typeof id === 'string'
      ? isIntegerKey(id)
        ? String(Number(id))
        : id
      : null;

/** The content with every post-backed block whose `id` the map names given the new id. */
export function updateBlockIds(content: string, idMap: ReadonlyMap<string, number>): string {
  if (idMap.size === 0) return content;
  const parts: string[] = [];
  let kept = 0;
  const nextClose = nextFinder(content, '-->');
  let at = content.indexOf('<!--');
  while (at >= 0) {
    const opener = openerAt(content, at, nextClose);
    let next = at + 4;
    if (opener && POST_BLOCKS.has(opener.name)) {
      next = opener.attrsEnd;
      let attrs: unknown;
      try {
        attrs = JSON.parse(content.slice(opener.attrsStart, opener.attrsEnd));
      } catch {
        attrs = null;
      }
      const key = isPlainObject(attrs) && toBool(attrs.id) ? idKey(attrs.id) : null;
      const id = key === null ? undefined : idMap.get(key);
      if (id !== undefined && isPlainObject(attrs)) {
        parts.push(content.slice(kept, opener.attrsStart), serializeAttributes({ ...attrs, id }));
        kept = opener.attrsEnd;
      }
    }
    at = content.indexOf('<!--', next);
  }
  parts.push(content.slice(kept));
  return parts.join('');
}
