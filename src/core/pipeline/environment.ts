// What the steps of a request read: the server's environment, built once by `createRestServer`
// from its options, and the request's exchange, built once per request by `serve`. The steps are
// plain functions of the two, so the request's path reads top-down through entry.ts, sign-in.ts,
// answer.ts and compose.ts.
import type { Authenticate } from '../auth/authenticate.js';
import type { ReportError } from '../errors/error-info.js';
import type { CorsHeaders } from '../http/cors.js';
import type { HeaderGuard } from '../http/headers.js';
import type { RestTarget, RouteResolverOptions } from '../routing/rest-route.js';
import type { RawRequest } from '../types.js';
import type { Addressed, SiteAddresses } from './addresses.js';
import type { GlobalParams } from './global-params.js';
import type { RequestEnd } from './request-end.js';

/** What every request's steps read from their server: its options, read once, and what they built. */
export interface ServerEnv {
  /** Where the API lives below the home URL (`apiRoot`, `homePath`): what `resolveRestRoute` reads. */
  routeRoot: RouteResolverOptions;
  /** Serve `_jsonp` callbacks (the `jsonp` option). */
  jsonp: boolean;
  /** The configured site address, and those a request's mount path or trusted headers move it to. */
  addresses: SiteAddresses;
  /** The `cors` option's headers of an answer; null for `cors: false`. */
  cors: CorsHeaders | null;
  /** Only Basic application passwords sign in: a request without an `Authorization` header is anonymous. */
  credentialFree: boolean;
  /** The host's `authenticate`, else the built-in schemes. */
  authenticate: Authenticate;
  /** Makes headers that do not come from the core sendable, reporting those it drops. */
  sendable: HeaderGuard;
  /** The `onError` option, told the level of each error. */
  onError: ReportError;
  /** The `answerTimeoutMs` option with its default. */
  answerTimeoutMs: number | false;
}

/** One request on its way through `handle`. */
export interface Exchange {
  raw: RawRequest;
  target: RestTarget;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  params: GlobalParams;
  /** Response headers collected so far. */
  out: Record<string, string | string[]>;
  /** The addresses this request is answered with. */
  at: Addressed;
  /**
   * Whether a host's authentication or session scheme ran: it may have written headers of the
   * host's own into `out`. The built-in Basic check writes only its own, sendable as they are.
   */
  hostAuthenticated: boolean;
  /** What ends the request early, behind its handlers' `request.signal`. */
  end: RequestEnd;
}
