// Options objects, checked once where they are given (a factory's call, never a request) with
// messages that name the function and the option: `createRestServer({})` says what is missing
// instead of failing on `undefined.url`, and a mistyped key is refused with the nearest known one
// instead of being ignored. Each factory declares its options beside its interface with
// `optionsObject`, one line an option, and checks them with `checkOptions`.
import { z } from 'zod';
import { BYTE_SIZE_FORMS, byteSize } from './byte-size.js';
import { nearestWord } from './nearest-word.js';
import type { CorsAllowList } from './http/cors.js';
import type { OpenApiOptions } from './index/openapi.js';
import type { LoginLimiterOptions } from './auth/login-limiter.js';

/** Every key of `T`, of each member where `T` is a union (`{ connectionString } | { pool }`). */
type KeysOf<T> = T extends unknown ? keyof T : never;

/** A zod shape naming exactly the keys of the options type `T`, so the two cannot drift apart. */
export type OptionsShape<T> = { [K in KeysOf<T>]: z.ZodType };

/** Known keys of the object schema an unknown-keys issue came from. */
function knownKeys(issue: { inst?: unknown }): string[] {
  return issue.inst instanceof z.ZodObject ? Object.keys(issue.inst.shape) : [];
}

/**
 * Each unknown key with the nearest known one (`"storag" (did you mean "storage"?)`), or the hint
 * for a key this function does not take where it is near one (`basePath` in Express, whose mount
 * path is `app.use`'s); the known keys once, when some key is near none of them.
 */
function unknownKeysMessage(keys: readonly string[], known: readonly string[], hints: Readonly<Record<string, string>>): string {
  let lost = false;
  const named = keys.map((key) => {
    const nearest = nearestWord(key, [...known, ...Object.keys(hints)]);
    if (nearest === undefined) lost = true;
    const note = nearest === undefined ? '' : nearest in hints ? ` (${hints[nearest]})` : ` (did you mean ${JSON.stringify(nearest)}?)`;
    return JSON.stringify(key) + note;
  });
  const list = lost && known.length > 0 ? `; known options: ${known.join(', ')}` : '';
  return `has unknown option${keys.length > 1 ? 's' : ''} ${named.join(', ')}${list}`;
}

/**
 * A function's options object: the keys of `shape` and no other. `hints` answers keys the
 * function does not take but a user may expect it to (`{ basePath: 'mount it under the path' }`).
 */
export function optionsObject<S extends z.core.$ZodLooseShape>(
  shape: S,
  { error = 'must be an options object', hints = {} }: { error?: string; hints?: Readonly<Record<string, string>> } = {},
) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownKeysMessage(issue.keys, knownKeys(issue), hints) : error),
  });
}

/** A function option (`what` says what it is called with and answers). */
export const fn = (what: string) =>
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', { error: `must be a function (${what})` });

/** An object option the host owns (a store, a cache, storage callbacks), passed on as it is. */
export const hostObject = (what: string) =>
  z.custom<object>((value) => typeof value === 'object' && value !== null, { error: `must be ${what}` });

/** A number option. */
export const number = z.number({ error: 'must be a number' });

/** An option of type `T` whose value the function taking it checks itself, with a message of its own (a bound, a list's items). */
export const checkedAtUse = <T>() => z.custom<T>(() => true).optional();

/** A string option. */
export const text = z.string({ error: 'must be a string' });

/** A boolean option. */
export const flag = z.boolean({ error: 'must be true or false' });

/** A list of strings. */
export const texts = z.array(text, { error: 'must be a list of strings' });

const MILLISECONDS_RULE = 'must be a whole number of milliseconds from 1 to 2147483647';

/** A duration in milliseconds a Node timer can wait (one set beyond 2^31 - 1 ms runs at once); `rule` is its message. */
export const milliseconds = (rule = MILLISECONDS_RULE) =>
  z
    .int({ error: rule })
    .min(1, { error: rule })
    .max(2 ** 31 - 1, { error: rule });

/** A size in bytes: a number, or text as Express's body-parser reads it ('100kb', '1mb'); anything else is refused, never read as no limit. */
export const bytes = z.unknown().transform((value, context) => {
  const size = byteSize(value);
  if (size === null) context.addIssue({ code: 'custom', message: `must be ${BYTE_SIZE_FORMS}`, input: value });
  return size ?? 0;
});

const absoluteUrl = z.string({ error: 'must be a string' }).refine((value) => /^https?:\/\/[^/?#\s]+/i.test(value) && URL.canParse(value), {
  error: "must be an absolute http(s) URL, e.g. 'https://example.com'",
});
const list = (of: z.ZodType, what: string) => z.union([z.array(of), z.literal('any')], { error: `must be a list of ${what}, or 'any'` });

const site = optionsObject(
  {
    name: z.string({ error: "must be the site's title, a string" }),
    description: z.string().optional(),
    url: absoluteUrl.optional(),
    home: absoluteUrl.optional(),
    gmt_offset: z.string({ error: 'must be a string such as "0" or "-5"' }).optional(),
    timezone_string: z.string().optional(),
    page_for_posts: z.int().min(0).optional(),
    page_on_front: z.int().min(0).optional(),
    show_on_front: z.string().optional(),
  },
  { error: "must be the site facts: { name, url, … } (e.g. { name: 'My Site', url: 'https://example.com' })" },
);

const namespaceModule = z.looseObject(
  {
    namespace: z.string({ error: "must be a string such as 'shop/v1'" }),
    strict: z.boolean().optional(),
    openapi: fn('() → operations to describe').optional(),
    routes: z.array(
      z.looseObject({ path: z.string({ error: 'must be a string' }), endpoints: z.array(z.unknown(), { error: 'must be a list' }) }),
      { error: 'must be a list of routes' },
    ),
  },
  { error: 'must be a namespace module { namespace, routes }' },
);

/** A cookie session scheme: the host implements it, so it may well carry more than these. */
export const sessionScheme = z.looseObject({ user: fn('request → user or null'), verifyNonce: fn('nonce, user → boolean') });

/** The checks of {@link LoginLimiterOptions}: createRestServer's and createAuthenticator's `loginLimiter`. */
export const loginLimiterOptions = optionsObject({
  allowedRetries: checkedAtUse<number>(),
  lockoutMs: checkedAtUse<number>(),
  allowedLockouts: checkedAtUse<number>(),
  longLockoutMs: checkedAtUse<number>(),
  validMs: checkedAtUse<number>(),
} satisfies OptionsShape<LoginLimiterOptions>);

// The origins' forms are checked where the policy is made (src/core/http/cors.ts).
const corsAllowList = optionsObject({ origins: z.unknown(), credentials: flag.optional() } satisfies OptionsShape<CorsAllowList>);

// A function is a namespace made at mount time from the server's store; a module is checked here
// through the module schema alone, so its errors name the field (a union would say "Invalid input").
const mountable = z.preprocess((value) => (typeof value === 'function' ? { namespace: '', routes: [] } : value), namespaceModule);

const serverShape = optionsObject({
  site,
  apiRoot: z.string().optional(),
  routing: z.enum(['path', 'query']).optional(),
  trustHost: z.boolean({ error: 'must be true or false' }).optional(),
  trustProxy: z.boolean({ error: 'must be true or false' }).optional(),
  namespaces: z.array(mountable, { error: 'must be a list of namespace modules' }).optional(),
  store: z
    .looseObject(
      { transaction: fn('the site store API'), close: fn('the site store API') },
      { error: 'must be a site store (memoryStore, or pgliteStore / postgresStore from site-rest/store)' },
    )
    .optional(),
  authenticate: fn('request, responseHeaders → user, null or error').optional(),
  users: z
    .looseObject(
      { verifyApplicationPassword: fn('the user store API'), getUser: fn('the user store API') },
      { error: 'must be a user store (await createUserStore(...) from site-rest/node)' },
    )
    .optional(),
  verifyApplicationPassword: fn('username, password → user or null').optional(),
  credentialErrors: z.enum(['anonymous', 'wordpress']).optional(),
  session: sessionScheme.optional(),
  loginLimiter: z.union([z.literal(false), loginLimiterOptions], { error: 'must be limiter options or false' }).optional(),
  authorizationUrl: absoluteUrl.optional(),
  authentication: z.record(z.string(), z.unknown()).optional(),
  maxBatchSize: z.int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).optional(),
  jsonp: z.boolean().optional(),
  cors: z
    .union([z.literal('wordpress'), z.literal(false), corsAllowList], { error: "must be 'wordpress', false or { origins, credentials }" })
    .optional(),
  onError: fn('error, { level, phase, method, route }').optional(),
  unsafePatterns: z.enum(['refuse', 'allow']).optional(),
  answerTimeoutMs: z
    .union([z.literal(false), milliseconds(`${MILLISECONDS_RULE}, or false`)], { error: `${MILLISECONDS_RULE}, or false` })
    .optional(),
  capabilities: list(z.string(), 'capability names').optional(),
  schemaKeywords: list(z.string(), 'keyword names').optional(),
  onRequest: fn('a hook').optional(),
  beforeHandler: fn('a hook').optional(),
  afterHandler: fn('a hook').optional(),
  onResponse: fn('a hook').optional(),
});

const serverOptions = serverShape.refine(
  (options) => options.site.url !== undefined || options.trustHost === true || options.trustProxy === true,
  { path: ['site', 'url'], error: 'is required unless trustHost or trustProxy takes the address from each request' },
);

function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (value === undefined) return 'nothing';
  // JSON.stringify throws on a bigint and gives undefined for a symbol.
  if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
  const json = JSON.stringify(value);
  return json === undefined ? 'an object without a JSON form' : json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/**
 * `options` as `schema` reads them (a size given as text is then its number of bytes); throws a
 * `TypeError` naming the function `what` and the option path when they do not pass it.
 */
export function checkOptions<S extends z.ZodType>(schema: S, options: unknown, what: string): z.output<S> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = ['options', ...issue.path.map(String)].join('.');
  if (issue.code === 'unrecognized_keys') throw new TypeError(`site-rest: ${what} ${path} ${issue.message}`);
  const got = valueAt(options, issue.path);
  const message = got === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message;
  throw new TypeError(`site-rest: ${what} ${path} ${message} (got ${describe(got)})`);
}

/** Throws a `TypeError` naming the option path when `options` are not what createRestServer takes. */
export function checkServerOptions(options: unknown): void {
  checkOptions(serverOptions, options, 'createRestServer');
}

/** Whether `url` is an `smtp://` or `smtps://` URL with a host. */
export function isSmtpUrl(url: string): boolean {
  return /^smtps?:\/\/[^/?#\s]/i.test(url) && URL.canParse(url);
}

const openApiOptions = optionsObject(
  {
    title: z.string({ error: 'must be a string' }).optional(),
    version: z.string({ error: "must be a string such as '1.0.0'" }).optional(),
    description: z.string({ error: 'must be a string' }).optional(),
  } satisfies OptionsShape<OpenApiOptions>,
  { error: 'must be an options object { title, version, description }' },
);

/** Throws a `TypeError` naming the option when `options` are not what `server.openapi()` takes. */
export function checkOpenApiOptions(options: unknown): void {
  checkOptions(openApiOptions.optional(), options, 'openapi');
}
