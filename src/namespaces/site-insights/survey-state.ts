/**
 * A user's surveys as Site Kit keeps them (`Core/User_Surveys`): the queue of surveys the Site Kit
 * service handed out (`Survey_Queue`, a list setting) and the triggers resting until a time
 * (`Survey_Timeouts`, trigger id → expiry in Unix seconds). Both are user settings, so each lives in
 * a user option of the signed-in user, written in one atomic step.
 */
import { setOwn } from '../../core/own-property.js';
import { isEmpty } from '../../core/php/values.js';
import { isSettingsObject, type SettingsObject } from '../option-object.js';
import type { JsonValue } from '../../store/types.js';
import type { SiteInsightsBound } from './settings.js';

/** The user option of the survey queue. */
const SURVEY_QUEUE_OPTION = 'googlesitekit_survey_queue';
/** The user option of the survey timeouts. */
const SURVEY_TIMEOUTS_OPTION = 'googlesitekit_survey_timeouts';
/** The timeout that rests every survey after one was shown (`Survey_Timeouts::GLOBAL_KEY`). */
const GLOBAL_TIMEOUT_KEY = '__global';
/** How long a shown survey rests the others: twelve hours (`set_global_timeout`). */
const GLOBAL_TIMEOUT_SECONDS = 12 * 60 * 60;

/** A queued survey: the service's answer as it came (`survey_id`, `survey_payload`, `session`). */
type QueuedSurvey = SettingsObject;

/** The queue as `List_Setting::get` reads it: the stored list, or none; items that are no survey object are passed over. */
function queueOf(stored: JsonValue | undefined): QueuedSurvey[] {
  return Array.isArray(stored) ? stored.filter((item): item is QueuedSurvey => isSettingsObject(item)) : [];
}

/** The timeouts as stored: trigger id → expiry; anything else counts as none. */
function timeoutsOf(stored: JsonValue | undefined): SettingsObject {
  return isSettingsObject(stored) ? stored : {};
}

/** The timeouts still running at `nowSeconds`, as `sanitize_list_items` keeps them (an expiry later than now). */
function running(timeouts: SettingsObject, nowSeconds: number): SettingsObject {
  const kept: SettingsObject = {};
  for (const [trigger, expiry] of Object.entries(timeouts)) {
    if (typeof expiry === 'number' && expiry > nowSeconds) setOwn(kept, trigger, expiry);
  }
  return kept;
}

/** Adds `survey` at the end of the user's queue unless a survey of its id is queued (`Survey_Queue::enqueue`). */
export async function enqueueSurvey(storage: SiteInsightsBound, userId: number, survey: QueuedSurvey): Promise<void> {
  await storage.updateUserOption(userId, SURVEY_QUEUE_OPTION, (current) => {
    const queue = queueOf(current);
    if (queue.some((item) => item.survey_id === survey.survey_id)) return undefined;
    return [...queue, survey];
  });
}

/** Takes the survey of id `surveyId` out of the user's queue (`Survey_Queue::dequeue`); writes nothing when none is queued. */
export async function dequeueSurvey(storage: SiteInsightsBound, userId: number, surveyId: JsonValue): Promise<void> {
  await storage.updateUserOption(userId, SURVEY_QUEUE_OPTION, (current) => {
    const queue = queueOf(current);
    const rest = queue.filter((item) => item.survey_id !== surveyId);
    return rest.length === queue.length ? undefined : rest;
  });
}

/** The first survey in the user's queue, or null (`Survey_Queue::front`). */
export async function frontSurvey(storage: SiteInsightsBound, userId: number): Promise<QueuedSurvey | null> {
  return queueOf(await storage.getUserOption(userId, SURVEY_QUEUE_OPTION))[0] ?? null;
}

/** The queued survey of the session with `sessionId`, or null (`Survey_Queue::find_by_session`; an empty id finds none). */
export async function surveyOfSession(
  storage: SiteInsightsBound,
  userId: number,
  sessionId: JsonValue | undefined,
): Promise<QueuedSurvey | null> {
  if (isEmpty(sessionId)) return null;
  for (const survey of queueOf(await storage.getUserOption(userId, SURVEY_QUEUE_OPTION))) {
    const session = survey.session;
    if (isSettingsObject(session) && !isEmpty(session.session_id) && session.session_id === sessionId) return survey;
  }
  return null;
}

/**
 * Rests `trigger` for `seconds` from `nowSeconds` (`Survey_Timeouts::add`); the write keeps only
 * the timeouts still running, as the setting's sanitizing does on every save.
 */
export async function addSurveyTimeout(
  storage: SiteInsightsBound,
  userId: number,
  trigger: string,
  seconds: number,
  nowSeconds: number,
): Promise<void> {
  await storage.updateUserOption(userId, SURVEY_TIMEOUTS_OPTION, (current) => {
    const timeouts = { ...timeoutsOf(current) };
    setOwn(timeouts, trigger, nowSeconds + seconds);
    return running(timeouts, nowSeconds);
  });
}

/** Rests every survey for twelve hours after one was shown (`Survey_Timeouts::set_global_timeout`). */
export function setGlobalSurveyTimeout(storage: SiteInsightsBound, userId: number, nowSeconds: number): Promise<void> {
  return addSurveyTimeout(storage, userId, GLOBAL_TIMEOUT_KEY, GLOBAL_TIMEOUT_SECONDS, nowSeconds);
}

/** The ids of the user's triggers whose timeouts are still running (`get_survey_timeouts`). */
export async function runningSurveyTimeouts(storage: SiteInsightsBound, userId: number, nowSeconds: number): Promise<string[]> {
  return Object.keys(running(timeoutsOf(await storage.getUserOption(userId, SURVEY_TIMEOUTS_OPTION)), nowSeconds));
}
