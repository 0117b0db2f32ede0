import type { StoreErrorCode } from './types.js';

/** An error every backend throws the same way, so callers can map it to an answer (400, 409). */
export class StoreError extends Error {
  /** What went wrong, for callers to branch on. */
  readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }
}

/** Whether a thrown value is a StoreError (of one code, when given). */
export function isStoreError(error: unknown, code?: StoreErrorCode): error is StoreError {
  return error instanceof StoreError && (code === undefined || error.code === code);
}
