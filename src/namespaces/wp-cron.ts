// WordPress's scheduled events, kept where WordPress keeps them: the `cron` option, a map of
// Unix time to hook to event (`_get_cron_array`). site-rest runs no WP-Cron: a plugin's REST
// answers that report a schedule (`wp_next_scheduled`) read it from here, and a WordPress sharing
// the database would run it.
import { md5 } from '../core/crypto/digest.js';
import { setOwn } from '../core/own-property.js';
import { phpSerialize } from '../core/php/serialize.js';
import type { JsonValue, OptionsTable } from '../store/types.js';
import { isSettingsObject } from './option-object.js';

/** `md5( serialize( $args ) )`: the key WordPress files an event under, one per list of arguments. */
const argsKey = (args: readonly JsonValue[]): string => md5(phpSerialize(args));

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

/** `wp_next_scheduled( $hook, $args )`: the earliest time an event of `hook` with `args` (default none) is due, or false. */
export async function nextScheduled(options: OptionsTable, hook: string, args: readonly JsonValue[] = []): Promise<number | false> {
  const cron = cronArray(await options.get('cron'));
  const key = argsKey(args);
  let next: number | false = false;
  for (const [time, events] of Object.entries(cron)) {
    const at = Number(time);
    if (time === 'version' || !isSettingsObject(events)) continue;
    const byArgs = events[hook] ?? null;
    if (!isSettingsObject(byArgs) || !Object.hasOwn(byArgs, key)) continue;
    if (next === false || at < next) next = at;
  }
  return next;
}

/**
 * `wp_schedule_single_event` (or `wp_schedule_event` with a recurrence) of an event of `hook` at
 * `at`, with `args` (default none) as WordPress passes them to the hook; events of the hook with
 * other arguments at the same time stay.
 */
export async function scheduleEvent(
  options: OptionsTable,
  hook: string,
  at: number,
  recurrence?: CronRecurrence,
  args: readonly JsonValue[] = [],
): Promise<void> {
  const event: JsonValue = recurrence
    ? { schedule: recurrence.schedule, args: [...args], interval: recurrence.interval }
    : { schedule: false, args: [...args] };
  await options.update('cron', (current) => {
    const cron = cronArray(current);
    const slot = isSettingsObject(cron[String(at)] ?? null) ? { ...(cron[String(at)] as CronArray) } : {};
    const byArgs = isSettingsObject(slot[hook] ?? null) ? { ...(slot[hook] as CronArray) } : {};
    setOwn(byArgs, argsKey(args), event);
    setOwn(slot, hook, byArgs);
    cron[String(at)] = slot;
    return cron;
  });
}

/** `wp_clear_scheduled_hook( $hook )`: every argument-less event of `hook` removed. */
export async function clearScheduledHook(options: OptionsTable, hook: string): Promise<void> {
  await options.update('cron', (current) => withoutHook(cronArray(current), hook));
}

/** A scheduled event of a hook: when it is due and the arguments it is run with. */
interface ScheduledEvent {
  /** Unix time it is due at. */
  at: number;
  /** Its arguments. */
  args: JsonValue[];
}

/** Every scheduled event of `hook`, whatever its arguments (what `_get_cron_array()`'s readers scan for). */
export async function scheduledEvents(options: OptionsTable, hook: string): Promise<ScheduledEvent[]> {
  const found: ScheduledEvent[] = [];
  for (const [time, events] of Object.entries(cronArray(await options.get('cron')))) {
    if (time === 'version' || !isSettingsObject(events)) continue;
    const byArgs = events[hook] ?? null;
    if (!isSettingsObject(byArgs)) continue;
    for (const event of Object.values(byArgs)) {
      const args = isSettingsObject(event) && Array.isArray(event.args) ? event.args : [];
      found.push({ at: Number(time), args });
    }
  }
  return found;
}
