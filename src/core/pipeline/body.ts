/**
 * Request bodies read as WordPress reads them: `WP_REST_Request::get_content_type()`,
 * `parse_json_params()` (PHP's `json_decode`) and `parse_body_params()`, on top of what PHP
 * itself puts in `$_POST` for a POST. This module picks among them; the PHP rules live in
 * `core/php/`, the Content-Type rules in `core/http/content-type.ts`.
 */
import { invalidJson } from '../errors/catalogue.js';
import type { RestError } from '../errors/rest-error.js';
import { parseContentType, isJsonMediaType, type ContentType } from '../http/content-type.js';
import { BODY_METHODS } from '../http/methods.js';
import { jsonErrorMessage, phpJsonDecode } from '../php/json-decode.js';
import { phpPostVars } from '../php/post.js';
import { PhpInputArray, readUrlencoded, type PhpValue } from '../php/query.js';
import { utf8Text } from '../php/strings.js';

/** What {@link parseBody} reads from. */
export interface BodyInput {
  /** The effective method, after `_method` / `X-HTTP-Method-Override`. */
  method: string;
  /** The method on the wire when `method` is an override; PHP fills `$_POST` only for a real POST. Defaults to `method`. */
  httpMethod?: string;
  /** The raw `Content-Type` header. */
  contentType: string | undefined;
  /** The raw body; bytes are read as UTF-8. */
  body: Uint8Array | string | undefined;
}

/** A body as WordPress sees it: its JSON source, its body-params source and its content type. */
export interface ParsedBody {
  /** The decoded JSON body when the content type is JSON and the body is not empty (`null` for a literal `null`), else `undefined`. */
  json: unknown;
  /** Body params (WordPress's `POST` source); always empty for methods other than POST, PUT, PATCH and DELETE. */
  form: Record<string, PhpValue>;
  /** `get_content_type()`: null without a Content-Type or when it has no `/`. */
  contentType: ContentType | null;
}

/** PHP's `empty()` on a body string: `''` and `'0'`. */
function isPhpEmpty(body: Uint8Array | string): boolean {
  if (body.length === 0) return true;
  return body.length === 1 && (typeof body === 'string' ? body === '0' : body[0] === 0x30);
}

/** Reads a request body as WordPress does, or answers WordPress's `rest_invalid_json` error. */
export function parseBody(input: BodyInput): ParsedBody | RestError {
  // JSON is read for any method whose Content-Type is JSON. Body params follow
  // parse_body_params(): PHP's `$_POST` for a real POST, plus parse_str() of the raw body for
  // other methods when the Content-Type is urlencoded or missing, so a PUT multipart body has no
  // params.
  const method = input.method.toUpperCase();
  const contentType = parseContentType(input.contentType);
  const body = input.body ?? '';
  // WordPress skips bodies PHP's empty() is true for ('' and '0'); PHP's own $_POST does not.
  const emptyForWordPress = isPhpEmpty(body);
  let json: unknown;
  if (!emptyForWordPress && contentType !== null && isJsonMediaType(contentType.value)) {
    const decoded = phpJsonDecode(body);
    if (!decoded.ok) return invalidJson(decoded.code, jsonErrorMessage(decoded.code));
    json = decoded.value;
  }
  if (!BODY_METHODS.has(method)) return { json, form: {}, contentType };
  let form = phpPostVars((input.httpMethod ?? method).toUpperCase(), input.contentType, body);
  const urlencoded = contentType === null || contentType.value === 'application/x-www-form-urlencoded';
  if (method !== 'POST' && !emptyForWordPress && urlencoded) {
    // parse_body_params(): array_merge(parse_str($body), $_POST), which renumbers integer keys.
    form = PhpInputArray.merge(readUrlencoded(utf8Text(body), 'query'), form);
  }
  return { json, form: form.toRecord(), contentType };
}
