// The layout library's component registry, as Genesis Blocks' `Component_Registry` keeps it:
// layouts and sections by key, in registration order, each registered with every field given and
// not empty. Built once when the namespace is made, from the shipped defaults and the host's own.

/** A collection a component belongs to, as Genesis Blocks' pattern files name it. */
export interface LayoutCollection {
  /** Its key, such as `slate`. */
  slug: string;
  /** Its name shown in the library. */
  label: string;
  /** Whether the editor may recolour it with the theme's palette. */
  allowThemeColorPalette?: boolean;
}

/** A layout (a whole page) or a section (a part of one) of the layout library. */
export interface LayoutComponent {
  /** Which list it is registered in. */
  type: 'layout' | 'section';
  /** Its unique key, as favourites and `?filter=allowed` name it. */
  key: string;
  /** Its name shown in the library. */
  name: string;
  /** The block markup inserted into the post. */
  content: string;
  /** Categories the library filters by. */
  category: readonly string[];
  /** Words the library's search matches. */
  keywords: readonly string[];
  /** The preview image's URL. */
  image: string;
  /** The collection it belongs to, if any. */
  collection?: LayoutCollection;
}

/** The registry the routes read; every map keeps registration order. */
export interface ComponentRegistry {
  /** Layouts by key (`genesis_blocks_get_layouts()`). */
  layouts: ReadonlyMap<string, LayoutComponent>;
  /** Sections by key (`genesis_blocks_get_sections()`). */
  sections: ReadonlyMap<string, LayoutComponent>;
  /** Layouts, then sections (`array_merge`), by key. */
  all: ReadonlyMap<string, LayoutComponent>;
  /** The keys `?filter=allowed` keeps, or null for every key (the filter's default). */
  allowed: ReadonlySet<string> | null;
}

/**
 * A key `sanitize_key` leaves as it is (so a favourite can name it), starting with a letter: PHP
 * would turn a numeric key into an integer and renumber it when merging the lists.
 */
const COMPONENT_KEY = /^[a-z][a-z0-9_-]*$/;

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every(isText);
}

/** What is wrong with a host's component, or null; the registry's rules, with a key both lists and favourites can use. */
function componentFault(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'is not an object';
  const component = value as Record<string, unknown>;
  if (component.type !== 'layout' && component.type !== 'section') return "needs a type of 'layout' or 'section'";
  if (typeof component.key !== 'string' || !COMPONENT_KEY.test(component.key))
    return 'needs a key of lower-case letters, digits, _ and -, starting with a letter';
  for (const field of ['name', 'content', 'image'] as const) if (!isText(component[field])) return `needs a non-empty string ${field}`;
  for (const field of ['category', 'keywords'] as const)
    if (!isTextList(component[field])) return `needs ${field} as a non-empty list of non-empty strings`;
  const collection = component.collection;
  if (collection === undefined) return null;
  if (typeof collection !== 'object' || collection === null) return 'has a collection that is not an object';
  const { slug, label, allowThemeColorPalette } = collection as Record<string, unknown>;
  if (!isText(slug) || !isText(label)) return 'has a collection without a non-empty slug and label';
  if (allowThemeColorPalette !== undefined && typeof allowThemeColorPalette !== 'boolean')
    return 'has a collection whose allowThemeColorPalette is not a boolean';
  return null;
}

/** A checked component's own copy, its fields only, frozen so no answer can change the registry. */
function copied(component: LayoutComponent): LayoutComponent {
  const { type, key, name, content, category, keywords, image, collection } = component;
  const copy: LayoutComponent = {
    type,
    key,
    name,
    content,
    category: Object.freeze([...category]),
    keywords: Object.freeze([...keywords]),
    image,
  };
  if (collection) copy.collection = Object.freeze({ ...collection });
  return Object.freeze(copy);
}

/** The host's components checked, or a TypeError naming the first one that is not a component. */
function checkedComponents(given: readonly unknown[]): LayoutComponent[] {
  if (!Array.isArray(given)) throw new TypeError('site-rest: themeblocks components must be a list of layout components');
  const seen = new Set<string>();
  return given.map((value: unknown, index) => {
    const fault = componentFault(value);
    const named = `site-rest: themeblocks components[${index}]`;
    if (fault !== null) {
      const key = typeof value === 'object' && value !== null ? (value as { key?: unknown }).key : undefined;
      throw new TypeError(`${named}${typeof key === 'string' ? ` (${JSON.stringify(key)})` : ''} ${fault}`);
    }
    const component = value as LayoutComponent;
    if (seen.has(component.key)) throw new TypeError(`${named} (${JSON.stringify(component.key)}) is registered twice`);
    seen.add(component.key);
    return copied(component);
  });
}

function checkedAllowed(allowed: readonly unknown[] | undefined): ReadonlySet<string> | null {
  if (allowed === undefined) return null;
  if (!Array.isArray(allowed) || !allowed.every((key) => typeof key === 'string'))
    throw new TypeError('site-rest: themeblocks allowed must be a list of component keys');
  return new Set(allowed);
}

/**
 * The registry of some defaults and the host's components (a host's component with a default's
 * key replaces that default), with the keys `?filter=allowed` keeps. Refuses, with a TypeError
 * naming it, a host component the plugin's registry would refuse.
 */
export function componentRegistry(
  defaults: readonly LayoutComponent[],
  given: readonly LayoutComponent[],
  allowed?: readonly string[],
): ComponentRegistry {
  const own = checkedComponents(given);
  const replaced = new Set(own.map((component) => component.key));
  const components = [...defaults.filter((component) => !replaced.has(component.key)), ...own];
  const byType = (type: LayoutComponent['type']) =>
    new Map(components.filter((component) => component.type === type).map((component) => [component.key, component]));
  const layouts = byType('layout');
  const sections = byType('section');
  return { layouts, sections, all: new Map([...layouts, ...sections]), allowed: checkedAllowed(allowed) };
}
