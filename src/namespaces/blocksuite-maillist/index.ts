import type { MountableNamespace } from '../../core/types.js';
import { checkOptions, hostObject, optionsObject, type OptionsShape } from '../../core/options.js';
import { bindGroups, routeGroup } from '../define.js';
import { bindService, serviceLimits, serviceLimitsOptions, type GivenHostServiceLimits } from '../host-service.js';
import { blocksuiteMaillistHandlers } from './handlers.js';
import { blocksuiteMaillistRoutes } from './routes.js';
import { mailingListService, type MailingList } from './services.js';

export { mailerLiteApi } from './services.js';
export type { MailerLiteApi, MailingList, MailingListRequest } from './services.js';
export type { MailerLiteFailure } from './errors.js';
export type { UpstreamAnswer } from '../upstream-json.js';

/** Options of {@link blocksuiteMaillist}. */
export interface BlocksuiteMaillistOptions {
  /** The host's MailerLite client (default: none, so every lookup answers the plugin's `"Error"`). */
  mailingList?: MailingList;
  /** How long MailerLite may take and how much it may answer (default 10 s, 2 MiB). */
  mailingListLimits?: GivenHostServiceLimits;
}

/** The checks of {@link BlocksuiteMaillistOptions}. */
export const blocksuiteMaillistOptions = optionsObject({
  mailingList: hostObject('the MailerLite client: { get(request, signal) }').optional(),
  mailingListLimits: serviceLimitsOptions.optional(),
} satisfies OptionsShape<BlocksuiteMaillistOptions>);

/**
 * The `blocksuite-maillist/v1` namespace (Kadence Blocks' MailerLite proxy, `kb-mailerlite/v1`):
 * `GET /get` asks MailerLite, through the host's `mailingList`, for the groups or fields of the
 * account whose key the editor sends, and answers MailerLite's JSON or the plugin's bare strings.
 * It keeps no data: the key comes with each request and is never answered or logged.
 */
export function blocksuiteMaillist(options: BlocksuiteMaillistOptions = {}): MountableNamespace {
  const checked = checkOptions(blocksuiteMaillistOptions, options, 'blocksuiteMaillist');
  const limits = serviceLimits('blocksuiteMaillist mailingListLimits', checked.mailingListLimits, mailingListService.limits);
  return ({ reportService }) => {
    const mailingList = bindService(mailingListService, options.mailingList, limits, reportService);
    return bindGroups('blocksuite-maillist/v1', [routeGroup(blocksuiteMaillistRoutes, blocksuiteMaillistHandlers({ mailingList }))]);
  };
}
