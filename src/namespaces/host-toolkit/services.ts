// The hosting control panel the catch-all forwards to: only the host knows where its panel is and
// how to sign a request to it (a site token, a socket, an in-process call). Without one the
// catch-all answers 501; no default ever contacts the network.
import type { RestUser } from '../../core/types.js';
import type { JsonValue } from '../../store/types.js';

/** A request the catch-all forwards, as the client sent it below `host-toolkit/api/`. */
export interface HostPanelRequest {
  /** The effective method: `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, or `HEAD` (served by the GET endpoint, its body dropped). */
  method: string;
  /** The path below the namespace (`sites/12/backups`), as the route matched it. */
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
