import { phpRtrim } from '../../core/php/strings.js';
import { isEmpty } from '../../core/php/values.js';
import type { RestError } from '../../core/errors/rest-error.js';
import type { Handlers } from '../define.js';
import type { BoundService } from '../host-service.js';
import { readUpstream } from '../upstream-json.js';
import { getResponseEmptyData, getResponseFetchError } from './errors.js';
import type { blocksuiteResponderRoutes } from './routes.js';
import type { Responder } from './services.js';
import type { BlocksuiteResponderStorage, GetResponseSettings } from './storage.js';

/** What the handlers run on. */
interface BlocksuiteResponderHandlerDeps {
  /** GetResponse, bound to the host's callback and its budget. */
  responder: BoundService<Responder, RestError>;
}

/** The handlers of the responder route table. */
export function blocksuiteResponderHandlers(
  deps: BlocksuiteResponderHandlerDeps,
): Handlers<typeof blocksuiteResponderRoutes, BlocksuiteResponderStorage> {
  const { responder } = deps;
  return {
    async getFromGetResponse(request, _context, storage) {
      const { apiKey, apiBase } = await storage.readSettings();
      if (isEmpty(apiKey) || isEmpty(apiBase)) return [];
      const account: GetResponseSettings = { apiKey, apiBase: phpRtrim(apiBase, '/') };
      const endpoint = request.params.endpoint ?? '';
      const answer = await responder.call((host, signal) => host.get(endpoint, account, signal), account);
      if (!answer.ok) return answer.answer;
      const reading = readUpstream(answer.value);
      if (reading.kind === 'status') return getResponseFetchError();
      return reading.kind === 'not-array' ? getResponseEmptyData() : reading.value;
    },
  };
}
