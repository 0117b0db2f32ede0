/**
 * Site Kit's user input (`Core/User_Input`): the answers to its set-up questions, the site's in the
 * option and each user's in the user option `googlesitekit_user_input_settings`, each answer
 * `{values, scope}` and a site answer `answeredBy` whoever gave it.
 */
import { toPhpString } from '../../core/php/values.js';
import type { JsonValue } from '../../store/types.js';
import { avatarUrl } from '../avatar-url.js';
import { isSettingsObject } from '../option-object.js';
import type { SiteInsightsBound } from './settings.js';

/** The option (site answers) and user option (a user's answers). */
const USER_INPUT_OPTION = 'googlesitekit_user_input_settings';
/** The site option naming the first user who set up key metrics (`Key_Metrics_Setup_Completed_By`). */
const KEY_METRICS_SETUP_BY_OPTION = 'googlesitekit_key_metrics_setup_completed_by';
/** The user option of queued surveys (`Survey_Queue`). */
const SURVEY_QUEUE_OPTION = 'googlesitekit_survey_queue';

/** The questions and whose answer each is, in `User_Input::$questions`' order. */
const QUESTIONS: ReadonlyArray<readonly [question: string, scope: 'site' | 'user']> = [
  ['purpose', 'site'],
  ['postFrequency', 'user'],
  ['goals', 'user'],
  ['includeConversionEvents', 'site'],
];

/** One answer as answered: its values, whose it is, and for a site answer who gave it (and, for another user, who that is). */
type Answer = Record<string, JsonValue>;

/** The scope of a question; undefined for no question of Site Kit's. */
function scopeOf(question: string): 'site' | 'user' | undefined {
  return QUESTIONS.find(([name]) => name === question)?.[1];
}

/** A stored answers object's answers, keeping what the stored setting's sanitizer keeps. */
function storedAnswers(value: JsonValue | undefined, scope: 'site' | 'user'): Record<string, Answer> {
  const out: Record<string, Answer> = {};
  if (!isSettingsObject(value)) return out;
  for (const [question, answer] of Object.entries(value)) {
    if (scopeOf(question) !== scope || !isSettingsObject(answer) || answer.scope !== scope || !Array.isArray(answer.values)) continue;
    if (scope === 'site' && !Number.isInteger(answer.answeredBy)) continue;
    out[question] = { ...answer };
  }
  return out;
}

/** The user who gave an answer, when another than `userId`: `{photo, login}` (`User_Input::get_answers`). */
async function authorOf(storage: SiteInsightsBound, answeredBy: JsonValue | undefined, userId: number, secure: boolean) {
  const id = typeof answeredBy === 'number' ? Math.trunc(answeredBy) : typeof answeredBy === 'string' ? Number.parseInt(answeredBy, 10) : 0;
  if (!id || id === userId) return undefined;
  const user = await storage.getUser(id);
  return { photo: avatarUrl(user?.user_email ?? '', secure), login: user?.user_login ?? null };
}

/**
 * Every question's answer for `userId`: the site's and the user's as stored (the user's after the
 * site's), each other user's site answer with its `author`, then the unanswered questions with no
 * values (`User_Input::get_answers`). `secure`: the site is served over HTTPS (the avatar's scheme).
 */
export async function userInputAnswers(storage: SiteInsightsBound, userId: number, secure: boolean): Promise<Record<string, Answer>> {
  const [site, user] = await Promise.all([storage.getOption(USER_INPUT_OPTION), storage.getUserOption(userId, USER_INPUT_OPTION)]);
  const settings: Record<string, Answer> = { ...storedAnswers(site, 'site'), ...storedAnswers(user, 'user') };
  for (const answer of Object.values(settings)) {
    if (answer.answeredBy === undefined) continue;
    const author = await authorOf(storage, answer.answeredBy, userId, secure);
    if (author) answer.author = author;
  }
  for (const [question, scope] of QUESTIONS) if (!Object.hasOwn(settings, question)) settings[question] = { scope, values: [] };
  return settings;
}

/** The values kept of an answer: its scalars (`is_scalar`). */
function scalars(values: JsonValue[]): JsonValue[] {
  return values.filter((value) => value !== null && typeof value !== 'object');
}

/**
 * Replaces the site's and the user's answers with `given` (`User_Input::set_answers`): a site
 * answer is credited to the user when the purpose had no author or its values changed, else to
 * the purpose's author; questions Site Kit does not ask, and answers that are no list, are dropped.
 */
export async function setUserInputAnswers(
  storage: SiteInsightsBound,
  userId: number,
  given: Record<string, JsonValue>,
  secure: boolean,
): Promise<void> {
  const existing = await userInputAnswers(storage, userId, secure);
  const purpose = existing.purpose!;
  const purposeValues = Array.isArray(purpose.values) ? purpose.values : [];
  const site: Record<string, JsonValue> = {};
  const user: Record<string, JsonValue> = {};
  for (const [question, values] of Object.entries(given)) {
    const scope = scopeOf(question);
    if (scope === undefined || !Array.isArray(values)) continue;
    if (scope === 'user') {
      user[question] = { scope, values: scalars(values) };
      continue;
    }
    const changed = purposeValues.length > 0 && purposeValues.some((value) => !values.some((v) => toPhpString(v) === toPhpString(value)));
    const answeredBy = changed || !purpose.answeredBy ? userId : purpose.answeredBy;
    site[question] = { scope, values: scalars(values), ...(Number.isInteger(answeredBy) ? { answeredBy } : {}) };
  }
  await Promise.all([storage.setOption(USER_INPUT_OPTION, site), storage.setUserOption(userId, USER_INPUT_OPTION, user)]);
}

/** Records the first user to set up key metrics, unless one is recorded (`Key_Metrics_Setup_Completed_By`). */
export async function recordKeyMetricsSetup(storage: SiteInsightsBound, userId: number): Promise<void> {
  await storage.updateOption(KEY_METRICS_SETUP_BY_OPTION, (current) => (current ? undefined : userId));
}

/** Drops a survey from the user's queue (`Survey_Queue::dequeue`). */
export async function dequeueSurvey(storage: SiteInsightsBound, userId: number, surveyId: string): Promise<void> {
  await storage.updateUserOption(userId, SURVEY_QUEUE_OPTION, (current) => {
    if (!Array.isArray(current)) return undefined;
    const kept = current.filter((item) => !(isSettingsObject(item) && item.survey_id === surveyId));
    return kept.length === current.length ? undefined : kept;
  });
}
