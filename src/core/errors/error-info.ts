/** The step of the pipeline an unexpected error came from. */
export type ErrorPhase = 'authenticate' | 'permission' | 'handler' | 'hook' | 'encode' | 'cors' | 'response-headers' | 'adapter';

/** Where an unexpected error happened, as `onError` is told: never the request's parameters. */
export interface ErrorInfo {
  /** The step that failed. */
  phase: ErrorPhase;
  /** The request's effective method, when there was a request. */
  method?: string;
  /** The matched route's pattern, or the route asked for when none matched. */
  route?: string;
}

/** Receives unexpected errors (a handler's exception, a hook's, an adapter's). */
export type ErrorReporter = (error: unknown, info: ErrorInfo) => void;
