// MailerLite, the outside service behind the form block's MailerLite pickers. The plugin calls
// MailerLite itself with the key the editor sends; here the host's callback does, told which of
// MailerLite's two APIs the key is for. No default ever contacts the network.
import { utf8Bytes } from '../../core/php/strings.js';
import type { ServiceDeclaration } from '../host-service.js';
import { recordedAnswer } from '../recorded-double.js';
import { recordedUpstream, type UpstreamAnswer } from '../upstream-json.js';
import { mailerLiteError, type MailerLiteFailure } from './errors.js';

/**
 * MailerLite's two APIs, as the plugin tells them apart by the key's length in bytes: `connect`
 * for a key over 100 bytes (a new-style token), `classic` for a shorter one (a v2 API key).
 */
export type MailerLiteApi = 'connect' | 'classic';

/** The API a key is for: over 100 bytes, the connect API; otherwise the classic v2 API. */
export function mailerLiteApi(apiKey: string): MailerLiteApi {
  return utf8Bytes(apiKey).byteLength > 100 ? 'connect' : 'classic';
}

/**
 * One call the proxy makes, as the plugin would send it:
 *
 * - `connect`: `GET https://connect.mailerlite.com/api/<endpoint>` with `Authorization: Bearer <apiKey>`
 *   and `Accept: application/json`, `queryArgs` as the query string;
 * - `classic`: `GET https://api.mailerlite.com/api/v2/<endpoint>` with `X-MailerLite-ApiKey: <apiKey>`,
 *   `queryArgs` appended to the query string.
 *
 * `endpoint` is the client's text as it came (`groups`, `fields`, `''` when left out): a host
 * joining it to the base URL keeps the request on MailerLite's host, as the plugin's concatenation does.
 */
export interface MailingListRequest {
  /** Which API `apiKey` is for. */
  api: MailerLiteApi;
  /** The account's key, as the editor sent it in `apikey`: a credential, never logged. */
  apiKey: string;
  /** The path below the API's base (`groups`, `fields`). */
  endpoint: string;
  /** The query args from `queryargs` (`["limit=500"]` is `{limit: "500"}`). */
  queryArgs: Readonly<Record<string, string>>;
}

/**
 * The host's MailerLite client. `get` answers MailerLite's HTTP status and body text (`{status:
 * response.status, body: await response.text()}`); a status other than 200 is answered as the
 * plugin answers it (`"Unauthorized"`, `"Forbidden"`, `"Error"`), a body that is no JSON object or
 * list `"No Content"`. It may throw or be slow: a throw, a time-out or an answer over the cap is
 * `"Error"`, as the plugin answers an unreachable MailerLite. `signal` fires at the deadline.
 */
export interface MailingList {
  /** Sends one GET to MailerLite and answers its status and body. */
  get(request: MailingListRequest, signal: AbortSignal): Promise<UpstreamAnswer>;
}

/** What MailerLite answers a path it does not know, where nothing is recorded. */
const NOT_RECORDED: UpstreamAnswer = { status: 404, body: '{"message":"Not Found"}' };

/**
 * MailerLite as a declared service: 10 s (between WordPress's default 5 s for the classic API and
 * the 90 s the plugin gives the connect API) and 2 MiB by default; every failure, and no callback
 * at all, is the plugin's `"Error"` with status 200. Its double answers a recorded `{status, body}`
 * by `api`, `endpoint`, `apiKey` and `queryArgs` (`when` names the fields it needs), and
 * MailerLite's 404 for an endpoint nothing recorded.
 */
export const mailingListService: ServiceDeclaration<MailingList, MailerLiteFailure> = {
  namespace: 'blocksuite-maillist',
  service: 'mailing-list',
  option: 'mailingList',
  limits: { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 },
  failures: { threw: mailerLiteError, timeout: mailerLiteError, 'too-large': mailerLiteError, unconfigured: mailerLiteError },
  double: (recorded) => ({
    async get({ api, apiKey, endpoint, queryArgs }, signal) {
      const call = { api, apiKey, endpoint, queryArgs: { ...queryArgs } };
      const { answer, filler } = await recordedAnswer(recorded, 'blocksuite-maillist/mailing-list', call, signal);
      return recordedUpstream(answer, filler, NOT_RECORDED);
    },
  }),
};
