// The `queryargs` param as the plugin turns it into MailerLite's query: each item exploded at `=`,
// `$args[ $parts[0] ] = $parts[1]`, then written out by `http_build_query` (classic API) or sent as
// the GET request's data (connect API), which both skip a null value.
import { setOwn } from '../../core/own-property.js';

/**
 * MailerLite's query args from `queryargs`: for each text item with a `=`, the name before the
 * first `=` and the value up to the next one (`"a=b=c"` is `a: b`), a later name replacing an
 * earlier one's value in its place. An item without `=` (its value would be null) and an item that
 * is not text (a number has no `=`; a nested one stops PHP 8's `explode` with a fatal error) add
 * nothing.
 */
export function mailerLiteQueryArgs(queryargs: readonly unknown[] | undefined): Record<string, string> {
  const args: Record<string, string> = {};
  for (const item of queryargs ?? []) {
    if (typeof item !== 'string') continue;
    const equals = item.indexOf('=');
    if (equals < 0) continue;
    const next = item.indexOf('=', equals + 1);
    setOwn(args, item.slice(0, equals), item.slice(equals + 1, next < 0 ? item.length : next));
  }
  return args;
}
