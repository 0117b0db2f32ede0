import { routeKey, routePatternHazard } from '../core/routing/route-pattern.js';
import { withoutUnsafePatterns } from '../core/schema/pattern.js';
import type { NamespaceModule } from '../core/types.js';

/**
 * The modules of a fetched index without the patterns the ReDoS check refuses, so the mock can
 * serve the rest: a route whose pattern is unsafe is left out, an unsafe schema pattern is
 * dropped from its arg (validated as if it had none). `dropped` says what went, one line each.
 */
export function dropUnsafePatterns(modules: readonly NamespaceModule[]): { modules: NamespaceModule[]; dropped: string[] } {
  const dropped: string[] = [];
  const safe = modules.map((module) => ({
    ...module,
    routes: module.routes.flatMap((route) => {
      const key = routeKey(module.namespace, route.path);
      const hazard = routePatternHazard(key);
      if (hazard !== null) {
        dropped.push(`route ${key} left out (${hazard})`);
        return [];
      }
      const endpoints = route.endpoints.map((endpoint) => {
        if (endpoint.args === undefined) return endpoint;
        const methods = [endpoint.methods].flat().join(', ');
        const args = Object.fromEntries(
          Object.entries(endpoint.args).map(([name, schema]) => {
            const { schema: kept, unsafe } = withoutUnsafePatterns(schema);
            for (const { keyword, pattern, hazard } of unsafe) {
              dropped.push(`${methods} ${key} arg "${name}": ${keyword} ${JSON.stringify(pattern)} ignored (${hazard})`);
            }
            return [name, kept];
          }),
        );
        return { ...endpoint, args };
      });
      return [{ ...route, endpoints }];
    }),
  }));
  return { modules: safe, dropped };
}
