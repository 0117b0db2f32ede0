// WP Super Cache's own error answers.
import { RestResponse } from '../../core/http/response.js';

/**
 * `test_error`, 500, from `/cache/test`. The plugin builds the WP_Error with an array as its
 * message (`["Timestamps do not match"]`), which WordPress serializes as it is; a `RestError`'s
 * message is a string, so the answer is written as the response WordPress sends.
 */
export const testError = (messages: string[]): RestResponse =>
  new RestResponse({ code: 'test_error', message: messages, data: { status: 500 } }, 500);
