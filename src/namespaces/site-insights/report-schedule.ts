// When Site Kit's e-mail reports go out (`Frequency_Planner::next_occurrence`) and which days a
// report covers (`Initiator_Task::build_reference_dates`), on the site's clock. Dates are
// computed on a shifted UTC clock (the site's wall clock), as PHP's `DateTimeImmutable` in the
// site's zone computes them; month arithmetic overflows as PHP's `DateInterval` does (31 January
// plus three months is 1 May), which Site Kit's quarterly rule inherits.

/** A report frequency a user may choose (`Email_Reporting_Settings::FREQUENCY_*`). */
export type ReportFrequency = 'weekly' | 'monthly' | 'quarterly';

/** The frequencies, in Site Kit's order. */
const REPORT_FREQUENCIES: readonly ReportFrequency[] = ['weekly', 'monthly', 'quarterly'];

/** The hour of the site's day reports are sent at (`Frequency_Planner::TRIGGER_HOUR`). */
const TRIGGER_HOUR = 9;

const DAY_MS = 86_400_000;

/** The site's clock: its GMT offset in hours and the weekday its weeks start on (0 Sunday … 6 Saturday). */
export interface SiteClock {
  /** Offset from GMT in hours (`gmt_offset`). */
  gmtOffset: number;
  /** `start_of_week`. */
  startOfWeek: number;
}

/** Whether a value is a frequency Site Kit knows. */
export function isReportFrequency(value: unknown): value is ReportFrequency {
  return typeof value === 'string' && (REPORT_FREQUENCIES as readonly string[]).includes(value);
}

/** A wall-clock date (UTC getters read the site's time) of a Unix time in seconds. */
const wallClock = (seconds: number, clock: SiteClock): Date => new Date(seconds * 1000 + clock.gmtOffset * 3_600_000);
/** The Unix time in seconds of a wall-clock date. */
const unixTime = (wall: Date, clock: SiteClock): number => Math.round((wall.getTime() - clock.gmtOffset * 3_600_000) / 1000);
/** A wall-clock date at a day of a month (overflowing into the next months as PHP does), at `hour`:00. */
const at = (year: number, month: number, day: number, hour: number): Date => new Date(Date.UTC(year, month, day, hour));

/**
 * `Frequency_Planner::next_occurrence`: the next report time after `nowSeconds`, at 09:00 on the
 * site's clock: weekly on the next week start (a week later when today is one and 09:00 has
 * passed), monthly on the 1st of next month, quarterly on the 1st of the next quarter.
 */
export function nextOccurrence(frequency: ReportFrequency, nowSeconds: number, clock: SiteClock): number {
  const now = wallClock(nowSeconds, clock);
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  switch (frequency) {
    case 'weekly': {
      const dayStart = at(year, month, day, TRIGGER_HOUR);
      let days = (clock.startOfWeek - now.getUTCDay() + 7) % 7;
      if (days === 0 && now >= dayStart) days = 7;
      return unixTime(new Date(dayStart.getTime() + days * DAY_MS), clock);
    }
    case 'monthly':
      return unixTime(at(year, month + 1, 1, TRIGGER_HOUR), clock);
    case 'quarterly': {
      const landed = at(year, month + 3 - (month % 3), day, TRIGGER_HOUR);
      return unixTime(at(landed.getUTCFullYear(), landed.getUTCMonth(), 1, TRIGGER_HOUR), clock);
    }
  }
}

/** The period a report covers and the one it is compared with, each day as its midnight on the site's clock (Unix seconds). */
interface ReferenceDates {
  /** First day of the period. */
  startDate: number;
  /** Last day of the period. */
  endDate: number;
  /** First day of the period compared with. */
  compareStartDate: number;
  /** Last day of the period compared with. */
  compareEndDate: number;
}

/**
 * `Initiator_Task::build_reference_dates` as `Email_Log` stores them (`_report_reference_dates`,
 * each date as its midnight's timestamp): the week, month or quarter before the report's day, and
 * the one before that.
 */
export function referenceDates(frequency: ReportFrequency, reportSeconds: number, clock: SiteClock): ReferenceDates {
  const report = wallClock(reportSeconds, clock);
  const [year, month, day] = [report.getUTCFullYear(), report.getUTCMonth(), report.getUTCDate()];
  const stamp = (wall: Date): number => unixTime(wall, clock);
  switch (frequency) {
    case 'weekly': {
      const weekStart = day - ((report.getUTCDay() - clock.startOfWeek + 7) % 7);
      return {
        startDate: stamp(at(year, month, weekStart - 7, 0)),
        endDate: stamp(at(year, month, weekStart - 1, 0)),
        compareStartDate: stamp(at(year, month, weekStart - 14, 0)),
        compareEndDate: stamp(at(year, month, weekStart - 8, 0)),
      };
    }
    case 'monthly':
      return {
        startDate: stamp(at(year, month - 1, 1, 0)),
        endDate: stamp(at(year, month, 0, 0)),
        compareStartDate: stamp(at(year, month - 2, 1, 0)),
        compareEndDate: stamp(at(year, month - 1, 0, 0)),
      };
    case 'quarterly': {
      const quarter = month - (month % 3);
      return {
        startDate: stamp(at(year, quarter - 3, 1, 0)),
        endDate: stamp(at(year, quarter, 0, 0)),
        compareStartDate: stamp(at(year, quarter - 6, 1, 0)),
        compareEndDate: stamp(at(year, quarter - 3, 0, 0)),
      };
    }
  }
}
