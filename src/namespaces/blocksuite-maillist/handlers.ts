import { isEmpty } from '../../core/php/values.js';
import type { Handlers } from '../define.js';
import type { BoundService } from '../host-service.js';
import { readUpstream, type UpstreamReading } from '../upstream-json.js';
import { mailerLiteError, mailerLiteForbidden, mailerLiteNoContent, mailerLiteUnauthorized, type MailerLiteFailure } from './errors.js';
import { mailerLiteQueryArgs } from './query-args.js';
import type { blocksuiteMaillistRoutes } from './routes.js';
import { mailerLiteApi, type MailingList, type MailingListRequest } from './services.js';

/** What the handlers run on. */
interface BlocksuiteMaillistHandlerDeps {
  /** MailerLite, bound to the host's callback and its budget. */
  mailingList: BoundService<MailingList, MailerLiteFailure>;
}

/** The plugin's answer to MailerLite's: the data, or the bare string for a refusal, a failure or no JSON. */
function mailerLiteAnswer(reading: UpstreamReading): unknown {
  if (reading.kind === 'data') return reading.value;
  if (reading.kind === 'not-array') return mailerLiteNoContent();
  if (reading.status === 401) return mailerLiteUnauthorized();
  if (reading.status === 403) return mailerLiteForbidden();
  return mailerLiteError();
}

/** The handlers of the maillist route table. */
export function blocksuiteMaillistHandlers(deps: BlocksuiteMaillistHandlerDeps): Handlers<typeof blocksuiteMaillistRoutes> {
  const { mailingList } = deps;
  return {
    async getFromMailerLite(request) {
      const { apikey, endpoint, queryargs } = request.params;
      if (apikey === undefined || isEmpty(apikey)) return mailerLiteError();
      const sent: MailingListRequest = {
        api: mailerLiteApi(apikey),
        apiKey: apikey,
        endpoint: endpoint ?? '',
        queryArgs: mailerLiteQueryArgs(queryargs),
      };
      const answer = await mailingList.call((host, signal) => host.get(sent, signal), sent);
      return answer.ok ? mailerLiteAnswer(readUpstream(answer.value)) : answer.answer;
    },
  };
}
