import { paginate } from '../../core/http/pagination.js';
import { RestResponse } from '../../core/http/response.js';
import { isPlainObject } from '../../core/own-property.js';
import { isEmpty } from '../../core/php/values.js';
import { isRestError, type RestError } from '../../core/errors/rest-error.js';
import type { RestContext, RestRequest } from '../../core/types.js';
import type { SiteStore } from '../../store/types.js';
import type { Checks, Handlers } from '../define.js';
import { abilityNotFound, categoryNotFound, invalidMethod, mcpUnavailable } from './errors.js';
import { abilityData, categoryData, type PresentEnv } from './present.js';
import type { Ability, AbilityContext, AbilityRegistry } from './registry.js';
import type { coreAbilitiesMcpRoutes, coreAbilitiesRoutes } from './routes.js';
import { authorizeRun, executeAbility, runMethodOf, runnableAbility } from './run.js';

/** What the abilities handlers run on. */
export interface CoreAbilitiesDeps {
  /** The namespace the routes are mounted under; links follow it. */
  namespace: string;
  /** The abilities this server serves. */
  registry: AbilityRegistry;
  /** The server's site store, which abilities read. */
  store: SiteStore;
  /** Told what an ability run over MCP threw (the mount's `reportService`). */
  report: (error: unknown) => void;
}

/** A run its permission check let through: the ability and the input it is to get. */
interface AuthorizedRun {
  ability: Ability;
  input: unknown;
}

/** Where the run route's check leaves its {@link AuthorizedRun} for the handler. */
const AUTHORIZED = 'coreAbilities.run';

/** The context an ability runs with for a REST request. */
const abilityContext = (request: RestRequest, context: RestContext, store: SiteStore): AbilityContext => ({
  user: context.user,
  site: context.site,
  store,
  signal: request.signal,
});

/** `get_input_from_request`: `?input=` for GET and DELETE, the JSON body's `input` otherwise; null when absent. */
function runInput(request: RestRequest): unknown {
  if (request.method === 'GET' || request.method === 'DELETE') return request.query.input ?? null;
  return isPlainObject(request.json) ? (request.json.input ?? null) : null;
}

/** `check_ability_permissions`: shown in REST, the method its annotations call for, valid input, its own permission. */
async function authorize(request: RestRequest, context: RestContext, deps: CoreAbilitiesDeps): Promise<AuthorizedRun | RestError> {
  const ability = runnableAbility(deps.registry, String(request.params.name));
  if (!ability) return abilityNotFound();
  const expected = runMethodOf(ability);
  if (request.method !== expected) return invalidMethod(expected);
  const authorized = await authorizeRun(ability, runInput(request), abilityContext(request, context, deps.store));
  return authorized.ok ? { ability, input: authorized.result } : authorized.error;
}

/** The context a list or item is shown in, and the server's URLs. */
const presentEnv = (request: RestRequest, context: RestContext, namespace: string): PresentEnv => ({
  namespace,
  context: request.params.context ?? 'view',
  restUrl: context.restUrl,
});

/** A page of a collection with WordPress's headers; a page past the last is empty, as the abilities controllers answer it. */
function page<T>(
  items: readonly T[],
  request: RestRequest<{ page: number; per_page: number }>,
  collectionUrl: string,
  render: (item: T) => unknown,
): RestResponse {
  const { page: number, per_page: perPage } = request.params;
  const slice = items.slice((number - 1) * perPage, number * perPage).map(render);
  return paginate(new RestResponse(slice), {
    total: items.length,
    perPage,
    page: number,
    collectionUrl,
    query: request.query,
    prevPastLast: 'previous',
  });
}

/** The abilities handlers, by the names the route table gives them. */
export function coreAbilitiesHandlers(deps: CoreAbilitiesDeps): Handlers<typeof coreAbilitiesRoutes> {
  const { namespace, registry } = deps;
  return {
    /** `WP_REST_Abilities_V1_Categories_Controller::get_items`. */
    listCategories(request, context) {
      const env = presentEnv(request, context, namespace);
      return page(registry.getAbilityCategories(), request, context.restUrl(`/${namespace}/categories`), (c) => categoryData(c, env));
    },

    /** `…Categories_Controller::get_item`. */
    getCategory(request, context) {
      const category = registry.getAbilityCategory(String(request.params.slug));
      return category ? categoryData(category, presentEnv(request, context, namespace)) : categoryNotFound();
    },

    /** `WP_REST_Abilities_V1_Run_Controller::execute_ability`, on the input the route's check validated and authorized. */
    async run(request, context) {
      const authorized = (request.state[AUTHORIZED] as AuthorizedRun | undefined) ?? (await authorize(request, context, deps));
      if (isRestError(authorized)) return authorized;
      const outcome = await executeAbility(authorized.ability, authorized.input, abilityContext(request, context, deps.store));
      return outcome.ok ? new RestResponse(outcome.result) : outcome.error;
    },

    /** `WP_REST_Abilities_V1_List_Controller::get_items`: those shown in REST, of one category when `category` names one. */
    listAbilities(request, context) {
      const env = presentEnv(request, context, namespace);
      const category = request.params.category;
      const shown = registry.getAbilities().filter((ability) => ability.showInRest && (isEmpty(category) || ability.category === category));
      return page(shown, request, context.restUrl(`/${namespace}/abilities`), (ability) => abilityData(ability, env));
    },

    /** `…List_Controller::get_item`: 404 for an ability not shown in REST too. */
    getAbility(request, context) {
      const ability = runnableAbility(registry, String(request.params.name));
      return ability ? abilityData(ability, presentEnv(request, context, namespace)) : abilityNotFound();
    },
  };
}

/** The run route's check, `check_ability_permissions`: its refusals answer before the handler runs. */
export function coreAbilitiesChecks(deps: CoreAbilitiesDeps): Checks<typeof coreAbilitiesRoutes> {
  return {
    async canRun(request, context) {
      const authorized = await authorize(request, context, deps);
      if (isRestError(authorized)) return authorized;
      request.state[AUTHORIZED] = authorized;
      return true;
    },
  };
}

/** The MCP bridge's answer, loaded at the first MCP request: the SDK is needed only where MCP is served. */
let bridge: Promise<(typeof import('./mcp-server.js'))['answerMcpRequest'] | null> | undefined;

/** The MCP endpoint's handler: the request answered by the SDK for the caller REST signed in; 501 where the SDK is not installed. */
export function coreAbilitiesMcpHandlers(deps: CoreAbilitiesDeps): Handlers<typeof coreAbilitiesMcpRoutes> {
  return {
    async mcp(request, context) {
      bridge ??= import('./mcp-server.js').then(
        ({ answerMcpRequest }) => answerMcpRequest,
        (error: unknown) => {
          deps.report(error);
          return null;
        },
      );
      const answer = await bridge;
      if (!answer) return mcpUnavailable();
      const caller = abilityContext(request, context, deps.store);
      const options = { registry: deps.registry, caller: () => caller, report: deps.report };
      return answer(options, request, context.restUrl(`/${deps.namespace}/mcp`));
    },
  };
}
