import type { JsonValue, UserPage, UserQuery, UserRow } from '../../store/types.js';
import type { SettingsObject } from '../option-object.js';
import type { StorageContext, StorageGroups } from '../define.js';

export type { UserPage, UserQuery, UserRow } from '../../store/types.js';

/** One of Site Kit's e-mail logs (a `googlesitekit_email` post): a mail of a batch, and how its sending went. */
export interface EmailLogEntry {
  /** The post's id. */
  id: number;
  /** `email_scheduled`, `email_sent` or `email_failed`. */
  status: string;
  /** Send attempts so far (`_send_attempts`). */
  attempts: number;
  /** The last failure, as Site Kit stores it (`_error_details`: a JSON text of a WP_Error's `errors` and `error_data`); undefined when none. */
  errorDetails: JsonValue | undefined;
}

/** A subscription-confirmation mail to file, as `Subscription_Confirmation_Task::schedule` files it. */
export interface EmailConfirmation {
  /** The user newly subscribed (the log's author). */
  userId: number;
  /** The batch's UUID (the log's title and `_batch_id`). */
  batchId: string;
  /** The frequency subscribed to. */
  frequency: string;
  /** When it was asked, Unix seconds: the worker's and fallback's time and third argument. */
  timestamp: number;
  /** The first report's period, as `_report_reference_dates` keeps it (JSON text). */
  referenceDates: string;
}

/**
 * Where `site-insights/v1` keeps its data, as Site Kit keeps it in WordPress: `googlesitekit_*`
 * and `googlesitekitpersistent_*` options, the same names as user options (per user, in user
 * meta under the option's own name, as a global `update_user_option` writes them) and transients.
 * Every callback gets the request's storage context last.
 */
export interface SiteInsightsStorage {
  /** An option's value; undefined when absent. */
  getOption(name: string, context: StorageContext): Promise<JsonValue | undefined>;
  /** Sets an option's value. */
  setOption(name: string, value: JsonValue, context: StorageContext): Promise<void>;
  /** Deletes an option; false when it was absent. */
  deleteOption(name: string, context: StorageContext): Promise<boolean>;
  /**
   * Reads and writes one option in one atomic step: `update` gets its value (undefined when absent)
   * and answers the value to store, or undefined to leave it as it is. Answers the value stored after.
   */
  updateOption(
    name: string,
    update: (current: JsonValue | undefined) => JsonValue | undefined,
    context: StorageContext,
  ): Promise<JsonValue | undefined>;
  /**
   * Writes `changes` over the settings object an option holds (a stored value that is not an
   * object counts as none), in one atomic step, and answers the stored result.
   */
  mergeOption(name: string, changes: SettingsObject, context: StorageContext): Promise<SettingsObject>;
  /** A user option's value for a user; undefined when absent. */
  getUserOption(userId: number, name: string, context: StorageContext): Promise<JsonValue | undefined>;
  /** Sets a user option's value for a user. */
  setUserOption(userId: number, name: string, value: JsonValue, context: StorageContext): Promise<void>;
  /** Deletes a user option of a user; false when it was absent. */
  deleteUserOption(userId: number, name: string, context: StorageContext): Promise<boolean>;
  /**
   * Reads and writes one user option in one atomic step, as {@link SiteInsightsStorage.updateOption}
   * does an option. Answers the value stored after.
   */
  updateUserOption(
    userId: number,
    name: string,
    update: (current: JsonValue | undefined) => JsonValue | undefined,
    context: StorageContext,
  ): Promise<JsonValue | undefined>;
  /** A transient's value; undefined when absent or expired. */
  getTransient(name: string, context: StorageContext): Promise<JsonValue | undefined>;
  /** Stores a transient for some seconds (0: no expiry). */
  setTransient(name: string, value: JsonValue, ttlSeconds: number, context: StorageContext): Promise<void>;
  /** Deletes a transient. */
  deleteTransient(name: string, context: StorageContext): Promise<void>;
  /** A user by id, with its roles; null when absent. */
  getUser(id: number, context: StorageContext): Promise<UserRow | null>;
  /** Users matching a query (`WP_User_Query`: roles, search, exclusions, order, paging), with the total. */
  queryUsers(query: UserQuery, context: StorageContext): Promise<UserPage>;
  /** One user option of many users in one read: each user id asked that has it → its value. */
  userOptionOfUsers(userIds: number[], name: string, context: StorageContext): Promise<Map<number, JsonValue>>;
  /**
   * Files a subscription confirmation in one step: its e-mail log (a `googlesitekit_email` post
   * with its meta) and the worker and fallback cron events that send it.
   */
  scheduleEmailConfirmation(confirmation: EmailConfirmation, context: StorageContext): Promise<void>;
  /**
   * `Cron_Health_Check::check_stale_tasks` at `nowSeconds`: when a report initiator event is more
   * than a day overdue, the latest batch's pending logs, and every log still scheduled a day after
   * it was filed, are marked failed with `errorDetails`. Answers nothing.
   */
  failStaleEmailLogs(nowSeconds: number, errorDetails: string, context: StorageContext): Promise<void>;
  /** The logs of the latest e-mail batch (that of the newest log), newest first; empty when none. */
  latestEmailBatch(context: StorageContext): Promise<EmailLogEntry[]>;
}

/** The groups of {@link SiteInsightsStorage} a host replaces together (`withDefaults`). */
export const siteInsightsStorageGroups: StorageGroups<SiteInsightsStorage> = [
  { data: 'options', callbacks: ['getOption', 'setOption', 'deleteOption', 'updateOption', 'mergeOption'] },
  { data: 'user options', callbacks: ['getUserOption', 'setUserOption', 'deleteUserOption', 'updateUserOption'] },
  { data: 'transients', callbacks: ['getTransient', 'setTransient', 'deleteTransient'] },
  { data: 'users', callbacks: ['getUser'] },
  { data: 'users and their user options, read as lists', callbacks: ['queryUsers', 'userOptionOfUsers'] },
  { data: 'e-mail log and its cron events', callbacks: ['scheduleEmailConfirmation', 'failStaleEmailLogs', 'latestEmailBatch'] },
];
