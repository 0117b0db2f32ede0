// How the handlers reach the design library's upstreams: one call through the bound service,
// answered as an {@link UpstreamReply}; the license's `X-Prophecy-Token`; the analytics ping,
// sent without waiting; and the plugin's version and libraries, which its cache keys name.
import { sanitizeTitle } from '../../core/schema/sanitize-title.js';
import { phpRtrim } from '../../core/php/strings.js';
import { phpJsonEncode } from '../../core/php/values.js';
import type { RestContext } from '../../core/types.js';
import type { JsonValue } from '../../store/types.js';
import type { BoundService } from '../host-service.js';
import type { JsonObject } from '../recorded-double.js';
import { DESIGN_LIBRARY_URLS, type DesignLibrary, type DesignLibraryCall, type UpstreamReply } from './services.js';
import type { DesignLibraryLicense } from './storage.js';

/** `KADENCE_BLOCKS_VERSION` of the release this namespace answers as: it is in the token and in some cache keys. */
export const PLUGIN_VERSION = '3.5.6';

/** The libraries the pattern cloud serves with the license args; any other name is a Kadence Cloud library. */
export const KADENCE_LIBRARIES: ReadonlySet<unknown> = new Set(['templates', 'section', 'pages', 'template']);

/** What the design library's handlers are given at mount. */
export interface DesignLibraryDeps {
  /** The upstreams, bound with their limits. */
  service: BoundService<DesignLibrary, UpstreamReply>;
  /** The clock in milliseconds (cloud connection expiry). */
  now: () => number;
}

/** Makes one upstream call; a host answer that is not a status and a body counts as none. */
export async function ask(deps: DesignLibraryDeps, call: DesignLibraryCall): Promise<UpstreamReply> {
  const result = await deps.service.call((host, signal) => host.request(call, signal), call);
  if (!result.ok) return result.answer;
  const answer: unknown = result.value;
  const { status, body } = (typeof answer === 'object' && answer !== null ? answer : {}) as { status?: unknown; body?: unknown };
  if (typeof status !== 'number' || !Number.isInteger(status))
    return { reached: false, message: 'The design library answered no HTTP status.' };
  return { reached: true, status, body: typeof body === 'string' ? body : (JSON.stringify(body) ?? '') };
}

/** The body of an answer below 400; null for none or a status of 400 or more (`is_wp_error || is_response_code_error`). */
export function okBody(reply: UpstreamReply): string | null {
  return reply.reached && reply.status < 400 ? reply.body : null;
}

/** Uplink's `get_original_domain()` / `get_license_domain()`: the site's address without its scheme. */
export function siteDomain(site: RestContext['site']): string {
  const url = new URL(site.url);
  return `${url.host}${phpRtrim(url.pathname, '/')}`;
}

/** `get_token_header()`: the `X-Prophecy-Token`, base64 of the JSON the plugin encodes. */
export function prophecyToken(license: DesignLibraryLicense, site: RestContext['site']): string {
  const token: JsonObject = {
    domain: siteDomain(site),
    key: license.key,
    site_name: sanitizeTitle(site.name),
    product_slug: license.product === 'kadence-blocks-pro' ? 'kadence-blocks-pro' : 'kadence-blocks',
    product_version: PLUGIN_VERSION,
  };
  if (license.env !== '') token.env = license.env;
  return Buffer.from(phpJsonEncode(token)).toString('base64');
}

/** A Prophecy address: the service's base with `path` after it. */
export function prophecyUrl(path: string): string {
  return `${DESIGN_LIBRARY_URLS.prophecy}${path}`;
}

/**
 * `do_action( 'kadenceblocks/ai/event', $name, $context )`: the analytics ping, sent only when the
 * site is licensed (a license key is kept: Uplink's authorization is that key's), and never waited
 * for, as the plugin's `'blocking' => false` post is not.
 */
export function sendEvent(
  deps: DesignLibraryDeps,
  license: DesignLibraryLicense,
  site: RestContext['site'],
  name: string,
  context: JsonValue,
): void {
  if (license.key === '') return;
  const call: DesignLibraryCall = {
    operation: 'event',
    method: 'POST',
    url: prophecyUrl('analytics/event'),
    token: prophecyToken(license, site),
    body: { name, context },
  };
  void ask(deps, call);
}

/** `json_decode( $text, true )`: the value, or null for text that is no JSON. */
export function decoded(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return null;
  }
}

/** A JSON object's own field (so `__proto__` or `constructor` from a request reads nothing), or undefined. */
export function field(value: JsonValue | undefined, name: string): JsonValue | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, name) ? value[name] : undefined;
}
