// Site Kit's e-mail log on the site store, where Site Kit keeps it in WordPress: one
// `googlesitekit_email` post per mail of a batch (`Email_Log`), its meta, and the cron events of
// `Email_Reporting_Scheduler` that a WordPress sharing the database runs (site-rest runs no WP-Cron).
import { mysqlDate } from '../../store/rows.js';
import type { JsonValue, SiteStore, StoreTables } from '../../store/types.js';
import { nextScheduled, scheduleEvent, scheduledEvents } from '../wp-cron.js';
import { isReportFrequency } from './report-schedule.js';
import type { EmailConfirmation, EmailLogEntry } from './storage.js';

/** `Email_Log::POST_TYPE`. */
const POST_TYPE = 'googlesitekit_email';
/** `Email_Log::STATUS_*`. */
const STATUS = { sent: 'email_sent', failed: 'email_failed', scheduled: 'email_scheduled' } as const;
/** `Email_Log_Batch_Query::EMAIL_LOG_STATUSES`. */
const LOG_STATUSES = [STATUS.sent, STATUS.failed, STATUS.scheduled];
/** `Email_Log::META_*`. */
const META = {
  batchId: '_batch_id',
  frequency: '_report_frequency',
  referenceDates: '_report_reference_dates',
  attempts: '_send_attempts',
  siteId: '_site_id',
  templateType: '_template_type',
  errorDetails: '_error_details',
} as const;
/** `Email_Log_Batch_Query::MAX_ATTEMPTS`: a log failed this often is given up. */
export const MAX_SEND_ATTEMPTS = 3;
/** The most logs Site Kit's batch queries read (`posts_per_page` 10000). */
const MAX_LOGS = 10_000;
/** `Email_Reporting_Scheduler::ACTION_*`. */
const HOOKS = {
  initiator: 'googlesitekit_email_reporting_initiator',
  worker: 'googlesitekit_email_reporting_worker',
  fallback: 'googlesitekit_email_reporting_fallback',
} as const;
const DAY_SECONDS = 86_400;

/** A text as a MySQL `LIKE` pattern matching it alone (`$wpdb->esc_like`). */
const exactLike = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/** A log's send attempts as `(int) get_post_meta(…, true)` reads them. */
const attemptsOf = (values: JsonValue[] | undefined): number => {
  const n = Number(values?.[0] ?? 0);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
};

/** `Subscription_Confirmation_Task::schedule` and `Email_Reporting_Scheduler::schedule_email_confirmation`: the log, then its worker and fallback, due now. */
export async function fileEmailConfirmation(store: SiteStore, confirmation: EmailConfirmation): Promise<void> {
  await store.transaction(async (tx) => {
    const post = await tx.posts.insert({
      post_type: POST_TYPE,
      post_author: confirmation.userId,
      post_status: STATUS.scheduled,
      post_title: confirmation.batchId,
    });
    const meta: [string, JsonValue][] = [
      [META.batchId, confirmation.batchId],
      [META.frequency, confirmation.frequency],
      [META.referenceDates, confirmation.referenceDates],
      [META.attempts, 0],
      [META.siteId, 1],
      [META.templateType, 'subscribe-success'],
    ];
    for (const [key, value] of meta) await tx.postMeta.add(post.ID, key, value);
    const args = [confirmation.batchId, confirmation.frequency, confirmation.timestamp];
    for (const hook of [HOOKS.worker, HOOKS.fallback]) {
      if ((await nextScheduled(tx.options, hook, args)) === false)
        await scheduleEvent(tx.options, hook, confirmation.timestamp, undefined, args);
    }
  });
}

/** The logs of the latest batch (`Email_Log_Batch_Query::get_latest_batch_post_ids`), newest first. */
async function latestBatch(tables: StoreTables): Promise<EmailLogEntry[]> {
  const newest = await tables.posts.query({ type: [POST_TYPE], status: LOG_STATUSES, orderby: 'post_date', order: 'desc', limit: 1 });
  const first = newest.posts[0];
  if (!first) return [];
  const batchId = (await tables.postMeta.get(first.ID, META.batchId))[0];
  if (typeof batchId !== 'string' || batchId === '') return [];
  // Site Kit titles each log with its batch id: the title narrows the logs, the meta decides.
  const titled = await tables.posts.query({
    type: [POST_TYPE],
    status: LOG_STATUSES,
    nameOrTitleLike: exactLike(batchId),
    orderby: 'post_date',
    order: 'desc',
    limit: MAX_LOGS,
  });
  const ids = titled.posts.map((post) => post.ID);
  const meta = await tables.postMeta.getMany(ids, [META.batchId, META.attempts, META.errorDetails]);
  return titled.posts
    .filter((post) => meta.get(post.ID)?.[META.batchId]?.[0] === batchId)
    .map((post) => {
      const own = meta.get(post.ID) ?? {};
      return { id: post.ID, status: post.post_status, attempts: attemptsOf(own[META.attempts]), errorDetails: own[META.errorDetails]?.[0] };
    });
}

/** `Cron_Health_Check::mark_post_with_cron_error`: failed, out of attempts, with the cron error. */
async function markFailed(tables: StoreTables, ids: readonly number[], errorDetails: string): Promise<void> {
  for (const id of ids) {
    await tables.posts.update(id, { post_status: STATUS.failed });
    await tables.postMeta.update(id, META.attempts, MAX_SEND_ATTEMPTS);
    await tables.postMeta.update(id, META.errorDetails, errorDetails);
  }
}

/** The storage's `failStaleEmailLogs` on a site store, in one transaction. */
export async function failStaleEmailLogs(store: SiteStore, nowSeconds: number, errorDetails: string): Promise<void> {
  await store.transaction(async (tx) => {
    const initiators = await scheduledEvents(tx.options, HOOKS.initiator);
    if (initiators.some((event) => isReportFrequency(event.args[0]) && event.at + DAY_SECONDS < nowSeconds)) {
      const pending = (await latestBatch(tx)).filter(
        (log) => log.status !== STATUS.sent && !(log.status === STATUS.failed && log.attempts >= MAX_SEND_ATTEMPTS),
      );
      await markFailed(
        tx,
        pending.map((log) => log.id),
        errorDetails,
      );
    }
    // Site Kit compares the local `post_date` with a GMT time; kept as it is.
    const stale = await tx.posts.query({
      type: [POST_TYPE],
      status: [STATUS.scheduled],
      dates: [{ column: 'post_date', before: mysqlDate((nowSeconds - DAY_SECONDS) * 1000) }],
      limit: MAX_LOGS,
    });
    await markFailed(
      tx,
      stale.posts.map((post) => post.ID),
      errorDetails,
    );
  });
}

/** The storage's `latestEmailBatch` on a site store. */
export const latestEmailBatch = (store: SiteStore): Promise<EmailLogEntry[]> => latestBatch(store);
