// The refusals of a WXR import: each names the line of the file at fault.
import { restError, type RestError } from '../../core/errors/rest-error.js';

/** `wxr_invalid`: the file is not a WXR file site-rest can read, at `line`. */
export const invalidWxr = (line: number, message: string): RestError => restError('wxr_invalid', `line ${line}: ${message}`, 400, { line });
