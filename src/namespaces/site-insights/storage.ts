import type { JsonValue, PostRow, TermRow, UserRow, UserPage, UserQuery } from '../../store/types.js';
import type { SettingsObject } from '../option-object.js';
import type { StorageContext, StorageGroups } from '../define.js';

export type { PostRow, TermRow, UserPage, UserQuery, UserRow } from '../../store/types.js';

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
  /**
   * Sets several user options of a user in one atomic step, each to its value in `changes`, or
   * deletes it where the value is undefined (a token and its expiry, written together).
   */
  writeUserOptions(userId: number, changes: Readonly<Record<string, JsonValue | undefined>>, context: StorageContext): Promise<void>;
  /** Deletes every user option of a user whose name starts with `prefix`, in one atomic step; answers how many. */
  deleteUserOptionsWithPrefix(userId: number, prefix: string, context: StorageContext): Promise<number>;
  /** A transient's value; undefined when absent or expired. */
  getTransient(name: string, context: StorageContext): Promise<JsonValue | undefined>;
  /** Stores a transient for some seconds (0: no expiry). */
  setTransient(name: string, value: JsonValue, ttlSeconds: number, context: StorageContext): Promise<void>;
  /** Deletes a transient. */
  deleteTransient(name: string, context: StorageContext): Promise<void>;
  /** A user by id, with its roles; null when absent. */
  getUser(id: number, context: StorageContext): Promise<UserRow | null>;
  /** How many users have the `administrator` role. */
  countAdministrators(context: StorageContext): Promise<number>;
  /** Whether some administrator has the user option `metaKey` (a Google access token: Site Kit's connected admins). */
  administratorHasUserOption(metaKey: string, context: StorageContext): Promise<boolean>;
  /**
   * Site Kit's reset (`Reset::all`), in one transaction: deletes every option, user option, post
   * meta, term meta and transient whose name starts with `prefix` (`googlesitekit_` or
   * `googlesitekitpersistent_`), the legacy option `googlesitekit-active-modules`, and the e-mail
   * log's posts (type `googlesitekit_email`) with their meta.
   */
  resetData(prefix: string, context: StorageContext): Promise<void>;
  /**
   * Published posts and pages with every word of `search` (split on white space, compared
   * case-insensitively) in their title, excerpt or content, as `WP_Query`'s `s` finds them: those
   * with the whole phrase in their title first, then the newest; at most `limit`. An empty
   * `search` answers the newest published posts (type `post`), as `WP_Query` does without one.
   */
  searchPosts(search: string, limit: number, context: StorageContext): Promise<PostRow[]>;
  /** A post of any type and status by id; null when absent. */
  getPost(id: number, context: StorageContext): Promise<PostRow | null>;
  /** The published posts of some types with a slug (`post_name`), oldest id first. */
  publishedBySlug(slug: string, types: readonly string[], context: StorageContext): Promise<PostRow[]>;
  /** A term by id; null when absent. */
  getTerm(id: number, context: StorageContext): Promise<TermRow | null>;
  /** A taxonomy's term by slug; null when absent. */
  getTermBySlug(taxonomy: string, slug: string, context: StorageContext): Promise<TermRow | null>;
  /** A user by `user_nicename` (the slug of their author archive); null when absent. */
  getUserBySlug(nicename: string, context: StorageContext): Promise<UserRow | null>;
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
  {
    data: 'user options',
    callbacks: [
      'getUserOption',
      'setUserOption',
      'deleteUserOption',
      'updateUserOption',
      'writeUserOptions',
      'deleteUserOptionsWithPrefix',
    ],
  },
  { data: 'transients', callbacks: ['getTransient', 'setTransient', 'deleteTransient'] },
  { data: 'users', callbacks: ['getUser'] },
  { data: 'administrators', callbacks: ['countAdministrators', 'administratorHasUserOption'] },
  { data: 'every Site Kit key (the reset)', callbacks: ['resetData'] },
  { data: 'entities', callbacks: ['searchPosts', 'getPost', 'publishedBySlug', 'getTerm', 'getTermBySlug', 'getUserBySlug'] },
  { data: 'users and their user options, read as lists', callbacks: ['queryUsers', 'userOptionOfUsers'] },
  { data: 'e-mail log and its cron events', callbacks: ['scheduleEmailConfirmation', 'failStaleEmailLogs', 'latestEmailBatch'] },
];
