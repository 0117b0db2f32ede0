// A user's dismissals as Site Kit 1.184 keeps them (`Dismissed_Items`, `Expirable_Items`,
// `Dismissed_Tours`, `Dismissed_Prompts`, each a `User_Setting` on a `googlesitekitpersistent_*`
// user option) and its four REST controllers. Every write is one atomic `updateUserOption`, so two
// dismissals sent at once are both kept, where Site Kit's read-then-write could lose one.
import type { RestError } from '../../../core/errors/rest-error.js';
import { isPlainObject, setOwn } from '../../../core/own-property.js';
import {
  isEmpty,
  isIntegerKey,
  isPhpArray,
  isPhpInt,
  numericValue,
  phpKeys,
  phpValues,
  toFloat,
  toInt,
  toPhpString,
} from '../../../core/php/values.js';
import type { RestContext } from '../../../core/types.js';
import type { JsonValue } from '../../../store/types.js';
import type { Handlers } from '../../define.js';
import { invalidParam, invalidRequestParam, missingRequiredParam } from '../errors.js';
import { DISMISSED_ITEMS_OPTION } from '../permissions.js';
import type { siteInsightsDismissalsRoutes } from '../routes/dismissals.js';
import type { SiteInsightsBound } from '../settings.js';
import type { SiteInsightsStorage } from '../storage.js';

/** The user option of expirable items: slug → when it expires (Unix seconds). */
const EXPIRABLE_ITEMS_OPTION = 'googlesitekitpersistent_expirable_items';
/** The user option of dismissed feature tours: a list of slugs. */
const DISMISSED_TOURS_OPTION = 'googlesitekitpersistent_dismissed_tours';
/** The user option of dismissed prompts: slug → `{expires, count}`. */
const DISMISSED_PROMPTS_OPTION = 'googlesitekitpersistent_dismissed_prompts';

/** A PHP array's members in order, by their keys as PHP writes them. */
type Members = Map<string, JsonValue>;

/** What the dismissal routes need: the clock. */
interface DismissalsDeps {
  /** The clock in milliseconds. */
  now: () => number;
}

/** A stored setting's members: `is_array( $value ) ? $value : array()`. */
function membersOf(stored: JsonValue | undefined): Members {
  if (!isPhpArray(stored)) return new Map();
  const keys = phpKeys(stored);
  const values = phpValues(stored) as JsonValue[];
  return new Map(keys.map((key, i) => [key, values[i]!]));
}

/** Members as `json_encode` writes a PHP array: a list when its keys are 0…n-1 (the empty array too), else an object. */
function phpArrayJson(members: Members): JsonValue {
  let position = 0;
  let list = true;
  for (const key of members.keys()) if (key !== String(position++)) list = false;
  if (list) return [...members.values()];
  const object: { [key: string]: JsonValue } = {};
  for (const [key, value] of members) setOwn(object, key, value);
  return object;
}

/** `array_keys`: a key PHP holds as an int comes out as a number. */
const arrayKeys = (members: Members): JsonValue[] => [...members.keys()].map((key) => (isIntegerKey(key) ? Number(key) : key));

/** The member `data[name]` of a request's `data` (an object, or a list that has no such member). */
function member(data: unknown, name: string): unknown {
  return isPlainObject(data) && Object.hasOwn(data, name) ? data[name] : undefined;
}

/**
 * A slug as the key PHP makes of it (`$items[ $slug ]`): a string as it is, a number or `true` as
 * its int. A list or object is PHP's "Illegal offset type" (a 500 there), refused here as invalid.
 */
function slugKey(slug: unknown): string | RestError {
  if (typeof slug === 'string') return slug;
  if (typeof slug === 'number' || typeof slug === 'boolean') return String(toInt(slug));
  return invalidParam('slug');
}

/**
 * `time() + $data['expiration']` when `intval( $data['expiration'] ) > 0`, else 0 (for ever): the
 * seconds read as PHP's `+` reads a number, a numeric string or `true`. A non-empty list or object
 * is PHP's "Unsupported operand types" (a 500 there), refused here as invalid.
 */
function expiryOf(expiration: unknown, nowSeconds: number): number | RestError {
  if (toInt(expiration) <= 0) return 0;
  if (isPhpArray(expiration)) return invalidParam('expiration');
  return nowSeconds + toFloat(expiration);
}

/** Whether a dismissal holds now (`filter_dismissed_items`): `0 === $ttl` (for ever) or `$ttl > time()`. */
function unexpired(expiry: JsonValue, nowSeconds: number): boolean {
  if (expiry === 0) return true;
  const seconds = typeof expiry === 'string' ? numericValue(expiry) : typeof expiry === 'number' ? expiry : undefined;
  return seconds !== undefined && seconds > nowSeconds;
}

/** Dismissed items that hold now: what Site Kit's sanitizer keeps and its `get_dismissed_items` lists. */
function heldItems(members: Members, nowSeconds: number): Members {
  return new Map([...members].filter(([, expiry]) => unexpired(expiry, nowSeconds)));
}

/** Expirable items as `filter_expirable_items` keeps them on a write: those whose expiry is a PHP int. */
function intExpiries(members: Members): Members {
  return new Map([...members].filter(([, expiry]) => typeof expiry === 'number' && isPhpInt(expiry)));
}

/** Dismissed prompts as Site Kit's sanitizer keeps them: `{expires, count}` both numeric, other members dropped. */
function wellFormedPrompts(members: Members): Members {
  const kept: Members = new Map();
  for (const [slug, prompt] of members) {
    const expires = member(prompt, 'expires') as JsonValue | undefined;
    const count = member(prompt, 'count') as JsonValue | undefined;
    if (expires !== undefined && count !== undefined && numericValue(expires) !== undefined && numericValue(count) !== undefined)
      kept.set(slug, { expires, count });
  }
  return kept;
}

/** `array_values( array_unique( $tours ) )`: the first of the slugs equal as PHP strings, in order. */
function uniqueTours(tours: JsonValue[]): JsonValue[] {
  const seen = new Set<string>();
  return tours.filter((tour) => {
    const key = toPhpString(tour);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The signed-in user's id: every route here has a check that refuses anonymous callers first. */
const userId = (context: RestContext): number => context.user!.id;

/** A user option's members, read. */
async function read(storage: SiteInsightsBound, context: RestContext, option: string): Promise<Members> {
  return membersOf(await storage.getUserOption(userId(context), option));
}

/**
 * Changes a user option's members in one atomic step: `change` answers the members to store (kept
 * through `sanitize`), or null to write nothing. Answers the members stored after.
 */
async function update(
  storage: SiteInsightsBound,
  context: RestContext,
  option: string,
  change: (members: Members) => Members | null,
  sanitize: (members: Members) => Members,
): Promise<Members> {
  const stored = await storage.updateUserOption(userId(context), option, (current) => {
    const next = change(membersOf(current));
    return next === null ? undefined : phpArrayJson(sanitize(next));
  });
  return membersOf(stored);
}

/** The handlers of {@link siteInsightsDismissalsRoutes}. */
export function siteInsightsDismissalsHandlers({
  now,
}: DismissalsDeps): Handlers<typeof siteInsightsDismissalsRoutes, SiteInsightsStorage> {
  const seconds = (): number => Math.floor(now() / 1000);
  const held = (members: Members): Members => heldItems(members, seconds());

  return {
    dismissedItems: async (_request, context, storage) => arrayKeys(held(await read(storage, context, DISMISSED_ITEMS_OPTION))),

    undismissItems: async (request, context, storage) => {
      const slugs = request.params.data.slugs;
      // Site Kit's own check: an empty list passes WordPress's schema.
      if (isEmpty(slugs)) return invalidParam('data');
      const stored = await update(
        storage,
        context,
        DISMISSED_ITEMS_OPTION,
        (items) => {
          let removed = false;
          for (const slug of slugs) removed = items.delete(slug) || removed;
          return removed ? items : null;
        },
        held,
      );
      return arrayKeys(held(stored));
    },

    dismissItem: async (request, context, storage) => {
      const { data } = request.params;
      const slug = member(data, 'slug');
      if (isEmpty(slug)) return missingRequiredParam('slug');
      const key = slugKey(slug);
      if (typeof key !== 'string') return key;
      const expiry = expiryOf(member(data, 'expiration'), seconds());
      if (typeof expiry !== 'number') return expiry;
      const stored = await update(storage, context, DISMISSED_ITEMS_OPTION, (items) => items.set(key, expiry), held);
      return arrayKeys(held(stored));
    },

    expirableItems: async (_request, context, storage) => phpArrayJson(await read(storage, context, EXPIRABLE_ITEMS_OPTION)),

    setExpirableItemTimers: async (request, context, storage) => {
      const { data } = request.params;
      if (data.length === 0) return missingRequiredParam('items');
      // Site Kit adds each item with its own write, so the items before a refused one are kept.
      const outcome: { refusal?: RestError } = {};
      const stored = await update(
        storage,
        context,
        EXPIRABLE_ITEMS_OPTION,
        (items) => {
          delete outcome.refusal;
          let added = false;
          for (const { slug, expiration } of data) {
            if (isEmpty(slug)) outcome.refusal = missingRequiredParam('slug');
            else if (expiration <= 0) outcome.refusal = invalidRequestParam('expiration');
            if (outcome.refusal) break;
            items.set(slug, seconds() + expiration);
            added = true;
          }
          return added ? items : null;
        },
        intExpiries,
      );
      return outcome.refusal ?? phpArrayJson(stored);
    },

    dismissedTours: async (_request, context, storage) => [...(await read(storage, context, DISMISSED_TOURS_OPTION)).values()],

    dismissTour: async (request, context, storage) => {
      const slug = member(request.params.data, 'slug');
      if (isEmpty(slug)) return missingRequiredParam('slug');
      if (isPhpArray(slug)) return invalidParam('slug');
      const stored = await storage.updateUserOption(userId(context), DISMISSED_TOURS_OPTION, (current) =>
        uniqueTours([...membersOf(current).values(), slug as JsonValue]),
      );
      return [...membersOf(stored).values()];
    },

    dismissedPrompts: async (_request, context, storage) => phpArrayJson(await read(storage, context, DISMISSED_PROMPTS_OPTION)),

    dismissPrompt: async (request, context, storage) => {
      const { data } = request.params;
      const slug = member(data, 'slug');
      if (isEmpty(slug)) return missingRequiredParam('slug');
      const key = slugKey(slug);
      if (typeof key !== 'string') return key;
      const expires = expiryOf(member(data, 'expiration'), seconds());
      if (typeof expires !== 'number') return expires;
      const stored = await update(
        storage,
        context,
        DISMISSED_PROMPTS_OPTION,
        (prompts) => {
          const count = prompts.has(key) ? toFloat(member(prompts.get(key), 'count')) + 1 : 1;
          return prompts.set(key, { expires, count });
        },
        wellFormedPrompts,
      );
      return phpArrayJson(stored);
    },
  };
}
