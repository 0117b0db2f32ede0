// WordPress 6.9's core categories and abilities (src/wp-includes/abilities.php:
// `wp_register_core_ability_categories`, `wp_register_core_abilities`), with their schemas, meta
// and permissions as 6.9 registers them, reading the site facts and the site store. 6.9 shows
// `core/get-user-info` in neither REST nor the list (`show_in_rest` false); it is registered all
// the same, for a host (or a bridge) that runs abilities itself.
import type { JsonValue } from '../../store/types.js';
import type { AbilityContext, AbilityRegistry } from './registry.js';

/** The version of WordPress whose Abilities API this namespace answers as, what `version` and `wp_version` report. */
export const ABILITIES_WORDPRESS_VERSION = '6.9';

/** `wp_get_environment_type`'s values. */
export type EnvironmentType = 'production' | 'staging' | 'development' | 'local';

/** The facts `core/get-environment-info` reports that a Node host decides. */
interface EnvironmentFacts {
  /** `wp_get_environment_type()`. */
  environmentType: EnvironmentType;
  /** What stands for `$wpdb->db_server_info()`: the store's backend as the host names it. */
  databaseInfo: string;
}

const READONLY_META = { annotations: { readonly: true, destructive: false, idempotent: true }, showInRest: true } as const;

const SITE_INFO_PROPERTIES = {
  name: { type: 'string', description: 'The site title.' },
  description: { type: 'string', description: 'The site tagline.' },
  url: { type: 'string', description: 'The site home URL.' },
  wpurl: { type: 'string', description: 'The WordPress installation URL.' },
  admin_email: { type: 'string', description: 'The site administrator email address.' },
  charset: { type: 'string', description: 'The site character encoding.' },
  language: { type: 'string', description: 'The site language locale code.' },
  version: { type: 'string', description: 'The WordPress version.' },
} as const;

type SiteInfoField = keyof typeof SITE_INFO_PROPERTIES;
const SITE_INFO_FIELDS = Object.keys(SITE_INFO_PROPERTIES) as SiteInfoField[];

/** An option's value as text, as `get_option` read into a string. */
function optionText(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** `get_locale()`: the `WPLANG` option, else `en_US`. */
async function siteLocale(context: AbilityContext): Promise<string> {
  return optionText(await context.store.options.get('WPLANG')) || 'en_US';
}

/** `get_bloginfo( $field )` for the fields `core/get-site-info` reports. */
async function bloginfo(field: SiteInfoField, context: AbilityContext): Promise<string> {
  const { site, store } = context;
  switch (field) {
    case 'name':
      return site.name;
    case 'description':
      return site.description ?? '';
    case 'url':
      return site.home;
    case 'wpurl':
      return site.url;
    case 'admin_email':
      return optionText(await store.options.get('admin_email'));
    case 'charset':
      return optionText(await store.options.get('blog_charset')) || 'UTF-8';
    case 'language':
      return (await siteLocale(context)).replaceAll('_', '-');
    case 'version':
      return ABILITIES_WORDPRESS_VERSION;
  }
}

/** The Node.js version standing for `phpversion()`: the runtime executing the site (empty where there is no Node). */
function runtimeVersion(): string {
  const versions = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions;
  return versions?.node ?? '';
}

/** Registers 6.9's categories `site` and `user` and its three abilities into `registry`. */
export function registerCoreAbilities(registry: AbilityRegistry, facts: EnvironmentFacts): void {
  registry.registerAbilityCategory({
    slug: 'site',
    label: 'Site',
    description: 'Abilities that retrieve or modify site information and settings.',
  });
  registry.registerAbilityCategory({
    slug: 'user',
    label: 'User',
    description: 'Abilities that retrieve or modify user information and settings.',
  });

  registry.registerAbility({
    name: 'core/get-site-info',
    label: 'Get Site Information',
    description: 'Returns site information configured in WordPress. By default returns all fields, or optionally a filtered subset.',
    category: 'site',
    inputSchema: {
      type: 'object',
      properties: {
        fields: {
          type: 'array',
          items: { type: 'string', enum: SITE_INFO_FIELDS },
          description: 'Optional: Limit response to specific fields. If omitted, all fields are returned.',
        },
      },
      additionalProperties: false,
      default: {},
    },
    outputSchema: { type: 'object', properties: SITE_INFO_PROPERTIES, additionalProperties: false },
    async execute(input, context) {
      const fields = input.fields && input.fields.length > 0 ? input.fields : SITE_INFO_FIELDS;
      const result: Partial<Record<SiteInfoField, string>> = {};
      for (const field of fields) result[field] = await bloginfo(field, context);
      return result;
    },
    permission: (_input, { user }) => user?.can('manage_options') ?? false,
    meta: READONLY_META,
  });

  registry.registerAbility({
    name: 'core/get-user-info',
    label: 'Get User Information',
    description:
      'Returns basic profile details for the current authenticated user to support personalization, auditing, and access-aware behavior.',
    category: 'user',
    outputSchema: {
      type: 'object',
      required: ['id', 'display_name', 'user_nicename', 'user_login', 'roles', 'locale'],
      properties: {
        id: { type: 'integer', description: 'The user ID.' },
        display_name: { type: 'string', description: 'The display name of the user.' },
        user_nicename: { type: 'string', description: 'The URL-friendly name for the user.' },
        user_login: { type: 'string', description: 'The login username for the user.' },
        roles: { type: 'array', description: 'The roles assigned to the user.', items: { type: 'string' } },
        locale: { type: 'string', description: 'The locale string for the user, such as en_US.' },
      },
      additionalProperties: false,
    },
    async execute(_input, context) {
      const id = context.user?.id ?? 0;
      const row = id > 0 ? await context.store.users.get(id) : null;
      const login = row?.user_login ?? context.user?.username ?? '';
      const [userLocale] = id > 0 ? await context.store.userMeta.get(id, 'locale') : [];
      return {
        id,
        display_name: row?.display_name ?? login,
        user_nicename: row?.user_nicename ?? login,
        user_login: login,
        roles: row?.roles ?? [],
        locale: optionText(userLocale) || (await siteLocale(context)),
      };
    },
    permission: (_input, { user }) => user !== null,
    meta: { ...READONLY_META, showInRest: false },
  });

  registry.registerAbility({
    name: 'core/get-environment-info',
    label: 'Get Environment Info',
    description:
      "Returns core details about the site's runtime context for diagnostics and compatibility (environment, PHP runtime, database server info, WordPress version).",
    category: 'site',
    outputSchema: {
      type: 'object',
      required: ['environment', 'php_version', 'db_server_info', 'wp_version'],
      properties: {
        environment: {
          type: 'string',
          description: "The site's runtime environment classification (can be one of these: production, staging, development, local).",
          enum: ['production', 'staging', 'development', 'local'],
        },
        php_version: { type: 'string', description: 'The PHP runtime version executing WordPress.' },
        db_server_info: { type: 'string', description: 'The database server vendor and version string reported by the driver.' },
        wp_version: { type: 'string', description: 'The WordPress core version running on this site.' },
      },
      additionalProperties: false,
    },
    execute: () => ({
      environment: facts.environmentType,
      php_version: runtimeVersion(),
      db_server_info: facts.databaseInfo,
      wp_version: ABILITIES_WORDPRESS_VERSION,
    }),
    permission: (_input, { user }) => user?.can('manage_options') ?? false,
    meta: READONLY_META,
  });
}
