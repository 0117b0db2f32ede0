/** The step of the pipeline an unexpected error came from. */
export type ErrorPhase =
  'authenticate' | 'permission' | 'handler' | 'hook' | 'service' | 'encode' | 'cors' | 'response-headers' | 'adapter';

/**
 * How much a report matters, named as logger methods are (`log[info.level](…)` with pino,
 * winston, bunyan or `console`): `error` for a failure answered with a 500 or a host bug,
 * `debug` for an expected client error a handler threw on purpose (a 4xx).
 */
export type ErrorLevel = 'error' | 'debug';

/** Where an error happened, as the pipeline reports it: never the request's parameters. */
export interface ErrorSite {
  /** The step that failed. */
  phase: ErrorPhase;
  /** The request's effective method, when there was a request. */
  method?: string;
  /** The matched route's pattern, or the route asked for when none matched. */
  route?: string; /** The outside service that failed (`host-toolkit/panel`), for phase `service`. */
  service?: string;
}

/** What `onError` is told of an error: where it happened and at which level to log it. */
export interface ErrorInfo extends ErrorSite {
  /** `debug` for a thrown 4xx, `error` for anything else. */
  level: ErrorLevel;
}

/** Receives thrown errors (a handler's, a permission check's, a hook's, an adapter's) with where they happened. */
export type ErrorReporter = (error: unknown, info: ErrorInfo) => void;

/** How the pipeline reports a thrown value; the server adds the level. */
export type ReportError = (error: unknown, site: ErrorSite) => void;
