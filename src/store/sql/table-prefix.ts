/** The table prefix used when none is given, WordPress's own. */
const DEFAULT_TABLE_PREFIX = 'wp_';

/**
 * The prefix is the only text ever spliced into SQL, so it must be a plain lower-case identifier,
 * short enough that the prefixed table and index names stay within PostgreSQL's 63 bytes.
 */
const PREFIX = /^[a-z_][a-z0-9_]{0,30}$/;

/** The prefix, checked; throws a TypeError naming the rule otherwise. */
export function tablePrefix(prefix: string = DEFAULT_TABLE_PREFIX): string {
  if (!PREFIX.test(prefix)) {
    throw new TypeError(
      `site-rest store: tablePrefix ${JSON.stringify(prefix)} must match ${PREFIX.source} (lower-case letters, digits, underscores; at most 31)`,
    );
  }
  return prefix;
}
