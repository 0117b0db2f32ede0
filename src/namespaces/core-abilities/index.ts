import { z } from 'zod';
import type { ArgSchema } from '../../core/schema/types.js';
import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, flag, hostObject, optionsObject, text, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup } from '../define.js';
import { registerCoreAbilities, type EnvironmentType } from './core.js';
import { coreAbilitiesChecks, coreAbilitiesHandlers, coreAbilitiesMcpHandlers, type CoreAbilitiesDeps } from './handlers.js';
import { abilityOperations } from './openapi.js';
import {
  emptyAbilityRegistry,
  type AbilityCategoryDefinition,
  type AbilityDefinition,
  type AbilityRegistry,
  type AnyAbilityDefinition,
} from './registry.js';
import { coreAbilitiesMcpRoutes, coreAbilitiesRoutes } from './routes.js';

export { ABILITIES_WORDPRESS_VERSION, type EnvironmentType } from './core.js';
export { runAbility, type RunOutcome } from './run.js';
export type {
  Ability,
  AbilityAnnotations,
  AbilityCategory,
  AbilityCategoryDefinition,
  AbilityContext,
  AbilityDefinition,
  AbilityInput,
  AbilityMetaDefinition,
  AbilityOutput,
  AbilityRegistry,
  AnyAbilityDefinition,
  SchemaValue,
} from './registry.js';

const NAMESPACE = 'core-abilities/v1';

/** Options of {@link createAbilityRegistry}: what `core/get-environment-info` reports. */
export interface AbilityRegistryOptions {
  /** `wp_get_environment_type()` (default `production`, as WordPress without `WP_ENVIRONMENT_TYPE`). */
  environmentType?: EnvironmentType;
  /** What stands for the database server's version string (default empty, as WordPress where the driver tells none). */
  databaseInfo?: string;
}

/** The checks of {@link AbilityRegistryOptions}. */
const registryOptions = optionsObject({
  environmentType: z
    .enum(['production', 'staging', 'development', 'local'], { error: 'must be production, staging, development or local' })
    .optional(),
  databaseInfo: text.optional(),
} satisfies OptionsShape<AbilityRegistryOptions>);

/**
 * A registry of abilities as WordPress 6.9 starts one: its categories `site` and `user` and its
 * three core abilities. A host keeps it to register into (`registerAbilityCategory`,
 * `registerAbility`) and serves it with `coreAbilities({ registry })`.
 */
export function createAbilityRegistry(options: AbilityRegistryOptions = {}): AbilityRegistry {
  checkOptions(registryOptions, options, 'createAbilityRegistry');
  const registry = emptyAbilityRegistry();
  registerCoreAbilities(registry, { environmentType: options.environmentType ?? 'production', databaseInfo: options.databaseInfo ?? '' });
  return registry;
}

/** An ability definition with `execute`'s input and output typed from its schemas, for `coreAbilities({ abilities })`. */
export function defineAbility<const I extends ArgSchema | undefined = undefined, const O extends ArgSchema | undefined = undefined>(
  definition: AbilityDefinition<I, O>,
): AbilityDefinition<I, O> {
  return definition;
}

/** Options of {@link coreAbilities}. */
export interface CoreAbilitiesOptions extends AbilityRegistryOptions {
  /**
   * The registry to serve, which the host keeps to register into later (from
   * {@link createAbilityRegistry}; then `environmentType` and `databaseInfo` go there). Default: a
   * new one for each server, so two servers share no ability.
   */
  registry?: AbilityRegistry;
  /** Categories to register, after WordPress's. */
  categories?: readonly AbilityCategoryDefinition[];
  /** Abilities to register (each typed with {@link defineAbility}), after WordPress's. */
  abilities?: readonly AnyAbilityDefinition[];
  /**
   * Serve the abilities shown in REST as MCP tools at `core-abilities/v1/mcp` (Streamable HTTP,
   * signed in as every REST request is; default false). Needs `@modelcontextprotocol/sdk`.
   */
  mcp?: boolean;
}

/** The checks of {@link CoreAbilitiesOptions}; each category and ability is checked by registering it. */
export const coreAbilitiesOptions = optionsObject({
  ...registryOptions.shape,
  registry: hostObject('an ability registry (createAbilityRegistry())').optional(),
  categories: z.array(z.unknown(), { error: 'must be a list of { slug, label, description }' }).optional(),
  abilities: z.array(z.unknown(), { error: 'must be a list of abilities (defineAbility({...}))' }).optional(),
  mcp: flag.optional(),
} satisfies OptionsShape<CoreAbilitiesOptions>);

/**
 * The `core-abilities/v1` namespace (WordPress 6.9's `wp-abilities/v1`): categories and abilities
 * listed with pagination, each ability run with the method its annotations call for, its input
 * validated against its schema before its own permission runs, its result against its output
 * schema. Categories and abilities given here are registered when it is called, so a bad one is
 * refused then.
 */
export function coreAbilities(options: CoreAbilitiesOptions = {}): MountableNamespace {
  checkOptions(coreAbilitiesOptions, options, 'coreAbilities');
  const { registry: given, categories = [], abilities = [], mcp = false, ...environment } = options;
  if (given && Object.keys(environment).length > 0) {
    throw new TypeError(
      'site-rest: coreAbilities takes environmentType and databaseInfo for the registry it makes; give them to createAbilityRegistry with your own registry',
    );
  }
  const withHosts = (registry: AbilityRegistry): AbilityRegistry => {
    for (const category of categories) registry.registerAbilityCategory(category);
    for (const ability of abilities) registry.registerAbility(ability);
    return registry;
  };
  const shared = given && withHosts(given);
  // A server of its own gets its own registry at mount; making one now refuses a bad definition here.
  if (!shared) withHosts(createAbilityRegistry(environment));
  return ({ store, reportService }) => {
    const deps: CoreAbilitiesDeps = {
      namespace: NAMESPACE,
      registry: shared ?? withHosts(createAbilityRegistry(environment)),
      store,
      report: (error) => reportService(error instanceof Error ? error : new Error(String(error)), 'core-abilities/mcp'),
    };
    const groups = [routeGroup(coreAbilitiesRoutes, coreAbilitiesHandlers(deps), coreAbilitiesChecks(deps))];
    if (mcp) groups.push(routeGroup(coreAbilitiesMcpRoutes, coreAbilitiesMcpHandlers(deps)));
    return { ...bindGroups(NAMESPACE, groups), openapi: () => abilityOperations(deps.registry) };
  };
}
