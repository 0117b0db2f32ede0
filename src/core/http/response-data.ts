import { isScalar, toPhpString } from '../php/values.js';
import { phpTrim } from '../php/strings.js';
import { parseList } from '../schema/coerce.js';
import { isPlainObject, setOwn } from '../own-property.js';
import type { RestLink, RestResponse } from './response.js';

/** The fields a `_fields` list asks for, as a tree: `title.rendered,id` → `{title: {rendered: true}, id: true}`. */
export type FieldTree = { [field: string]: FieldTree | true };

/** Whether an object has an enumerable own property. */
function hasOwnKey(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
}

/**
 * The fields a `_fields` param names, as WordPress reads it everywhere (`get_fields_for_response`,
 * `rest_filter_response_fields`): `wp_parse_list`, each trimmed, empty ones left out.
 */
export function requestedFieldList(fields: unknown): string[] {
  if (fields === undefined || fields === null) return [];
  const list = Array.isArray(fields) ? fields : isPlainObject(fields) ? Object.values(fields) : isScalar(fields) ? parseList(fields) : [];
  return list.map((f) => phpTrim(toPhpString(f))).filter((f) => f !== '');
}

/** The nested tree of wanted fields: `title.rendered,id` → `{title: {rendered: true}, id: true}`. */
export function fieldTree(fields: string[]): FieldTree {
  const tree: FieldTree = {};
  outer: for (const field of fields) {
    const parts = field.split('.');
    const last = parts.length - 1;
    let ref = tree;
    // Walked by index: `shift()` per step made a long dotted path cost quadratic time.
    for (let i = 0; i < last; i++) {
      const next = parts[i]!;
      // Own members only: `constructor.prototype.x` must not walk into Object.prototype.
      const existing = Object.hasOwn(ref, next) ? ref[next] : undefined;
      // A parent already included whole makes its sub-fields moot.
      if (existing === true) continue outer;
      if (existing === undefined) {
        const child: FieldTree = {};
        setOwn(ref, next, child);
        ref = child;
      } else {
        ref = existing;
      }
    }
    setOwn(ref, parts[last]!, true);
  }
  return tree;
}

/**
 * `rest_is_field_included` over a {@link FieldTree}: the field, one of its parents or one of its
 * children is wanted. One walk down the field's own path, however long the `_fields` list is.
 */
export function isFieldWanted(field: string, tree: FieldTree): boolean {
  let node: FieldTree | true = tree;
  for (const part of field.split('.')) {
    if (node === true) return true;
    if (!Object.hasOwn(node, part)) return false;
    node = node[part]!;
  }
  return true;
}

/** The parts of `data` a {@link FieldTree} names, nested, in the data's order; a new object, the input left as it is. */
export function keepFields(data: unknown, tree: FieldTree): unknown {
  if (!isPlainObject(data) && !Array.isArray(data)) return data;
  const source = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (!Object.hasOwn(tree, key)) continue;
    const want = tree[key]!;
    const value = source[key];
    setOwn(out, key, want !== true && (isPlainObject(value) || Array.isArray(value)) ? keepFields(value, want) : value);
  }
  return Array.isArray(data) && Object.keys(out).length === 0 ? [] : out;
}

/**
 * `_fields` filtering (`rest_filter_response_fields`): keeps only the listed fields, nested
 * with dots, on the object or on each item of a list. Returns the data unchanged when the
 * list is empty; never mutates the input.
 */
export function filterFields(data: unknown, fields: unknown): unknown {
  const list = requestedFieldList(fields);
  if (list.length === 0) return data;
  const tree = fieldTree(list);
  if (Array.isArray(data)) return data.map((item) => keepFields(item, tree));
  return keepFields(data, tree);
}

/** The `curies` entry of `_links` whenever a relation is shortened to `wp:…`. */
export const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
// The one curie's prefix and short name, worked out once rather than for every relation of every answer.
const CURIE_PREFIX = CURIES[0]!.href.slice(0, CURIES[0]!.href.indexOf('{rel}'));
const CURIE_NAME = `${CURIES[0]!.name}:`;

/** A link as `_links` shows it: its attributes in their order, then `href`. */
function hrefLast(link: RestLink): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(link)) if (key !== 'href') setOwn(out, key, link[key]);
  out.href = link.href;
  return out;
}

/**
 * A response's links as `_links` shows them: attributes before `href`, and relations under
 * `https://api.w.org/` shortened to `wp:…` with the `curies` entry (`get_compact_response_links`).
 */
export function compactLinks(links: Record<string, RestLink[]>): Record<string, unknown> | null {
  // Most answers have no links: found out without building the list of their names.
  if (!hasOwnKey(links)) return null;
  const rels = Object.keys(links);
  const out: Record<string, unknown> = {};
  // Compacted relations follow the plain ones, as WordPress appends them.
  const compacted: Array<[string, Record<string, unknown>[]]> = [];
  for (const rel of rels) {
    const items = links[rel]!.map(hrefLast);
    if (rel.length > CURIE_PREFIX.length && rel.startsWith(CURIE_PREFIX))
      compacted.push([CURIE_NAME + rel.slice(CURIE_PREFIX.length), items]);
    else out[rel] = items;
  }
  for (const [name, items] of compacted) out[name] = items;
  if (compacted.length > 0) out.curies = CURIES;
  return out;
}

/** `response_to_data`: the data with the response's links added as `_links` (objects only). */
export function responseToData(response: RestResponse): unknown {
  const links = compactLinks(response.links);
  if (!links || !isPlainObject(response.data)) return response.data;
  return { ...response.data, _links: links };
}

/** `envelope_response`: the answer folded into `{body, status, headers}`, always served with 200. */
export function envelope(response: RestResponse): { body: unknown; status: number; headers: Record<string, unknown> | [] } {
  const headers: Record<string, unknown> | [] = Object.keys(response.headers).length > 0 ? { ...response.headers } : [];
  return { body: responseToData(response), status: response.status, headers };
}
