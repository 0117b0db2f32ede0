// E-mail reporting: the site's switch, the lists of users who may be invited or are subscribed, the
// invitation mail with its per-user rate limit, the latest batch's error, and each user's
// subscription, whose start files a confirmation mail for WP-Cron (Site Kit 1.184's
// `REST_Email_Reporting_Controller`s, plus the develop branch's three routes B6 names).
import { randomHex } from '../../../core/crypto/random.js';
import type { SendMail } from '../../../core/mail/message.js';
import { phpJsonDecode } from '../../../core/php/json-decode.js';
import { isEmail } from '../../../core/schema/formats.js';
import type { RestContext } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import type { Handlers } from '../../define.js';
import type { BoundService } from '../../host-service.js';
import type { RestError } from '../../../core/errors/rest-error.js';
import { MAX_SEND_ATTEMPTS } from '../email-log.js';
import { alreadySubscribed, confirmationNotFiled, ineligibleUser, invalidUserId, inviteMailFailed, inviteRateLimited } from '../errors.js';
import { invitationMail } from '../invitation-mail.js';
import {
  INVITE_TRANSIENT_PREFIX,
  USER_REPORT_SETTINGS_OPTION,
  isSubscribedSetting,
  recipientPage,
  reportRecipients,
} from '../report-recipients.js';
import { isReportFrequency, nextOccurrence, referenceDates, type ReportFrequency, type SiteClock } from '../report-schedule.js';
import type { siteInsightsEmailReportingRoutes } from '../routes/email-reporting.js';
import { siteSetting, userSetting, type SiteInsightsBound } from '../settings.js';
import type { SiteInsightsStorage } from '../storage.js';

/** What the e-mail reporting handlers need besides their storage. */
interface EmailReportingDeps {
  /** The mail of invitations, bound at mount. */
  mail: BoundService<SendMail, RestError>;
  /** The clock in milliseconds. */
  now: () => number;
}

/** The site's switch (`Core\Email_Reporting\Email_Reporting_Settings`). */
const SITE_OPTION = 'googlesitekit_email_reporting';
/** How long an invitation blocks the next to the same user (`INVITE_RATE_LIMIT_TTL`, a day). */
const INVITE_TTL_SECONDS = 86_400;
/** The user's subscription defaults (`Core\User\Email_Reporting_Settings::get_default`). */
const USER_DEFAULTS: { subscribed: boolean; frequency: string } = { subscribed: false, frequency: 'weekly' };
/** `Cron_Health_Check::get_cron_scheduler_error_json()`: the error a stale batch is marked with. */
const CRON_ERROR_DETAILS = JSON.stringify({
  errors: { cron_scheduler_error: ['Email report generation could not be completed due to a cron scheduling issue.'] },
  error_data: { cron_scheduler_error: { category_id: 'cron_scheduler_error' } },
});

/** `wp_generate_uuid4()`. */
function uuid4(): string {
  const hex = randomHex(32);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The site's clock: `gmt_offset`, and `start_of_week` (WordPress installs it as 1, Monday). */
async function siteClock(storage: SiteInsightsBound, context: RestContext): Promise<SiteClock> {
  const start = Number(await storage.getOption('start_of_week'));
  return {
    gmtOffset: Number(context.site.gmt_offset ?? 0) || 0,
    startOfWeek: Number.isInteger(start) && start >= 0 && start <= 6 ? start : 1,
  };
}

/** A user's subscription as `Email_Reporting_Settings` sanitizes it: `subscribed` a boolean, `frequency` one Site Kit knows. */
function sanitizedSubscription(settings: Record<string, unknown>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  if (settings.subscribed !== undefined && settings.subscribed !== null) out.subscribed = Boolean(settings.subscribed);
  if (Object.hasOwn(settings, 'frequency')) out.frequency = isReportFrequency(settings.frequency) ? settings.frequency : 'weekly';
  return out;
}

/** A user's subscription setting. */
const subscription = (storage: SiteInsightsBound, userId: number) =>
  userSetting(storage, userId, USER_REPORT_SETTINGS_OPTION, USER_DEFAULTS);

/** The frequency a user's settings hold, weekly when they hold none Site Kit knows. */
const frequencyOf = (settings: { frequency: unknown }): ReportFrequency =>
  isReportFrequency(settings.frequency) ? settings.frequency : 'weekly';

/** The handlers of {@link siteInsightsEmailReportingRoutes}. */
export function siteInsightsEmailReportingHandlers(
  deps: EmailReportingDeps,
): Handlers<typeof siteInsightsEmailReportingRoutes, SiteInsightsStorage> {
  const nowSeconds = (): number => Math.floor(deps.now() / 1000);
  const site = (storage: SiteInsightsBound) => siteSetting(storage, SITE_OPTION, { enabled: true });

  return {
    getSiteReporting: (_request, _context, storage) => site(storage).read(),

    setSiteReporting: (request, _context, storage) => site(storage).merge({ enabled: request.params.data.settings.enabled }),

    listEligibleSubscribers: async (request, context, storage) => {
      const { page, per_page: perPage, search } = request.params;
      const users = await reportRecipients(storage, { callerId: context.user!.id, search, subscribed: false });
      return recipientPage(storage, users, page, perPage);
    },

    listSubscribedUsers: async (request, context, storage) => {
      const { page, per_page: perPage, search } = request.params;
      const users = await reportRecipients(storage, { callerId: context.user!.id, search, subscribed: true });
      return recipientPage(storage, users, page, perPage);
    },

    unsubscribeUser: async (request, _context, storage) => {
      const userId = request.params.data.userID;
      if ((await storage.getUser(userId)) === null) return invalidUserId();
      const setting = subscription(storage, userId);
      await setting.merge({ ...(await setting.read()), subscribed: false });
      return { success: true };
    },

    inviteUser: async (request, context, storage) => {
      const userId = request.params.data.userID;
      const user = await storage.getUser(userId);
      if (user === null) return invalidUserId();
      if (isSubscribedSetting(await storage.getUserOption(userId, USER_REPORT_SETTINGS_OPTION))) return alreadySubscribed();
      const callerId = context.user!.id;
      const eligible = await reportRecipients(storage, { callerId, search: '', subscribed: false });
      if (!eligible.some((candidate) => candidate.ID === userId)) return ineligibleUser();
      const limitKey = INVITE_TRANSIENT_PREFIX + userId;
      if ((await storage.getTransient(limitKey)) !== undefined) return inviteRateLimited();

      const [caller, adminEmail] = await Promise.all([storage.getUser(callerId), storage.getOption('admin_email')]);
      const siteAdmin = typeof adminEmail === 'string' ? adminEmail : '';
      const mail = invitationMail({
        recipient: user.user_email,
        inviterEmail: caller && isEmail(caller.user_email) ? caller.user_email : siteAdmin,
        adminEmail: isEmail(siteAdmin) ? siteAdmin : '',
        home: context.site.home,
        siteUrl: context.site.url,
      });
      const sent = await deps.mail.call((sendMail) => sendMail(mail), { recipient: mail.recipient });
      if (!sent.ok) return sent.answer;
      if (sent.value !== true) return inviteMailFailed();
      await storage.setTransient(limitKey, nowSeconds(), INVITE_TTL_SECONDS);
      return { success: true };
    },

    getReportErrors: async (_request, _context, storage) => {
      await storage.failStaleEmailLogs(nowSeconds(), CRON_ERROR_DETAILS);
      const batch = await storage.latestEmailBatch();
      if (batch.length === 0 || batch.some((log) => log.status !== 'email_failed' || log.attempts < MAX_SEND_ATTEMPTS)) return [];
      const first = batch.reduce((lowest, log) => (log.id < lowest.id ? log : lowest));
      if (typeof first.errorDetails !== 'string') return [];
      const decoded = phpJsonDecode(first.errorDetails);
      return decoded.ok ? decoded.value : null;
    },

    getUserReporting: (_request, context, storage) => subscription(storage, context.user!.id).read(),

    setUserReporting: async (request, context, storage) => {
      const userId = context.user!.id;
      const setting = subscription(storage, userId);
      const previous = await setting.read();
      const updated = await setting.merge({ ...previous, ...sanitizedSubscription(request.params.data.settings) });
      if (previous.subscribed || !updated.subscribed) return updated;
      const frequency = frequencyOf(updated);
      const clock = await siteClock(storage, context);
      const timestamp = nowSeconds();
      try {
        await storage.scheduleEmailConfirmation({
          userId,
          batchId: uuid4(),
          frequency,
          timestamp,
          referenceDates: JSON.stringify(referenceDates(frequency, nextOccurrence(frequency, timestamp, clock), clock)),
        });
      } catch {
        return confirmationNotFiled();
      }
      return updated;
    },

    getNextReport: async (_request, context, storage) => {
      const settings = await subscription(storage, context.user!.id).read();
      return { timestamp: nextOccurrence(frequencyOf(settings), nowSeconds(), await siteClock(storage, context)) };
    },
  };
}
