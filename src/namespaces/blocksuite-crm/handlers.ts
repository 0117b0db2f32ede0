import type { Handlers } from '../define.js';
import type { BoundService } from '../host-service.js';
import { nothingFromCrm } from './errors.js';
import { contactFields } from './fields.js';
import type { blocksuiteCrmRoutes } from './routes.js';
import type { Crm } from './services.js';
import type { BlocksuiteCrmStorage } from './storage.js';

/** What the handlers run on. */
interface BlocksuiteCrmHandlerDeps {
  /** FluentCRM, bound to the host's lookups (or the site store's) and their budget. */
  crm: BoundService<Crm, []>;
}

/** The handlers of the crm route table. */
export function blocksuiteCrmHandlers(deps: BlocksuiteCrmHandlerDeps): Handlers<typeof blocksuiteCrmRoutes, BlocksuiteCrmStorage> {
  const { crm } = deps;
  /** One lookup's rows, or nothing when it failed. */
  const lookup = async <K extends keyof Crm>(name: K) => {
    const answer = await crm.call((host, signal) => host[name](signal) as ReturnType<Crm[K]>);
    return answer.ok ? answer.value : answer.answer;
  };
  return {
    async getFromFluentCrm(request, _context, storage) {
      // The plugin's empty( $end_point ) check answers [] as any endpoint it does not know does.
      const { endpoint } = request.params;
      if (!(await storage.fluentCrmActive())) return nothingFromCrm();
      if (endpoint === 'lists') return lookup('lists');
      if (endpoint === 'tags') return lookup('tags');
      if (endpoint === 'fields') return contactFields(await lookup('customFields'));
      return nothingFromCrm();
    },
  };
}
