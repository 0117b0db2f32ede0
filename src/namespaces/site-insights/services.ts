// The outside services of site-insights/v1. Each is a self-contained block: its host callback's
// types, its declaration (budget, Site Kit's answer per failure) and its recorded double.

// ---- google-access: `google.checkAccess` ---------------------------------------------------------
// Whether the caller's Google account reaches a module's service entity (the Search Console
// property, the Analytics property, the Tag Manager container, the AdSense account, the Reader
// Revenue Manager publication), which `check-access` and `recover-modules` ask before an admin
// takes a module over. Site Kit asks Google's APIs with the caller's token; here the host's
// `google.checkAccess` does. Its callback type is its own interface, `SiteKitGoogleAccess`, which
// the `google` option's other callbacks join.
import type { RestError } from '../../core/errors/rest-error.js';
import type { HostServiceLimits, ServiceDeclaration } from '../host-service.js';
import { recordedAnswer, type JsonObject } from '../recorded-double.js';
import type { SettingsObject } from '../option-object.js';
import { googleApiError, googleApiUnavailable, googleRequestFailed } from './errors.js';
import type { SiteKitModule } from './registry.js';

/** What `check-access` asks Google: whether a user's Google account reaches the entity a module's settings name. */
export interface SiteKitAccessCall {
  /** The module's slug (`search-console`, `analytics-4`, `tagmanager`, `adsense`, `reader-revenue-manager`). */
  module: string;
  /** The user whose Google sign-in asks: the caller. */
  userId: number;
  /** The module's stored settings, naming its entity (`propertyID`, `accountID`, `containerID`, `clientID`, `publicationID`). */
  settings: SettingsObject;
}

/** An error Google's API answered (`Google_Service_Exception`): the HTTP status and its first error's message and reason. */
export interface GoogleApiFailure {
  /** The HTTP status Google answered (403, 404, 429, 500…). */
  status: number;
  /** Google's message. */
  message: string;
  /** Google's reason (`forbidden`, `notFound`, `rateLimitExceeded`…); empty when none. */
  reason?: string;
}

/** Google's answer: whether the entity is reachable, or the error its API answered. */
export type SiteKitAccessAnswer = { access: boolean } | { error: GoogleApiFailure };

/** The host's way to ask Google whether a user reaches a module's entity; `signal` fires at the deadline. */
export interface SiteKitGoogleAccess {
  /** Answers one check, as Site Kit's `check_service_entity_access` asks Google's API for it. */
  checkAccess(call: SiteKitAccessCall, signal: AbortSignal): Promise<SiteKitAccessAnswer> | SiteKitAccessAnswer;
}

/** The budget of a check: one small Google API round trip. */
const GOOGLE_ACCESS_LIMITS: HostServiceLimits = { timeoutMs: 15_000, maxBytes: 64 * 1024 };

/**
 * `google.checkAccess` as a declared service: 15 s and 64 KiB by default. Without a callback it
 * answers 503 `google_api_unavailable`; a throw, a time-out or an answer over the cap is Site
 * Kit's answer to a request that got no answer from Google (`unknown`, 500, a fixed message).
 * Its double answers the first recording whose `when` matches `{module, userId, settings}`, and
 * `{access: false}` (what Google's 403 means) where none does.
 */
export const googleAccessService: ServiceDeclaration<SiteKitGoogleAccess, RestError> = {
  namespace: 'site-insights',
  service: 'google-access',
  option: 'google',
  limits: GOOGLE_ACCESS_LIMITS,
  failures: {
    unconfigured: googleApiUnavailable,
    threw: () => googleRequestFailed('The request to Google failed.'),
    timeout: () => googleRequestFailed('The request to Google timed out.'),
    'too-large': () => googleRequestFailed('The answer from Google was too large.'),
  },
  double: (recorded) => ({
    async checkAccess(call, signal) {
      const { answer, filler } = await recordedAnswer(recorded, 'site-insights/google-access', call as unknown as JsonObject, signal);
      const found = (answer ?? { access: false }) as SiteKitAccessAnswer;
      return filler === '' ? found : ({ ...found, filler } as unknown as SiteKitAccessAnswer);
    },
  }),
};

/** Whether a value is a {@link GoogleApiFailure}. */
function isGoogleFailure(value: unknown): value is GoogleApiFailure {
  if (typeof value !== 'object' || value === null) return false;
  const { status, message, reason } = value as Record<string, unknown>;
  return Number.isInteger(status) && typeof message === 'string' && (reason === undefined || typeof reason === 'string');
}

/**
 * What Site Kit makes of Google's answer for a module (`check_service_entity_access`): access as
 * answered; the module's "no access" status (403, Tag Manager's 404) as no access; any other
 * error Google's own; an answer of another shape a failed request.
 */
export function accessFromAnswer(module: SiteKitModule, answer: SiteKitAccessAnswer): boolean | RestError {
  if ('access' in answer && typeof answer.access === 'boolean') return answer.access;
  if ('error' in answer && isGoogleFailure(answer.error)) {
    const { status, message, reason = '' } = answer.error;
    if (status === module.noAccessStatus) return false;
    return googleApiError(status >= 100 && status <= 599 ? status : 500, message, reason);
  }
  return googleRequestFailed('The answer from Google could not be read.');
}
