// What the client gets from a call to the host's control panel: the panel's own status and JSON
// body, or the gateway error its failure is. Nothing the panel threw reaches the answer.
import type { RestError } from '../../core/errors/rest-error.js';
import { respond, type RestResponse } from '../../core/http/response.js';
import type { ServiceResult } from '../host-service.js';
import { upstreamError } from './errors.js';
import type { HostPanelAnswer } from './services.js';

/** Whether the panel answered a status the client can be given: an integer from 200 to 599. */
function isRelayableStatus(status: unknown): status is number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 599;
}

/** The panel's answer relayed (its status, its body), the declared answer of a failure, or a 502 for an answer that is no status and body. */
export function relayPanelAnswer(outcome: ServiceResult<HostPanelAnswer, RestError>): RestResponse | RestError {
  if (!outcome.ok) return outcome.answer;
  const answer: unknown = outcome.value;
  if (typeof answer !== 'object' || answer === null) return upstreamError();
  const { status, body } = answer as Partial<HostPanelAnswer>;
  return isRelayableStatus(status) ? respond(body ?? null, status) : upstreamError();
}
