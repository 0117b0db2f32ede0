import { sanitizeKey } from '../../core/schema/text.js';
import { args } from '../../core/typed-params.js';
import type { HandlerNameOf, RouteSpecTable } from '../define.js';

/**
 * WordPress 6.9's collection params of both list controllers: `context` from `get_context_param`
 * (checked first by its schema, then `sanitize_key`), `page` and `per_page` type-only (checked
 * while sanitizing).
 */
const collection = args({
  context: {
    description: 'Scope under which the request is made; determines fields present in response.',
    type: 'string',
    enum: ['view', 'edit', 'embed'],
    default: 'view',
    validateCallback: 'schema',
    sanitizeCallback: sanitizeKey,
  },
  page: { description: 'Current page of the collection.', type: 'integer', default: 1, minimum: 1 },
  per_page: {
    description: 'Maximum number of items to be returned in result set.',
    type: 'integer',
    default: 50,
    minimum: 1,
    maximum: 100,
  },
});

/** The run and item routes' `name`, the route-level arg WordPress merges into each endpoint. */
const name = { description: 'Unique identifier for the ability.', type: 'string', pattern: '^[a-zA-Z0-9\\-\\/]+$' } as const;

/**
 * The `core-abilities/v1` routes (WordPress 6.9's `wp-abilities/v1`), in the order 6.9 registers
 * its controllers: categories, then run, then list, so the list item's `name` pattern, which
 * also matches `…/run`, comes after the run route.
 */
export const coreAbilitiesRoutes = [
  {
    path: '/categories',
    endpoints: [{ methods: ['GET'], summary: 'List ability categories', permission: 'read', args: collection, handler: 'listCategories' }],
  },
  {
    path: '/categories/(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*)',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'Retrieve an ability category',
        permission: 'read',
        args: {
          slug: { description: 'Unique identifier for the ability category.', type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
        },
        handler: 'getCategory',
      },
    ],
  },
  {
    path: '/abilities/(?P<name>[a-zA-Z0-9\\-\\/]+?)/run',
    endpoints: [
      {
        // Every method, as WordPress registers it: the ability's annotations decide which one runs it.
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        summary: 'Run an ability',
        check: 'canRun',
        args: {
          name,
          input: {
            description: 'Input parameters for the ability execution.',
            type: ['integer', 'number', 'boolean', 'string', 'array', 'object', 'null'],
            default: null,
          },
        },
        handler: 'run',
      },
    ],
  },
  {
    path: '/abilities',
    endpoints: [
      {
        methods: ['GET'],
        summary: 'List abilities',
        permission: 'read',
        args: {
          ...collection,
          category: {
            description: 'Limit results to abilities in specific ability category.',
            type: 'string',
            validateCallback: 'schema',
            sanitizeCallback: sanitizeKey,
          },
        },
        handler: 'listAbilities',
      },
    ],
  },
  {
    path: '/abilities/(?P<name>[a-zA-Z0-9\\-\\/]+)',
    endpoints: [{ methods: ['GET'], summary: 'Retrieve an ability', permission: 'read', args: { name }, handler: 'getAbility' }],
  },
] as const satisfies RouteSpecTable;

/**
 * The MCP endpoint (`coreAbilities({ mcp: true })`), after WordPress's routes and left out of the
 * index as WordPress's MCP adapter is a plugin of its own: Streamable HTTP, open to anyone, each
 * tool then refusing whom its ability's permission refuses.
 */
export const coreAbilitiesMcpRoutes = [
  {
    path: '/mcp',
    endpoints: [
      {
        methods: ['GET', 'POST', 'DELETE'],
        summary: 'The abilities as MCP tools (Streamable HTTP)',
        permission: 'public',
        showInIndex: false,
        handler: 'mcp',
      },
    ],
  },
] as const satisfies RouteSpecTable;

/** The handlers the abilities route table names. */
export type CoreAbilitiesHandlerName = HandlerNameOf<typeof coreAbilitiesRoutes>;
