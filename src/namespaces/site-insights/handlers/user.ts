// A user's Google sign-in, settings and capabilities (Site Kit's `REST_Authentication_Controller`,
// `REST_User_Input_Controller`, the audience, conversion reporting and initial set-up controllers,
// `Permissions`, `Nonces`, `REST_Tracking_Consent_Controller` and `REST_Key_Metrics_Controller`).
import type { RestContext } from '../../../core/types.js';
import type { BoundService } from '../../host-service.js';
import type { Handlers } from '../../define.js';
import { isSettingsObject, type SettingsObject } from '../../option-object.js';
import { createNonce } from '../../site-salt.js';
import {
  AUTH_OPTIONS,
  HAS_CONNECTED_ADMINS_OPTION,
  TOKEN_DELETES,
  USER_DATA_PREFIX,
  authenticationState,
  readToken,
  siteOAuthClient,
  tokenWrites,
} from '../authentication.js';
import { factsFor } from '../checks.js';
import { selectedMetricsEmpty } from '../errors.js';
import { shareableModules } from '../module-state.js';
import { LISTED_CAPABILITIES, MODULE_CAPABILITIES, siteKitCan } from '../permissions.js';
import type { siteInsightsUserRoutes } from '../routes/user.js';
import type { OAuthFailure, OAuthTokenAnswer, SiteKitOAuth } from '../services.js';
import { userSetting, type SiteInsightsBound } from '../settings.js';
import type { SiteInsightsStorage } from '../storage.js';
import { dequeueSurvey, recordKeyMetricsSetup, setUserInputAnswers, userInputAnswers } from '../user-input.js';
import {
  AUDIENCE_SETTINGS,
  CONVERSION_REPORTING_SETTINGS,
  INITIAL_SETUP_SETTINGS,
  KEY_METRICS_SETTINGS,
  TRACKING_OPTION,
  type UserSettingDefinition,
} from '../user-settings.js';

/** What the user handlers need besides their storage. */
interface SiteInsightsUserDeps {
  /** The clock in milliseconds. */
  now: () => number;
  /** Google's OAuth endpoints, as bound at mount. */
  oauth: BoundService<SiteKitOAuth, OAuthFailure>;
  /** The `nonce` salt (`wp_salt('nonce')`). */
  nonceSalt: () => Promise<string>;
}

/** A refresh is due once the token expires within five minutes (`Authentication::refresh_user_token`). */
const REFRESH_MARGIN_SECONDS = 5 * 60;
/** The survey answering the set-up questions makes moot. */
const USER_INPUT_SURVEY = 'user_input_answered_other_survey';

/** The signed-in user's id (the checks let no anonymous caller through). */
const userIdOf = (context: RestContext): number => context.user!.id;

/** Whether the site is served over HTTPS (`is_ssl()`, for avatars). */
const secure = (context: RestContext): boolean => context.site.url.startsWith('https:');

/** The body's `data.settings` object (validated present by the route's args). */
function settingsOf(data: unknown): SettingsObject {
  const settings = isSettingsObject(data as never) ? (data as SettingsObject).settings : undefined;
  return isSettingsObject(settings) ? settings : {};
}

/** A user setting read over its defaults. */
function readSetting<T extends SettingsObject>(
  storage: SiteInsightsBound,
  userId: number,
  definition: UserSettingDefinition<T>,
): Promise<T> {
  return userSetting(storage, userId, definition.option, definition.defaults).read();
}

/** A user setting's `merge()` of `partial`, answering the settings after (`REST_*_Controller`'s write). */
async function mergeSetting<T extends SettingsObject>(
  storage: SiteInsightsBound,
  userId: number,
  definition: UserSettingDefinition<T>,
  partial: SettingsObject,
): Promise<T> {
  const setting = userSetting(storage, userId, definition.option, definition.defaults);
  return setting.merge(definition.changes(partial, await setting.read()));
}

/**
 * Refreshes a token about to expire (`OAuth_Client::refresh_token`): without a refresh token the
 * token is deleted; Google's new token is stored; its `invalid_grant` deletes the token; any other
 * failure keeps the stale token and records why.
 */
async function refreshToken(storage: SiteInsightsBound, userId: number, oauth: SiteInsightsUserDeps['oauth'], nowSeconds: number) {
  const token = await readToken(storage, userId);
  if (token === null || !token.created || !token.expiresIn) return;
  if (token.created + token.expiresIn > nowSeconds + REFRESH_MARGIN_SECONDS) return;
  if (token.refreshToken === undefined) {
    await storage.writeUserOptions(userId, { ...TOKEN_DELETES, [AUTH_OPTIONS.errorCode]: 'refresh_token_not_exist' });
    return;
  }
  const call = { userId, refreshToken: token.refreshToken, ...(await siteOAuthClient(storage)) };
  const result = await oauth.call((callback, signal) => callback.refresh(call, signal), call);
  if (!result.ok) {
    await storage.setUserOption(userId, AUTH_OPTIONS.errorCode, result.answer.errorCode);
    return;
  }
  const answer: OAuthTokenAnswer | null = isSettingsObject(result.value) ? result.value : null;
  if (answer !== null && 'error' in answer && typeof answer.error === 'string' && answer.error !== '') {
    const deletes = answer.error === 'invalid_grant' ? TOKEN_DELETES : {};
    await storage.writeUserOptions(userId, { ...deletes, [AUTH_OPTIONS.errorCode]: answer.error });
    return;
  }
  if (answer === null || !('access_token' in answer) || typeof answer.access_token !== 'string' || answer.access_token === '') {
    await storage.setUserOption(userId, AUTH_OPTIONS.errorCode, 'access_token_not_received');
    return;
  }
  const expiresIn = Number.isInteger(answer.expires_in) ? answer.expires_in : undefined;
  const refreshed = answer.refresh_token || token.refreshToken;
  await storage.writeUserOptions(
    userId,
    tokenWrites({ access_token: answer.access_token, expires_in: expiresIn, refresh_token: refreshed }, nowSeconds),
  );
}

/** The user handlers. */
export function siteInsightsUserHandlers(deps: SiteInsightsUserDeps): Handlers<typeof siteInsightsUserRoutes, SiteInsightsStorage> {
  const { now, oauth } = deps;
  const nowSeconds = () => Math.floor(now() / 1000);
  return {
    getAuthentication: (_request, context, storage) => authenticationState(storage, userIdOf(context)),

    async disconnect(_request, context, storage) {
      const userId = userIdOf(context);
      const token = await readToken(storage, userId);
      if (token !== null) {
        const { clientId } = await siteOAuthClient(storage);
        const call = { userId, token: token.refreshToken ?? token.accessToken, clientId };
        await oauth.call((callback, signal) => callback.revoke(call, signal), call);
      }
      await storage.deleteOption(HAS_CONNECTED_ADMINS_OPTION);
      await storage.deleteUserOptionsWithPrefix(userId, USER_DATA_PREFIX);
      return true;
    },

    async getToken(_request, context, storage) {
      const userId = userIdOf(context);
      await refreshToken(storage, userId, oauth, nowSeconds());
      const token = await readToken(storage, userId);
      return { token: token === null ? false : token.accessToken };
    },

    async getUserInput(_request, context, storage) {
      const answers = await userInputAnswers(storage, userIdOf(context), secure(context));
      if (!context.user!.can('list_users')) for (const answer of Object.values(answers)) delete answer.author;
      return answers;
    },

    async setUserInput(request, context, storage) {
      // Without `data.settings` WordPress's own validation answers first (its `required`), so Site Kit's `rest_missing_callback_param` check never runs.
      const settings = settingsOf(request.params.data);
      const userId = userIdOf(context);
      await setUserInputAnswers(storage, userId, settings, secure(context));
      const answers = await userInputAnswers(storage, userId, secure(context));
      const purpose = answers.purpose?.values;
      if (Array.isArray(purpose) && purpose.length > 0) await recordKeyMetricsSetup(storage, userId);
      await dequeueSurvey(storage, userId, USER_INPUT_SURVEY);
      return answers;
    },

    getAudienceSettings: (_request, context, storage) => readSetting(storage, userIdOf(context), AUDIENCE_SETTINGS),
    setAudienceSettings: (request, context, storage) =>
      mergeSetting(storage, userIdOf(context), AUDIENCE_SETTINGS, settingsOf(request.params.data)),

    getConversionReportingSettings: (_request, context, storage) => readSetting(storage, userIdOf(context), CONVERSION_REPORTING_SETTINGS),
    setConversionReportingSettings: (request, context, storage) =>
      mergeSetting(storage, userIdOf(context), CONVERSION_REPORTING_SETTINGS, settingsOf(request.params.data)),

    getInitialSetupSettings: (_request, context, storage) => readSetting(storage, userIdOf(context), INITIAL_SETUP_SETTINGS),
    setInitialSetupSettings: (request, context, storage) =>
      mergeSetting(storage, userIdOf(context), INITIAL_SETUP_SETTINGS, settingsOf(request.params.data)),

    async getPermissions(request, context, storage) {
      const facts = await factsFor(request, context, storage, now)!;
      const [listed, modules] = await Promise.all([
        Promise.all(LISTED_CAPABILITIES.map((capability) => siteKitCan(facts, capability))),
        shareableModules(storage),
      ]);
      const permissions: Record<string, boolean> = {};
      LISTED_CAPABILITIES.forEach((capability, index) => (permissions[capability] = listed[index]!));
      for (const capability of MODULE_CAPABILITIES) {
        for (const module of modules)
          permissions[`${capability}::${JSON.stringify([module.slug])}`] = await siteKitCan(facts, capability, module.slug);
      }
      return permissions;
    },

    async getNonces(_request, context) {
      return { updates: createNonce('updates', userIdOf(context), now(), await deps.nonceSalt()) };
    },

    async getTracking(_request, context, storage) {
      return { enabled: Boolean(await storage.getUserOption(userIdOf(context), TRACKING_OPTION)) };
    },

    async setTracking(request, context, storage) {
      const data = request.params.data as unknown;
      const enabled = isSettingsObject(data as never) && Boolean((data as SettingsObject).enabled);
      await storage.setUserOption(userIdOf(context), TRACKING_OPTION, enabled);
      return { enabled };
    },

    getKeyMetrics: (_request, context, storage) => readSetting(storage, userIdOf(context), KEY_METRICS_SETTINGS),

    async setKeyMetrics(request, context, storage) {
      const settings = settingsOf(request.params.data);
      const userId = userIdOf(context);
      const slugs = settings.widgetSlugs;
      if (slugs !== undefined && slugs !== null) {
        // More than eight never get here: the args' `maxItems` answers first, as WordPress's does.
        if (Array.isArray(slugs) && slugs.length === 0) return selectedMetricsEmpty();
        await recordKeyMetricsSetup(storage, userId);
      }
      return mergeSetting(storage, userId, KEY_METRICS_SETTINGS, settings);
    },
  };
}
