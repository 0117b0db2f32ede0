// Which CORS headers answers carry: WordPress's reflection of any origin, an allow-list, or none.

/** An origin allowed to read answers from other sites: exactly as browsers send it (`https://app.example`), or a check of the request's `Origin`. */
export type CorsOrigin = string | ((origin: string) => boolean);

/** An allow-list of origins, for {@link CorsPolicy}. */
export interface CorsAllowList {
  /** The origins allowed: exact origins and/or checks. */
  origins: CorsOrigin | readonly CorsOrigin[];
  /** Whether allowed origins may send credentials (cookies, `Authorization`): `Access-Control-Allow-Credentials: true` (default false). */
  credentials?: boolean;
}

/**
 * How answers carry CORS headers: `'wordpress'` allows any `Origin` with credentials, as
 * `rest_send_cors_headers` does; an allow-list allows only the origins it names; `false` sends
 * no `Access-Control-*` header and no `Vary: Origin`, leaving CORS to the host's middleware.
 */
export type CorsPolicy = 'wordpress' | CorsAllowList | false;

/** The CORS headers of one answer, from the request's `Origin`, its method and whether a user is signed in. */
export type CorsHeaders = (origin: string | undefined, method: string, signedIn: boolean) => Readonly<Record<string, string>>;

const ALLOW_METHODS = 'OPTIONS, GET, POST, PUT, PATCH, DELETE';
const VARY_ORIGIN: Readonly<Record<string, string>> = { Vary: 'Origin' };
const NONE: Readonly<Record<string, string>> = {};

/** The CORS headers whose values never depend on the request. */
export const CORS_CONSTANT_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': ALLOW_METHODS,
  'Access-Control-Allow-Credentials': 'true',
  ...VARY_ORIGIN,
};

/** Keeps only characters `esc_url` lets through, so a hostile Origin cannot split headers. */
function sanitizeOrigin(origin: string): string {
  return origin.replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]]/gi, '');
}

/**
 * `rest_send_cors_headers`: with an `Origin`, allow it with credentials; without one, a GET
 * from an anonymous user still varies on `Origin` so caches keep the two apart.
 */
const wordpressCors: CorsHeaders = (origin, method, signedIn) => {
  if (origin) {
    return {
      'Access-Control-Allow-Origin': origin === 'null' ? 'null' : sanitizeOrigin(origin),
      'Access-Control-Allow-Methods': ALLOW_METHODS,
      'Access-Control-Allow-Credentials': 'true',
      Vary: 'Origin',
    };
  }
  return method === 'GET' && !signedIn ? VARY_ORIGIN : NONE;
};

/** Whether a string is an origin as browsers serialize one: scheme, host and port only, lower case. */
function isSerializedOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}

/**
 * An allow-list's headers: an allowed origin gets `Access-Control-Allow-Origin` (and credentials
 * when the list grants them), any other none; every answer varies on `Origin`, since it depends
 * on it. A check that throws refuses the origin and is reported.
 */
function allowListCors(list: CorsAllowList, report: (error: unknown) => void): CorsHeaders {
  const exact = new Set<string>();
  const checks: Array<(origin: string) => boolean> = [];
  for (const rule of [list.origins].flat()) {
    if (typeof rule === 'function') checks.push(rule);
    else if (typeof rule === 'string' && isSerializedOrigin(rule)) exact.add(rule);
    else
      throw new TypeError(
        `site-rest: cors origins must be origins as browsers send them (https://app.example) or functions, not ${JSON.stringify(rule)}`,
      );
  }
  const passes = (check: (origin: string) => boolean, origin: string): boolean => {
    try {
      return check(origin) === true;
    } catch (error) {
      report(error);
      return false;
    }
  };
  const credentials = list.credentials === true;
  return (origin) => {
    if (origin === undefined || !(exact.has(origin) || checks.some((check) => passes(check, origin)))) return VARY_ORIGIN;
    const allowed = { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Methods': ALLOW_METHODS };
    return credentials ? { ...allowed, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' } : { ...allowed, Vary: 'Origin' };
  };
}

/** The CORS headers a policy gives answers; null for `false`, which gives none at all. */
export function corsHeadersOf(policy: CorsPolicy, report: (error: unknown) => void): CorsHeaders | null {
  if (policy === false) return null;
  if (policy === 'wordpress') return wordpressCors;
  if (typeof policy === 'object' && policy !== null) return allowListCors(policy, report);
  throw new TypeError("site-rest: cors must be 'wordpress', false or { origins, credentials }");
}
