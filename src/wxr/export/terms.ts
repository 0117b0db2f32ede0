import type { JsonValue, MetaTable, TermRow } from '../../store/types.js';
import { metaText } from './meta-text.js';
import { cdata, type Replacements } from './xml-text.js';

/**
 * Terms with no child before its parent, as `export_wp` orders them, in linear time: each term in
 * its list's order once its parent is out, a child waiting on its parent. WordPress's own loop
 * never ends on a term whose parent is missing or in a cycle; those come last here, as roots.
 */
function parentsFirst(terms: readonly TermRow[]): { term: TermRow; parentSlug: string }[] {
  const byId = new Map(terms.map((term) => [term.term_id, term]));
  const waiting = new Map<number, TermRow[]>();
  const out: { term: TermRow; parentSlug: string }[] = [];
  const emitted = new Set<number>();
  const emit = (first: TermRow) => {
    const stack = [first];
    while (stack.length > 0) {
      const term = stack.pop()!;
      emitted.add(term.term_id);
      out.push({ term, parentSlug: term.parent && emitted.has(term.parent) ? byId.get(term.parent)!.slug : '' });
      const children = waiting.get(term.term_id);
      if (children) {
        waiting.delete(term.term_id);
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
      }
    }
  };
  for (const term of terms) {
    if (!term.parent || emitted.has(term.parent)) emit(term);
    else if (byId.has(term.parent)) {
      const siblings = waiting.get(term.parent);
      if (siblings) siblings.push(term);
      else waiting.set(term.parent, [term]);
    } else emit(term);
  }
  for (const children of waiting.values()) for (const child of children) if (!emitted.has(child.term_id)) emit(child);
  return out;
}

/** How many terms' meta is read in one query. */
const META_BATCH = 500;

/** The `wp:termmeta` of each term, read in batches: term id → its XML. */
async function termMetaXml(termMeta: MetaTable, ids: number[], replaced: Replacements): Promise<Map<number, string>> {
  const xml = new Map<number, string>();
  for (let i = 0; i < ids.length; i += META_BATCH) {
    const found = await termMeta.getMany(ids.slice(i, i + META_BATCH));
    for (const [id, keys] of found) xml.set(id, metaXml(keys, '\t\t', 'termmeta', replaced));
  }
  return xml;
}

/** Meta rows as `wp:postmeta` or `wp:termmeta` elements, keys in their order, each value a row. */
export function metaXml(keys: Record<string, JsonValue[]>, indent: string, element: string, replaced: Replacements, skip?: string): string {
  let xml = '';
  for (const [key, values] of Object.entries(keys)) {
    if (key === skip) continue;
    for (const value of values)
      xml += `${indent}<wp:${element}>\n${indent}<wp:meta_key>${cdata(key, replaced)}</wp:meta_key>\n${indent}<wp:meta_value>${cdata(metaText(value), replaced)}</wp:meta_value>\n${indent}</wp:${element}>\n`;
  }
  return xml;
}

/** The channel's `wp:category`, `wp:tag` and `wp:term` elements, in WordPress's shape. */
export async function termsXml(
  lists: { categories: TermRow[]; tags: TermRow[]; others: TermRow[]; menus: TermRow[] },
  termMeta: MetaTable,
  replaced: Replacements,
): Promise<string> {
  const categories = parentsFirst(lists.categories);
  const others = parentsFirst(lists.others);
  const meta = await termMetaXml(
    termMeta,
    [...lists.categories, ...lists.tags, ...lists.others].map((t) => t.term_id),
    replaced,
  );
  const optional = (element: string, text: string, indent = '') =>
    text === '' ? '' : `${indent}<wp:${element}>${cdata(text, replaced)}</wp:${element}>\n`;
  let xml = '';
  for (const { term, parentSlug } of categories) {
    xml +=
      `\t<wp:category>\n\t\t<wp:term_id>${term.term_id}</wp:term_id>\n` +
      `\t\t<wp:category_nicename>${cdata(term.slug, replaced)}</wp:category_nicename>\n` +
      `\t\t<wp:category_parent>${cdata(parentSlug, replaced)}</wp:category_parent>\n` +
      `\t\t${optional('cat_name', term.name)}${optional('category_description', term.description)}${meta.get(term.term_id) ?? ''}\t</wp:category>\n`;
  }
  for (const term of lists.tags) {
    xml +=
      `\t<wp:tag>\n\t\t<wp:term_id>${term.term_id}</wp:term_id>\n` +
      `\t\t<wp:tag_slug>${cdata(term.slug, replaced)}</wp:tag_slug>\n` +
      `\t\t${optional('tag_name', term.name)}${optional('tag_description', term.description)}${meta.get(term.term_id) ?? ''}\t</wp:tag>\n`;
  }
  for (const { term, parentSlug } of others) {
    xml +=
      `\t<wp:term>\n\t\t<wp:term_id>${term.term_id}</wp:term_id>\n` +
      `\t\t<wp:term_taxonomy>${cdata(term.taxonomy, replaced)}</wp:term_taxonomy>\n` +
      `\t\t<wp:term_slug>${cdata(term.slug, replaced)}</wp:term_slug>\n` +
      `\t\t<wp:term_parent>${cdata(parentSlug, replaced)}</wp:term_parent>\n` +
      `\t\t${optional('term_name', term.name)}${optional('term_description', term.description, '\t\t')}${meta.get(term.term_id) ?? ''}\t</wp:term>\n`;
  }
  for (const menu of lists.menus) {
    xml +=
      `\t<wp:term><wp:term_id>${menu.term_id}</wp:term_id><wp:term_taxonomy>nav_menu</wp:term_taxonomy>` +
      `<wp:term_slug>${cdata(menu.slug, replaced)}</wp:term_slug>${optional('term_name', menu.name)}</wp:term>\n`;
  }
  return xml;
}
