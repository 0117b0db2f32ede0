// The hosting control panel the catch-all forwards to: only the host knows where its panel is and
// how to sign a request to it (a site token, a socket, an in-process call). Without one the
// catch-all answers 501; no default ever contacts the network.
import type { RestError } from '../../core/errors/rest-error.js';
import type { RestUser } from '../../core/types.js';
import type { JsonValue } from '../../store/types.js';
import type { ServiceDeclaration } from '../host-service.js';
import { recordedAnswer } from '../recorded-double.js';
import { panelNotConfigured, upstreamError, upstreamTimeout } from './errors.js';

/** A request the catch-all forwards, as the client sent it below `host-toolkit/api/`. */
export interface HostPanelRequest {
  /** The effective method: `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, or `HEAD` (served by the GET endpoint, its body dropped). */
  method: string;
  /**
   * The path below the namespace (`sites/12/backups`), as the route matched it: as sent through
   * `/wp-json/…` (percent escapes kept), decoded once through `?rest_route=`. It is a relative
   * path of one or more segments, read as it is, percent-decoded or in NFKC form: none empty,
   * `.` or `..` (also before a `;`), none starting or ending with a space; no scheme (no `:` in the
   * first segment), `?`, `#`, `\`, `%` that starts no escape, escape of `%` or `/`, control
   * character or byte that is not UTF-8. Anything else is answered 400 `host_toolkit_invalid_slug`
   * without calling the panel, so joining it onto the panel's base URL stays below that base.
   */
  slug: string;
  /**
   * The query parameters as PHP parses them (`a[b]=1` nests), without `rest_route`, which only
   * addresses this route. Credential-named ones (`token`, `apikey`) are passed on as they came.
   */
  query: Record<string, unknown>;
  /** The decoded JSON body; undefined when the request has none (a form body is not forwarded). */
  body: JsonValue | undefined;
  /** The signed-in user, who has `manage_options`. */
  user: RestUser;
}

/** What the panel answers: relayed as it is when `status` is an integer from 200 to 599. */
export interface HostPanelAnswer {
  /** HTTP status the client gets. */
  status: number;
  /** JSON body the client gets (`null` or undefined for none). */
  body?: JsonValue;
}

/**
 * The host's control panel. `request` may throw or be slow: the catch-all calls it within the
 * namespace's `panelLimits` (a throw or an oversized answer is a 502, a timeout a 504) and aborts
 * `signal` at the deadline. Its headers are not relayed.
 */
export interface HostPanel {
  /** Forwards one request and answers the panel's status and JSON body. */
  request(request: HostPanelRequest, signal: AbortSignal): Promise<HostPanelAnswer>;
}

/**
 * The panel as a declared service: 10 s and 1 MiB by default; a panel that threw or answered too
 * much is a 502, one out of time a 504, and none at all a 501 naming the option (the plugin is not
 * identified: these are the gateway's answers a connector plugin gives). Its double answers a
 * recorded `{status, body}` by method and slug (`when: {method, slug, query?}`), and a 404 for a
 * path nothing recorded.
 */
export const panelService: ServiceDeclaration<HostPanel, RestError> = {
  namespace: 'host-toolkit',
  service: 'panel',
  option: 'hostPanel',
  limits: { timeoutMs: 10_000, maxBytes: 1024 * 1024 },
  failures: { threw: upstreamError, timeout: upstreamTimeout, 'too-large': upstreamError, unconfigured: panelNotConfigured },
  double: (recorded) => ({
    async request({ method, slug, query }, signal) {
      const call = { method, slug, query: query as { [key: string]: JsonValue } };
      const { answer, filler } = await recordedAnswer(recorded, 'host-toolkit/panel', call, signal);
      const notFound = { code: 'not_found', message: `No recorded panel answer for ${method} ${slug}.`, data: { status: 404 } };
      const { status, body } = answer === undefined ? { status: 404, body: notFound } : (answer as unknown as HostPanelAnswer);
      return { status, body: filler === '' ? body : { recorded: body ?? null, filler } };
    },
  }),
};
