/**
 * What PHP puts in `$_POST` (`sapi_read_post_data`, `php_std_post_handler`, rfc1867): the
 * variables of a real POST whose Content-Type PHP has a post handler for.
 */
import { readMultipart } from './multipart.js';
import { PhpInputArray, readUrlencoded } from './query.js';
import { asciiLower, utf8Bytes, utf8Text } from './strings.js';

/** PHP's post handler lookup: the Content-Type up to the first `;`, `,` or space, lower-cased. */
function phpPostMediaType(header: string): string {
  const end = header.search(/[;, ]/);
  return asciiLower(end < 0 ? header : header.slice(0, end));
}

/** What PHP puts in `$_POST`: only for a real POST with a urlencoded or multipart body. */
export function phpPostVars(httpMethod: string, header: string | undefined, body: Uint8Array | string): PhpInputArray {
  if (httpMethod !== 'POST' || header === undefined) return new PhpInputArray();
  const type = phpPostMediaType(header);
  if (type === 'application/x-www-form-urlencoded') return readUrlencoded(utf8Text(body), 'post');
  if (type === 'multipart/form-data') return readMultipart(utf8Bytes(body), header);
  return new PhpInputArray();
}
