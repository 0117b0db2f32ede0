import type { StoreErrorCode } from './types.js';

/** The HTTP status each code is answered with when a handler lets the error through. */
const STATUS: Readonly<Record<StoreErrorCode, number>> = { invalid_value: 400, conflict: 409, closed: 503, unavailable: 503 };

/**
 * An error every backend throws the same way, so callers can branch on its `code`. A handler that
 * lets one through answers its `status` with its message (`expose`): the messages are the store's
 * own, never a driver's text, a value or SQL.
 */
export class StoreError extends Error {
  /** What went wrong, for callers to branch on. */
  readonly code: StoreErrorCode;
  /** The status the REST layer answers: 400 a bad value, 409 a unique key taken, 503 a store closed or unreachable. */
  readonly status: number;
  /** The message is safe to show a client. */
  readonly expose = true;

  constructor(code: StoreErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreError';
    this.code = code;
    this.status = STATUS[code];
  }
}

/** Whether a thrown value is a StoreError (of one code, when given). */
export function isStoreError(error: unknown, code?: StoreErrorCode): error is StoreError {
  return error instanceof StoreError && (code === undefined || error.code === code);
}
