// GetResponse, the outside service behind the form block's GetResponse pickers: the plugin calls
// it with the account kept in the site's options; here the host's callback does. No default ever
// contacts the network.
import type { RestError } from '../../core/errors/rest-error.js';
import type { ServiceDeclaration } from '../host-service.js';
import { recordedAnswer } from '../recorded-double.js';
import { recordedUpstream, type UpstreamAnswer } from '../upstream-json.js';
import { getResponseFetchError } from './errors.js';
import type { GetResponseSettings } from './storage.js';

/**
 * The host's GetResponse client. `get` sends `GET <account.apiBase>/<endpoint>` (the base without
 * its trailing slashes) with the header `X-Auth-Token: api-key <account.apiKey>`, and answers
 * GetResponse's status and body text. `endpoint` is the client's text as it came (`campaigns`,
 * `tags`, `custom-fields`; `''` when left out): joined after the base's `/`, it stays on the base's
 * host. It may throw or be slow: a throw, a time-out or an answer over the cap is the plugin's
 * `getresponse_error` 500, as for an unreachable GetResponse. `signal` fires at the deadline.
 */
export interface Responder {
  /** Sends one GET to GetResponse and answers its status and body. */
  get(endpoint: string, account: GetResponseSettings, signal: AbortSignal): Promise<UpstreamAnswer>;
}

/** What GetResponse answers a path it does not know, where nothing is recorded. */
const NOT_RECORDED: UpstreamAnswer = {
  status: 404,
  body: '{"httpStatus":404,"code":1013,"codeDescription":"Resource not found","message":"Resource not found","context":[]}',
};

/**
 * The account `site-rest serve --fixtures` uses where the site store has no GetResponse settings,
 * so the recorded answers can be seen: the public API's base and a key no real account has.
 */
export const RECORDED_ACCOUNT: GetResponseSettings = { apiKey: 'recorded-double-account', apiBase: 'https://api.getresponse.com/v3' };

/**
 * GetResponse as a declared service: 10 s (the plugin's own timeout) and 2 MiB by default; every
 * failure, and no callback at all, is the plugin's `getresponse_error` "Error fetching data from
 * GetResponse" (500, `data: null`). Its double answers a recorded `{status, body}` by `endpoint`
 * and `apiBase` (`when` names the fields it needs), and GetResponse's 404 for one nothing recorded.
 */
export const responderService: ServiceDeclaration<Responder, RestError> = {
  namespace: 'blocksuite-responder',
  service: 'responder',
  option: 'responder',
  limits: { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 },
  failures: {
    threw: getResponseFetchError,
    timeout: getResponseFetchError,
    'too-large': getResponseFetchError,
    unconfigured: getResponseFetchError,
  },
  double: (recorded) => ({
    async get(endpoint, { apiBase }, signal) {
      const { answer, filler } = await recordedAnswer(recorded, 'blocksuite-responder/responder', { endpoint, apiBase }, signal);
      return recordedUpstream(answer, filler, NOT_RECORDED);
    },
  }),
};
