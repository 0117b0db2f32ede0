// Activating and deactivating a module as `REST_Modules_Controller`'s activation route does,
// planned on the active-modules list alone so the route writes the list once, atomically.
import type { RestError } from '../../core/errors/rest-error.js';
import type { JsonValue } from '../../store/types.js';
import { cannotDeactivateDependant, cannotDeactivateModule, inactiveDependency } from './errors.js';
import { activeIn, moduleDependants, moduleDependencies } from './module-state.js';
import type { SiteKitModule } from './registry.js';

/** What an activation request comes to: the list to store, the modules it switched, and the error to answer, if any. */
export interface ActivationPlan {
  /** The active-modules list to store; null to leave it as it is. */
  list: JsonValue[] | null;
  /** The slugs it activates (their disconnection time is cleared). */
  activated: string[];
  /** The slugs it deactivates, dependants first (their deactivation clean-up runs). */
  deactivated: string[];
  /** The error the route answers; the modules switched before it stay switched, as Site Kit's step-by-step writes leave them. */
  error?: RestError;
}

/**
 * Plans activating (`activate`) or deactivating `module` on the stored list `listed`:
 * activation needs every dependency active (500 `inactive_dependencies`) and adds the slug once;
 * deactivation first deactivates each active dependant, then the module. A module the list does
 * not name is deactivated already (`deactivate_module` answers true), even a force-active one; a
 * force-active one the list names cannot be.
 */
export function activationPlan(
  modules: readonly SiteKitModule[],
  listed: readonly JsonValue[],
  module: SiteKitModule,
  activate: boolean,
): ActivationPlan {
  const active = activeIn(listed, modules);
  const named = (slug: string) => modules.find((candidate) => candidate.slug === slug);
  if (activate) {
    for (const dependency of moduleDependencies(module.slug, modules)) {
      if (!active.has(dependency))
        return { list: null, activated: [], deactivated: [], error: inactiveDependency(named(dependency)?.name ?? dependency) };
    }
    if (listed.includes(module.slug)) return { list: null, activated: [], deactivated: [] };
    return { list: [...listed, module.slug], activated: [module.slug], deactivated: [] };
  }
  let list: JsonValue[] = [...listed];
  const deactivated: string[] = [];
  const done = (error?: RestError): ActivationPlan => ({
    list: deactivated.length > 0 ? list : null,
    activated: [],
    deactivated,
    ...(error ? { error } : {}),
  });
  const deactivate = (target: SiteKitModule): boolean => {
    const at = list.indexOf(target.slug);
    if (at === -1) return true;
    if (target.forceActive) return false;
    // `unset( $option[ array_search( … ) ] )`: the first mention only.
    list = [...list.slice(0, at), ...list.slice(at + 1)];
    deactivated.push(target.slug);
    return true;
  };
  for (const slug of moduleDependants(module.slug, modules)) {
    const dependant = named(slug);
    if (dependant && active.has(slug) && !deactivate(dependant)) return done(cannotDeactivateDependant(dependant.name));
  }
  return deactivate(module) ? done() : done(cannotDeactivateModule());
}
