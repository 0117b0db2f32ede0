/**
 * Scheduled posts as WordPress decides them. `wp_insert_post` stores a `publish` dated a minute or
 * more ahead as `future`, and a `future` dated less than a minute ahead as `publish`; WP-Cron's
 * `publish_future_post` then publishes a `future` post once its date has come. site-rest runs no
 * timer for that: a due `future` post reads as `publish` wherever it is read (the memory store,
 * and the handlers over any storage), so nothing keeps the process alive and no post is late.
 */
import type { PostRecord, PostStatus } from './storage.js';

/** A clock: milliseconds since the epoch, as `Date.now`. */
export type Clock = () => number;

const MINUTE_MS = 60_000;

/** The instant (milliseconds) of a stored GMT date, `YYYY-MM-DDTHH:MM:SS`. */
export function gmtInstant(gmt: string): number {
  return Date.parse(`${gmt}Z`);
}

/** An instant as storage writes dates: GMT to the second. */
export function gmtText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** The status `wp_insert_post` stores for a post written with `status` and `dateGmt` at `now`, both to the second. */
export function scheduledStatus(status: PostStatus, dateGmt: string, now: number): PostStatus {
  const ahead = gmtInstant(dateGmt) - Math.floor(now / 1000) * 1000;
  if (status === 'publish' && ahead >= MINUTE_MS) return 'future';
  if (status === 'future' && ahead < MINUTE_MS) return 'publish';
  return status;
}

/** A post as it reads at `now`: a `future` post whose date has come is published, as `publish_future_post` leaves it. */
export function asOf<P extends Pick<PostRecord, 'status' | 'date_gmt'>>(post: P, now: number): P {
  return post.status === 'future' && gmtInstant(post.date_gmt) <= now ? { ...post, status: 'publish' } : post;
}
