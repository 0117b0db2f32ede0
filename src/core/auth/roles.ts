/** A role table: role name → its capabilities. */
export type RoleTable = Readonly<Record<string, readonly string[]>>;

// Each role lists its capabilities in the order WordPress adds them: populate_roles_160()
// first, then the populate_roles_210/230/250/260/270/280/300 steps, so the lists can be
// checked line by line against wp-admin/includes/schema.php (unchanged from 3.0 to 6.1).

// populate_roles_210 grants these to administrator and editor in one loop; shared for the same reason.
const PAGES_AND_PRIVATE_210 = [
  'edit_others_pages',
  'edit_published_pages',
  'publish_pages',
  'delete_pages',
  'delete_others_pages',
  'delete_published_pages',
  'delete_posts',
  'delete_others_posts',
  'delete_published_posts',
  'delete_private_posts',
  'edit_private_posts',
  'read_private_posts',
  'delete_private_pages',
  'edit_private_pages',
  'read_private_pages',
] as const;

const ADMINISTRATOR = [
  // populate_roles_160
  'switch_themes',
  'edit_themes',
  'activate_plugins',
  'edit_plugins',
  'edit_users',
  'edit_files',
  'manage_options',
  'moderate_comments',
  'manage_categories',
  'manage_links',
  'upload_files',
  'import',
  'unfiltered_html',
  'edit_posts',
  'edit_others_posts',
  'edit_published_posts',
  'publish_posts',
  'edit_pages',
  'read',
  'level_10',
  'level_9',
  'level_8',
  'level_7',
  'level_6',
  'level_5',
  'level_4',
  'level_3',
  'level_2',
  'level_1',
  'level_0',
  // populate_roles_210
  ...PAGES_AND_PRIVATE_210,
  'delete_users',
  'create_users',
  // populate_roles_230
  'unfiltered_upload',
  // populate_roles_250
  'edit_dashboard',
  // populate_roles_260
  'update_plugins',
  'delete_plugins',
  // populate_roles_270
  'install_plugins',
  'update_themes',
  // populate_roles_280
  'install_themes',
  // populate_roles_300
  'update_core',
  'list_users',
  'remove_users',
  'promote_users',
  'edit_theme_options',
  'delete_themes',
  'export',
] as const;

const EDITOR = [
  // populate_roles_160
  'moderate_comments',
  'manage_categories',
  'manage_links',
  'upload_files',
  'unfiltered_html',
  'edit_posts',
  'edit_others_posts',
  'edit_published_posts',
  'publish_posts',
  'edit_pages',
  'read',
  'level_7',
  'level_6',
  'level_5',
  'level_4',
  'level_3',
  'level_2',
  'level_1',
  'level_0',
  // populate_roles_210
  ...PAGES_AND_PRIVATE_210,
] as const;

const AUTHOR = [
  // populate_roles_160
  'upload_files',
  'edit_posts',
  'edit_published_posts',
  'publish_posts',
  'read',
  'level_2',
  'level_1',
  'level_0',
  // populate_roles_210
  'delete_posts',
  'delete_published_posts',
] as const;

const CONTRIBUTOR = [
  // populate_roles_160
  'edit_posts',
  'read',
  'level_1',
  'level_0',
  // populate_roles_210
  'delete_posts',
] as const;

const SUBSCRIBER = [
  // populate_roles_160
  'read',
  'level_0',
] as const;

/** WordPress 6.1's default roles and capabilities (populate_roles). */
/** A capability of WordPress's default roles (`edit_posts`, `manage_options`, …). */
export type Capability =
  | (typeof ADMINISTRATOR)[number]
  | (typeof EDITOR)[number]
  | (typeof AUTHOR)[number]
  | (typeof CONTRIBUTOR)[number]
  | (typeof SUBSCRIBER)[number];

/**
 * Capabilities a host adds to WordPress's, as keys of this interface, so `permission` strings
 * naming them type-check: `declare module 'site-rest' { interface CustomCapabilities { manage_shop: true } }`.
 * (The server's `capabilities` option admits them at run time.)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CustomCapabilities {}

/** A capability a `permission` string may name: WordPress's, or one the host declared. */
export type KnownCapability = Capability | (keyof CustomCapabilities & string);

export const DEFAULT_ROLES: RoleTable = Object.freeze({
  administrator: Object.freeze(ADMINISTRATOR),
  editor: Object.freeze(EDITOR),
  author: Object.freeze(AUTHOR),
  contributor: Object.freeze(CONTRIBUTOR),
  subscriber: Object.freeze(SUBSCRIBER),
});

/** `WP_Roles::get_names()` of WordPress's default roles: each named as its slug capitalised (`Administrator`). */
export const DEFAULT_ROLE_NAMES: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.keys(DEFAULT_ROLES).map((role) => [role, role.charAt(0).toUpperCase() + role.slice(1)])),
);

/** The capabilities granted by some roles plus extra capabilities; unknown roles grant nothing. */
export function capabilitiesOf(roles: readonly string[], extra: readonly string[] = [], table: RoleTable = DEFAULT_ROLES): Set<string> {
  const granted = new Set<string>(extra);
  for (const role of roles) {
    // Own keys only: a role named `constructor` or `__proto__` must not reach Object.prototype.
    const caps = Object.hasOwn(table, role) ? table[role] : undefined;
    if (caps) for (const cap of caps) granted.add(cap);
  }
  return granted;
}
