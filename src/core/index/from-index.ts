import { redactCredentials } from './credentials.js';
import { isRawRendered, rawRendered } from '../schema/raw-rendered.js';
import type { ArgSchema } from '../schema/types.js';
import type { Handler, NamespaceModule, Permission, RouteDefinition } from '../types.js';
import { z } from 'zod';
import { checkOptions, fn, optionsObject, type OptionsShape } from '../options.js';

/** One endpoint as a WordPress index lists it. */
export interface IndexEndpoint {
  /** The methods it serves, upper case. */
  methods: string[];
  /** Its args; PHP's empty array `[]` when it has none. */
  args: Record<string, ArgSchema> | [];
  /** Whether `/batch/v1` may call it. */
  allow_batch?: { v1: boolean };
}

/** One route as a WordPress index lists it. */
export interface IndexRoute {
  /** The route's namespace; `''` for root-level routes such as `/` and `/batch/v1`. */
  namespace: string;
  /** Every method of the route (unused: the endpoints carry their own). */
  methods?: string[];
  /** Its endpoints, in order. */
  endpoints: IndexEndpoint[];
}

/** Options of {@link modulesFromIndex}. */
export interface ModulesFromIndexOptions {
  /** Picks the handler of each endpoint (default: echo `{route, method, params}`). */
  handlerFor?: (route: string, methods: string[]) => Handler;
  /** Who may call every endpoint (default `'public'`); `null` leaves the engine's default: reads public, writes for signed-in users. */
  permission?: Permission | null;
  /** The namespace to mount a namespace's routes under (default: its own). */
  rename?: (namespace: string) => string;
}

const modulesFromIndexOptions = optionsObject({
  handlerFor: fn('route, methods → handler').optional(),
  permission: z
    .union([z.string(), fn('request → boolean or error'), z.null()], { error: 'must be a capability, a check or null' })
    .optional(),
  rename: fn('namespace → namespace').optional(),
} satisfies OptionsShape<ModulesFromIndexOptions>);

/** The default handler: answers the validated, sanitized request as `{route, method, params}`, credential values redacted. */
export const echoRequest: Handler = (request) => ({
  route: request.route,
  method: request.method,
  params: redactCredentials(request.params),
});

/**
 * Keywords WordPress reads as lists. PHP writes a list whose keys are not 0…n-1 as a JSON object
 * (`users`' `has_published_posts.items.enum` is keyed by post type), and iterates its values.
 */
const LIST_KEYWORDS = ['enum', 'type', 'required', 'anyOf', 'oneOf'] as const;

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An arg schema from an index with its PHP lists back as lists, sub-schemas included. */
function withLists(schema: ArgSchema): ArgSchema {
  const out: Record<string, unknown> = { ...schema };
  const sub = (value: unknown) => (isMap(value) ? withLists(value) : value);
  for (const keyword of LIST_KEYWORDS) if (isMap(out[keyword])) out[keyword] = Object.values(out[keyword]);
  for (const keyword of ['items', 'additionalProperties'] as const) if (keyword in out) out[keyword] = sub(out[keyword]);
  for (const keyword of ['properties', 'patternProperties'] as const) {
    const map = out[keyword];
    if (isMap(map)) out[keyword] = Object.fromEntries(Object.entries(map).map(([name, value]) => [name, sub(value)]));
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const list = out[keyword];
    if (Array.isArray(list)) out[keyword] = list.map(sub);
  }
  return out;
}

/**
 * An index's arg as the server takes it. Core's controllers turn the checks of their raw/rendered
 * fields off, and an index cannot show it: such an arg takes a plain string, as WordPress does.
 */
function argOf(schema: ArgSchema): ArgSchema {
  const listed = withLists(schema);
  return isRawRendered(listed) ? rawRendered(listed) : listed;
}

/**
 * Namespace modules for the routes of a WordPress root index (`index.routes`), in index order.
 * Root-level routes and namespace index routes are left out, as the server registers those itself;
 * a namespace listing only its index route is still mounted. When the index interleaves namespaces
 * (a plugin adding to `wp/v2` late, say), each run becomes a module of its own, so registering the
 * modules in order keeps the index's route order.
 */
export function modulesFromIndex(routes: Record<string, IndexRoute>, options: ModulesFromIndexOptions = {}): NamespaceModule[] {
  checkOptions(modulesFromIndexOptions, options, 'modulesFromIndex');
  const { handlerFor = () => echoRequest, permission = 'public', rename = (namespace: string) => namespace } = options;
  const modules: NamespaceModule[] = [];
  for (const [key, route] of Object.entries(routes)) {
    const namespace = route.namespace;
    if (!namespace) continue;
    const mounted = rename(namespace);
    let module = modules.at(-1);
    if (module?.namespace !== mounted) {
      module = { namespace: mounted, routes: [], strict: false };
      modules.push(module);
    }
    if (key === `/${namespace}`) continue;
    if (!key.startsWith(`/${namespace}/`)) throw new TypeError(`site-rest: index route ${key} is not below its namespace ${namespace}`);
    const definition: RouteDefinition = {
      path: key.slice(namespace.length + 1),
      endpoints: route.endpoints.map((endpoint) => ({
        methods: endpoint.methods,
        args: Array.isArray(endpoint.args)
          ? {}
          : Object.fromEntries(Object.entries(endpoint.args).map(([name, schema]) => [name, argOf(schema)])),
        allowBatch: endpoint.allow_batch,
        permission: permission ?? undefined,
        handler: handlerFor(key, endpoint.methods),
      })),
    };
    module.routes.push(definition);
  }
  return modules;
}
