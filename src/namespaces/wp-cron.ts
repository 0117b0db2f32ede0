// WordPress's scheduled events, kept where WordPress keeps them: the `cron` option, a map of
// Unix time to hook to event (`_get_cron_array`). site-rest runs no WP-Cron: a plugin's REST
// answers that report a schedule (`wp_next_scheduled`) read it from here, and a WordPress sharing
// the database would run it.
import { setOwn } from '../core/own-property.js';
import type { JsonValue, OptionsTable } from '../store/types.js';
import { isSettingsObject } from './option-object.js';

/** `md5( serialize( array() ) )`: the key WordPress files an event without arguments under. */
const NO_ARGS_KEY = '40cd750bba9870f18aada2478b24840a';

/** A recurring event's schedule, as `wp_get_schedules()` names it, and its interval in seconds. */
export interface CronRecurrence {
  /** `hourly`, `twicedaily`, `daily`, `weekly`. */
  schedule: string;
  /** Seconds between runs. */
  interval: number;
}

/** WordPress's built-in recurrences (`wp_get_schedules()`). */
export const CRON_SCHEDULES: Readonly<Record<string, number>> = { hourly: 3600, twicedaily: 43200, daily: 86400, weekly: 604800 };

type CronArray = { [key: string]: JsonValue };

function cronArray(value: JsonValue | undefined): CronArray {
  return isSettingsObject(value) ? { ...value } : { version: 2 };
}

function withoutHook(cron: CronArray, hook: string): CronArray {
  const out: CronArray = {};
  for (const [time, events] of Object.entries(cron)) {
    if (time === 'version' || !isSettingsObject(events)) {
      setOwn(out, time, events);
      continue;
    }
    const rest = Object.fromEntries(Object.entries(events).filter(([name]) => name !== hook));
    if (Object.keys(rest).length > 0) setOwn(out, time, rest);
  }
  return out;
}

/** `wp_next_scheduled( $hook )`: the earliest time an argument-less event of `hook` is due, or false. */
export async function nextScheduled(options: OptionsTable, hook: string): Promise<number | false> {
  const cron = cronArray(await options.get('cron'));
  let next: number | false = false;
  for (const [time, events] of Object.entries(cron)) {
    const at = Number(time);
    if (time === 'version' || !isSettingsObject(events) || !isSettingsObject(events[hook] ?? null)) continue;
    if (next === false || at < next) next = at;
  }
  return next;
}

/** `wp_schedule_single_event` (or `wp_schedule_event` with a recurrence) of an argument-less event at `at`. */
export async function scheduleEvent(options: OptionsTable, hook: string, at: number, recurrence?: CronRecurrence): Promise<void> {
  const event: JsonValue = recurrence
    ? { schedule: recurrence.schedule, args: [], interval: recurrence.interval }
    : { schedule: false, args: [] };
  await options.update('cron', (current) => {
    const cron = cronArray(current);
    const slot = isSettingsObject(cron[String(at)] ?? null) ? { ...(cron[String(at)] as CronArray) } : {};
    slot[hook] = { [NO_ARGS_KEY]: event };
    cron[String(at)] = slot;
    return cron;
  });
}

/** `wp_clear_scheduled_hook( $hook )`: every argument-less event of `hook` removed. */
export async function clearScheduledHook(options: OptionsTable, hook: string): Promise<void> {
  await options.update('cron', (current) => withoutHook(cronArray(current), hook));
}
