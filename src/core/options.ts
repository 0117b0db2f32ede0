// The options of `createRestServer`, checked once at creation with messages that name the option,
// so `createRestServer({})` says what is missing instead of failing on `undefined.url`.
import { z } from 'zod';

const fn = (what: string) =>
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', { error: `must be a function (${what})` });
const absoluteUrl = z.string({ error: 'must be a string' }).refine((value) => /^https?:\/\/[^/?#\s]+/i.test(value) && URL.canParse(value), {
  error: "must be an absolute http(s) URL, e.g. 'https://example.com'",
});
const list = (of: z.ZodType, what: string) => z.union([z.array(of), z.literal('any')], { error: `must be a list of ${what}, or 'any'` });

const site = z.strictObject(
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
    routes: z.array(
      z.looseObject({ path: z.string({ error: 'must be a string' }), endpoints: z.array(z.unknown(), { error: 'must be a list' }) }),
      { error: 'must be a list of routes' },
    ),
  },
  { error: 'must be a namespace module { namespace, routes }' },
);

// A function is a namespace made at mount time from the server's store; a module is checked here
// through the module schema alone, so its errors name the field (a union would say "Invalid input").
const mountable = z.preprocess((value) => (typeof value === 'function' ? { namespace: '', routes: [] } : value), namespaceModule);

const TIMEOUT_RULE = 'must be a whole number of milliseconds from 1 to 2147483647';
// A Node timer runs at once beyond 2^31 - 1 ms.
const timeoutMs = z
  .int({ error: `${TIMEOUT_RULE}, or false` })
  .min(1, { error: `${TIMEOUT_RULE}, or false` })
  .max(2 ** 31 - 1, { error: `${TIMEOUT_RULE}, or false` });

const serverShape = z.strictObject(
  {
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
    session: z.looseObject({ user: fn('request → user or null'), verifyNonce: fn('nonce, user → boolean') }).optional(),
    loginLimiter: z.union([z.literal(false), z.looseObject({})], { error: 'must be limiter options or false' }).optional(),
    authorizationUrl: absoluteUrl.optional(),
    authentication: z.record(z.string(), z.unknown()).optional(),
    maxBatchSize: z.int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).optional(),
    jsonp: z.boolean().optional(),
    cors: z.unknown().optional(),
    onError: fn('error, { level, phase, method, route }').optional(),
    unsafePatterns: z.enum(['refuse', 'allow']).optional(),
    answerTimeoutMs: z.union([z.literal(false), timeoutMs], { error: `${TIMEOUT_RULE}, or false` }).optional(),
    capabilities: list(z.string(), 'capability names').optional(),
    schemaKeywords: list(z.string(), 'keyword names').optional(),
    onRequest: fn('a hook').optional(),
    beforeHandler: fn('a hook').optional(),
    afterHandler: fn('a hook').optional(),
    onResponse: fn('a hook').optional(),
  },
  { error: 'must be an options object' },
);

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

/** Throws a `TypeError` naming the function and the option path when `options` do not pass `schema`. */
function check(schema: z.ZodType, options: unknown, what: string): void {
  const result = schema.safeParse(options);
  if (result.success) return;
  const issue = result.error.issues[0]!;
  const path = ['options', ...issue.path.map(String)].join('.');
  if (issue.code === 'unrecognized_keys') {
    throw new TypeError(`site-rest: ${what} ${path} has unknown option(s) ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`);
  }
  const got = valueAt(options, issue.path);
  const message = got === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message;
  throw new TypeError(`site-rest: ${what} ${path} ${message} (got ${describe(got)})`);
}

/** Throws a `TypeError` naming the option path when `options` are not what createRestServer takes. */
export function checkServerOptions(options: unknown): void {
  check(serverOptions, options, 'createRestServer');
}

/** Whether `url` is an `smtp://` or `smtps://` URL with a host. */
export function isSmtpUrl(url: string): boolean {
  return /^smtps?:\/\/[^/?#\s]/i.test(url) && URL.canParse(url);
}

const smtpMailOptions = z.strictObject(
  {
    timeoutMs: z.int({ error: 'must be a whole number of milliseconds' }).min(1, { error: 'must be at least 1' }).optional(),
    maxBytes: z.int({ error: 'must be a whole number of bytes' }).min(1, { error: 'must be at least 1' }).optional(),
    onError: fn('error → nothing').optional(),
  },
  { error: 'must be an options object' },
);

/**
 * Throws a `TypeError` when `url` is not an `smtp://` or `smtps://` URL or `options` are not what
 * smtpMail takes. The URL is never repeated: it may hold a password.
 */
export function checkSmtpMailOptions(url: unknown, options: unknown): void {
  if (typeof url !== 'string' || !isSmtpUrl(url)) {
    throw new TypeError("site-rest: smtpMail url must be an smtp:// or smtps:// URL, e.g. 'smtp://user:password@mail.example.com:587'");
  }
  check(smtpMailOptions, options, 'smtpMail');
}

const openApiOptions = z.strictObject(
  {
    title: z.string({ error: 'must be a string' }).optional(),
    version: z.string({ error: "must be a string such as '1.0.0'" }).optional(),
    description: z.string({ error: 'must be a string' }).optional(),
  },
  { error: 'must be an options object { title, version, description }' },
);

/** Throws a `TypeError` naming the option when `options` are not what `server.openapi()` takes. */
export function checkOpenApiOptions(options: unknown): void {
  check(openApiOptions.optional(), options, 'openapi');
}
