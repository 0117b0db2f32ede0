import { forbidden } from '../../core/errors/catalogue.js';
import type { JsonValue } from '../../store/types.js';
import type { Handlers } from '../define.js';
import type { RestError } from '../../core/errors/rest-error.js';
import type { BoundService } from '../host-service.js';
import { isSettingsObject } from '../option-object.js';
import { invalidSlug, settingsNotObject, settingsTooLarge } from './errors.js';
import { relayPanelAnswer } from './panel-relay.js';
import { isPanelSlug } from './panel-slug.js';
import type { hostToolkitRoutes } from './routes.js';
import type { HostPanel } from './services.js';
import type { AnalyticsSettingsLimits, HostToolkitStorage } from './storage.js';

/** What the handlers run on. */
interface HostToolkitHandlerDeps {
  /** How much the analytics settings may hold. */
  settingsLimits: AnalyticsSettingsLimits;
  /** The host's control panel, bound to its budget. */
  panel: BoundService<HostPanel, RestError>;
}

/** The query forwarded to the panel: the client's, without `rest_route`, which addressed this route (own keys copied as data). */
function panelQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'rest_route'));
}

/** The handlers of the host-toolkit route table. */
export function hostToolkitHandlers(deps: HostToolkitHandlerDeps): Handlers<typeof hostToolkitRoutes, HostToolkitStorage> {
  const { settingsLimits, panel } = deps;
  return {
    async mergeAnalyticsSettings(request, _context, storage) {
      // The body was decoded by PHP's json_decode rules, so it holds JSON values only.
      const changes = request.json as JsonValue | undefined;
      if (!isSettingsObject(changes)) return settingsNotObject();
      const merged = await storage.mergeAnalyticsSettings(changes, settingsLimits);
      return merged ?? settingsTooLarge(settingsLimits.maxKeys, settingsLimits.maxBytes);
    },

    async forwardToPanel(request, context) {
      const slug = request.urlParams.slug;
      if (!isPanelSlug(slug)) return invalidSlug();
      // manage_options let only a signed-in user through; the check keeps the type honest.
      const user = context.user;
      if (user === null) return forbidden(null);
      const forwarded = {
        method: request.method,
        slug,
        query: panelQuery(request.query),
        body: request.json as JsonValue | undefined,
        user,
      };
      return relayPanelAnswer(await panel.call((host, signal) => host.request(forwarded, signal), forwarded));
    },
  };
}
