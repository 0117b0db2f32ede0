// Genesis's layout registry (`genesis_register_layout`) and the lookup `layouts/{type}` answers
// with (`genesis_get_layouts` as Genesis 3.3 calls it with a comma list of types).
import { isNumeric, isPhpArray, toPhpString } from '../../core/php/values.js';
import { setOwn } from '../../core/own-property.js';

/** A layout as Genesis registers it: what `layouts/{type}` answers for it. */
export interface ThemeLayout {
  /** The name the layout picker shows. */
  label: string;
  /** Its picture: an absolute URL, or a path from the site's address (`/wp-content/…`). */
  img: string;
  /** The layout types it serves: `site`, `singular`, a post type (`page`), one post (`page-24`). */
  type: readonly string[];
  /** Whether it is the default; Genesis's `content-sidebar` is, and `sidebar-content` says it is not. */
  default?: boolean;
}

/** A layout a host registers; what it leaves out is `genesis_register_layout`'s default (no label, the blank picture, type `site`). */
export type GivenThemeLayout = Partial<ThemeLayout>;

/** The registered layouts by id, in registration order. */
export type LayoutRegistry = ReadonlyMap<string, ThemeLayout>;

/** Where Genesis's layout pictures are, below the site's address (`GENESIS_ADMIN_IMAGES_URL . '/layouts/'`). */
const IMAGES = '/wp-content/themes/genesis/lib/admin/images/layouts/';

/** Genesis's six layouts (its `config/layouts.php`, left to right), as `genesis_register_layout` stores them. */
const GENESIS_LAYOUTS: ReadonlyArray<[string, ThemeLayout]> = [
  ['content-sidebar', { label: 'Content, Primary Sidebar', img: `${IMAGES}cs.gif`, type: ['site'], default: true }],
  ['sidebar-content', { label: 'Primary Sidebar, Content', img: `${IMAGES}sc.gif`, type: ['site'], default: false }],
  ['content-sidebar-sidebar', { label: 'Content, Primary Sidebar, Secondary Sidebar', img: `${IMAGES}css.gif`, type: ['site'] }],
  ['sidebar-sidebar-content', { label: 'Secondary Sidebar, Primary Sidebar, Content', img: `${IMAGES}ssc.gif`, type: ['site'] }],
  ['sidebar-content-sidebar', { label: 'Secondary Sidebar, Content, Primary Sidebar', img: `${IMAGES}scs.gif`, type: ['site'] }],
  ['full-width-content', { label: 'Full Width Content', img: `${IMAGES}c.gif`, type: ['site'] }],
];

/** `genesis_register_layout`'s defaults for what a registration leaves out. */
const UNSET: ThemeLayout = { label: 'No Label Selected', img: `${IMAGES}none.gif`, type: ['site'] };

/** A host's layout with Genesis's defaults filled in, refused at mount when its types are not a list of strings. */
function registered(id: string, given: GivenThemeLayout): ThemeLayout {
  const layout = { ...UNSET, ...given };
  if (!Array.isArray(layout.type) || !layout.type.every((type) => typeof type === 'string'))
    throw new TypeError(`site-rest: theme layout ${id} needs its type as a list of strings`);
  return { ...layout, type: [...layout.type] };
}

/**
 * Genesis's six layouts and a host's: a new id is registered after them, a known id is replaced in
 * its place, `false` unregisters one. A layout given as the default takes the flag from the
 * others, as `genesis_set_default_layout` does.
 */
export function layoutRegistry(given: Readonly<Record<string, GivenThemeLayout | false>> = {}): LayoutRegistry {
  const layouts = new Map<string, ThemeLayout>(GENESIS_LAYOUTS);
  for (const [id, layout] of Object.entries(given)) {
    if (id === '' || id === '0') throw new TypeError('site-rest: a theme layout needs an id');
    if (layout === false) layouts.delete(id);
    else layouts.set(id, registered(id, layout));
  }
  const chosen = Object.entries(given).findLast(([, layout]) => layout !== false && layout.default === true)?.[0];
  if (chosen !== undefined) {
    for (const [id, { label, img, type }] of layouts) if (id !== chosen) layouts.set(id, { label, img, type });
  }
  return layouts;
}

/** Most types of a comma list `layouts/{type}` tries, from the right; the ones further left are not tried. */
const MAX_LAYOUT_TYPES = 32;

/**
 * The types `genesis_get_layouts` tries for a comma list, in order: right to left, then `site`;
 * a number last in the list names one post of the type before it (`page,24` → `page-24`, a lone
 * `24` → `site-24`). Only the last {@link MAX_LAYOUT_TYPES} are split off, so a long list costs no more.
 */
function typesToTry(list: string): string[] {
  const types: string[] = [];
  let end = list.length;
  for (;;) {
    const comma = end === 0 ? -1 : list.lastIndexOf(',', end - 1);
    types.push(list.slice(comma + 1, end));
    if (comma < 0 || types.length === MAX_LAYOUT_TYPES) break;
    end = comma;
  }
  types.push('site');
  if (isNumeric(types[0])) types[0] = `${types[1]}-${types[0]}`;
  return types;
}

/**
 * The types to try for the request's `type` param (WordPress's merged params: a query or JSON
 * `type` beats the path's). A number reads as its text; `true`, `false` or null as a type no
 * layout has; a list or object as null, since Genesis's `strpos()` on it is PHP's fatal TypeError.
 */
export function layoutTypes(param: unknown): string[] | null {
  if (typeof param === 'string') return typesToTry(param);
  if (typeof param === 'number') return typesToTry(toPhpString(param));
  return isPhpArray(param) ? null : ['site'];
}

/** A layout as the route answers it: keys in `genesis_register_layout`'s order, its picture under the site's address. */
function present(layout: ThemeLayout, siteUrl: string): Record<string, unknown> {
  const img = layout.img.startsWith('/') && !layout.img.startsWith('//') ? siteUrl + layout.img : layout.img;
  const out: Record<string, unknown> = { label: layout.label, img, type: layout.type };
  if (layout.default !== undefined) out.default = layout.default;
  return out;
}

/** The layouts of the first type that has any, by id in registration order; `[]` when none has, as PHP encodes an empty array. */
export function layoutsOf(registry: LayoutRegistry, types: readonly string[], siteUrl: string): Record<string, unknown> | [] {
  for (const type of types) {
    const found: Record<string, unknown> = {};
    let any = false;
    for (const [id, layout] of registry) {
      if (!layout.type.includes(type)) continue;
      setOwn(found, id, present(layout, siteUrl));
      any = true;
    }
    if (any) return found;
  }
  return [];
}
