const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number): string => String(n).padStart(2, '0');

/** A moment as RSS writes it (PHP's `D, d M Y H:i:s +0000`). */
export function rssDate(date: Date): string {
  return (
    `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`
  );
}

/**
 * An item's `pubDate`: its GMT date (`YYYY-MM-DD HH:MM:SS`) in RSS's form, empty for WordPress's
 * "no date" (a draft never dated), as `get_post_time` answers false for it and `export_wp` echoes that.
 */
export function itemPubDate(gmt: string): string {
  if (gmt.startsWith('0000-00-00')) return '';
  const date = new Date(`${gmt.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? '' : rssDate(date);
}
