// The purges every process sharing a site store must apply to its own in-process pages. A purge is
// appended to one option, numbered, in one atomic update; each process reads it (at most once a
// second) and applies what it has not seen. One record rather than a generation counter beside
// per-path marks, so a reader never sees a number without the purge it stands for.
import { isPlainObject } from '../../core/own-property.js';
import type { JsonValue, OptionsTable } from '../../store/types.js';
import type { PurgeTarget } from './services.js';

/** The option holding the log (not autoloaded: no page of WordPress reads it). */
const PURGE_LOG_OPTION = 'site_rest_page_cache_purges';

/** Purges kept: a process that fell further behind than this empties its cache instead. */
const KEPT_PURGES = 64;

/** One purge as the log keeps it. */
interface LoggedPurge {
  /** Its number: one more than the purge before it. */
  seq: number;
  /** The cache that made it, which has applied it already. */
  origin: string;
  /** What it deleted. */
  target: PurgeTarget;
}

/** The purges a process has not applied yet, or `all` when the log no longer reaches back to the last one it applied. */
type PurgesSince = { seq: number; purges: LoggedPurge[] } | { seq: number; purges: 'all' };

interface StoredLog {
  seq: number;
  purges: LoggedPurge[];
}

/** A stored target as a `PurgeTarget`; anything unreadable purges everything, the one safe reading. */
function targetOf(value: JsonValue | undefined): PurgeTarget {
  if (isPlainObject(value)) {
    const { kind } = value;
    if (kind === 'post' && typeof value.id === 'number') return { kind, id: value.id };
    if (kind === 'expired' && typeof value.maxAgeSeconds === 'number') return { kind, maxAgeSeconds: value.maxAgeSeconds };
    if (kind === 'path' && typeof value.path === 'string') return { kind, path: value.path };
  }
  return { kind: 'all', legacy: false };
}

/** The log as stored, an absent or unreadable one as empty. */
function logOf(value: JsonValue | undefined): StoredLog {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof value.seq !== 'number') return { seq: 0, purges: [] };
  const purges = Array.isArray(value.purges) ? value.purges : [];
  return {
    seq: value.seq,
    purges: purges.flatMap((entry) =>
      isPlainObject(entry) && typeof entry.seq === 'number'
        ? [{ seq: entry.seq, origin: typeof entry.origin === 'string' ? entry.origin : '', target: targetOf(entry.target) }]
        : [],
    ),
  };
}

/** Appends a purge; answers its number. */
export async function logPurge(options: OptionsTable, origin: string, target: PurgeTarget): Promise<number> {
  let seq = 0;
  await options.add(PURGE_LOG_OPTION, { seq: 0, purges: [] }, false);
  await options.update(PURGE_LOG_OPTION, (current) => {
    const log = logOf(current);
    seq = log.seq + 1;
    const purges = [...log.purges, { seq, origin, target }].slice(-KEPT_PURGES);
    return { seq, purges: purges as unknown as JsonValue };
  });
  return seq;
}

/** The purges after number `seen` (null: none seen yet, so only the current number is learnt). */
export async function purgesSince(options: OptionsTable, seen: number | null): Promise<PurgesSince> {
  const log = logOf(await options.get(PURGE_LOG_OPTION));
  if (seen === null || log.seq <= seen) return { seq: log.seq, purges: [] };
  const purges = log.purges.filter((purge) => purge.seq > seen);
  return purges[0]?.seq === seen + 1 ? { seq: log.seq, purges } : { seq: log.seq, purges: 'all' };
}
