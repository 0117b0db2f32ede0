import type { IncomingMessage, ServerResponse } from 'node:http';
import { mountPath } from '../core/http/public-address.js';

/** A `basePath` option as `/blog` (no trailing slash), or '' for none; throws on anything that is not a plain path. */
export function basePathOption(value: string | undefined, adapter: string): string {
  if (value === undefined || value === '' || value === '/') return '';
  const path = mountPath(value);
  if (path === '')
    throw new TypeError(`site-rest: ${adapter} option basePath must be a path such as '/blog' (got ${JSON.stringify(value)})`);
  return path;
}

/** The URL as seen below `base` (`/blog/wp-json/` → `/wp-json/`), or null when it is not under it. */
export function belowBase(url: string, base: string): string | null {
  if (base === '') return url;
  if (!url.startsWith(base)) return null;
  const next = url.charCodeAt(base.length);
  if (Number.isNaN(next)) return '/';
  if (next === 47 /* / */) return url.slice(base.length);
  return next === 63 /* ? */ ? `/${url.slice(base.length)}` : null;
}

/**
 * Adds WordPress's discovery `Link` to a response the host is about to write, beside any `Link`
 * already set, as WordPress's `rest_output_link_header` adds it to every front-end page. Set before
 * the host answers, so its answer carries it unless the host removes it.
 */
export function addDiscoveryLink(res: ServerResponse, link: string): void {
  const existing = res.getHeader('link');
  res.setHeader('Link', existing === undefined ? link : [...[existing].flat().map(String), link]);
}

/** Whether the request came over TLS (a `TLSSocket` says so; a plain socket has no such field). */
export function overTls(req: IncomingMessage): boolean {
  return (req.socket as { encrypted?: boolean }).encrypted === true;
}
