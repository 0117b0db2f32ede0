// What a handler, hook or authenticator threw, as the error the client is answered with.
import type { HttpError } from 'http-errors';
import { internal, statusError } from './catalogue.js';
import type { ErrorLevel } from './error-info.js';
import { isRestError, type RestError } from './rest-error.js';

/** The 4xx or 5xx an `Error` carries in `status` or `statusCode` (http-errors sets both), or null. */
function errorStatusOf(thrown: unknown): number | null {
  if (!(thrown instanceof Error)) return null;
  const { status, statusCode } = thrown as Partial<Pick<HttpError, 'status' | 'statusCode'>>;
  const found: unknown = status ?? statusCode;
  return typeof found === 'number' && Number.isInteger(found) && found >= 400 && found <= 599 ? found : null;
}

/**
 * Turns anything a handler threw or returned as a failure into a {@link RestError}. An `Error`
 * with a 4xx or 5xx `status` or `statusCode` answers that status with its code from the
 * catalogue; it shows its own message only when it says so (`expose`: http-errors sets it on a
 * 4xx, a `StoreError` always), else the status's reason phrase or, for a 5xx, what the generic
 * 500 says. Anything without a status is that generic 500.
 */
export function toRestError(thrown: unknown): RestError {
  if (isRestError(thrown)) return thrown;
  const status = errorStatusOf(thrown);
  if (status === null) return internal();
  const { expose, message } = thrown as Partial<Pick<HttpError, 'expose' | 'message'>>;
  return statusError(status, expose === true && message ? message : undefined);
}

/** The level a thrown value is reported at: `debug` for a 4xx thrown on purpose, `error` for the rest. */
export function reportLevel(thrown: unknown): ErrorLevel {
  const status = errorStatusOf(thrown);
  return status !== null && status < 500 ? 'debug' : 'error';
}

/**
 * A thrown value as the error to answer with, reported first unless it is a {@link RestError}
 * (thrown to be answered, as if returned).
 */
export function answerThrown(thrown: unknown, report: (thrown: unknown) => void): RestError {
  if (!isRestError(thrown)) report(thrown);
  return toRestError(thrown);
}
