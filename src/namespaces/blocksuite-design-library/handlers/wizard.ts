// The AI wizard's helpers: the industry list (cached), keyword and image-query suggestions (the
// intake proxy's raw answer, whatever its status), and the license's remaining credits.
import { isEmpty } from '../../../core/php/values.js';
import { RestResponse } from '../../../core/http/response.js';
import type { RestContext } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import type { Handlers } from '../../define.js';
import type { JsonObject } from '../../recorded-double.js';
import type { blocksuiteDesignLibraryWizardRoutes } from '../routes/wizard.js';
import { DESIGN_LIBRARY_URLS } from '../services.js';
import type { BlocksuiteDesignLibraryStorage, DesignLibraryLicense } from '../storage.js';
import { ask, field, okBody, PLUGIN_VERSION, prophecyToken, prophecyUrl, siteDomain, type DesignLibraryDeps } from '../upstream.js';

/** The fields the intake proxy needs, all of which must be given and not empty. */
const INTAKE_FIELDS = ['name', 'entity_type', 'industry', 'location', 'description'] as const;

/** `get_remote_remaining_credits()`: the credits server's body (a number), or `"error"`. */
export async function remainingCredits(deps: DesignLibraryDeps, license: DesignLibraryLicense, context: RestContext): Promise<string> {
  const query: { [name: string]: string } = {
    site: siteDomain(context.site),
    key: license.key,
    plugin_slug: license.product === 'kadence-blocks-pro' ? 'kadence-blocks-pro' : 'kadence-blocks',
  };
  if (license.email !== '') query.email = license.email;
  if (license.env !== '') query.env = license.env;
  const reply = await ask(deps, { operation: 'credits', method: 'GET', url: `${DESIGN_LIBRARY_URLS.credits}get-remaining`, query });
  return okBody(reply) ?? 'error';
}

/**
 * The JSON body's intake fields (`get_json_params()`, so a query or form body gives none), or
 * null when one is missing or empty: the plugin's 400 `{error: "Missing parameters"}`.
 */
function intakeFields(json: unknown): JsonObject | null {
  const fields: JsonObject = {};
  for (const name of INTAKE_FIELDS) {
    const value = field(json as JsonValue, name);
    if (value === undefined || isEmpty(value)) return null;
    fields[name] = value;
  }
  return fields;
}

/** The plugin's answer when an intake field is missing. */
const missingParameters = (): RestResponse => new RestResponse({ error: 'Missing parameters' }, 400);

/** The wizard helper handlers. */
export function blocksuiteDesignLibraryWizardHandlers(
  deps: DesignLibraryDeps,
): Handlers<typeof blocksuiteDesignLibraryWizardRoutes, BlocksuiteDesignLibraryStorage> {
  /** Posts intake `body` to the proxy's `path`: its body as it came (`""` when unreachable: `wp_remote_retrieve_body` of an error). */
  const intake = async (
    operation: 'keywords' | 'search-query',
    path: string,
    body: JsonObject,
    license: DesignLibraryLicense,
    context: RestContext,
  ) => {
    const reply = await ask(deps, { operation, method: 'POST', url: prophecyUrl(path), token: prophecyToken(license, context.site), body });
    return reply.reached ? reply.body : '';
  };
  return {
    async getVerticals(request, _context, storage) {
      const identifier = `industry_verticals${PLUGIN_VERSION}`;
      if (!request.params.force_reload) {
        const cached = await storage.cachedBody('library', identifier);
        if (cached !== undefined) return cached;
      }
      const body = okBody(await ask(deps, { operation: 'verticals', method: 'GET', url: prophecyUrl('verticals') }));
      if (body === null) return 'error';
      await storage.cacheBody('library', identifier, body);
      return body;
    },

    async getKeywords(request, context, storage) {
      const fields = intakeFields(request.json);
      if (fields === null) return missingParameters();
      const lang = field(request.json as JsonValue, 'lang');
      const body = {
        ...fields,
        lang: lang === undefined || isEmpty(lang) ? '' : lang,
        count: field(request.json as JsonValue, 'count') ?? null,
      };
      return intake('keywords', 'proxy/intake/suggest-keywords', body, await storage.license(), context);
    },

    async getSearchQuery(request, context, storage) {
      const fields = intakeFields(request.json);
      if (fields === null) return missingParameters();
      return intake('search-query', 'proxy/intake/search-query', fields, await storage.license(), context);
    },

    async getRemainingCredits(_request, context, storage) {
      return remainingCredits(deps, await storage.license(), context);
    },
  };
}
