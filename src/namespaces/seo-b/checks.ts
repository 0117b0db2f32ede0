import type { RestContext } from '../../core/types.js';

/**
 * Yoast's own capability, which it grants to administrators (and its "SEO Manager" role) when it
 * is activated: a host's role table may grant `wpseo_manage_options` itself; an administrator's
 * `manage_options` stands for the grant Yoast's activation writes.
 */
function manageSeo(_request: unknown, context: RestContext): boolean {
  return context.user !== null && (context.user.can('wpseo_manage_options') || context.user.can('manage_options'));
}

/** The seo-b permission checks its groups name. */
export const seoBChecks = { manageSeo };
