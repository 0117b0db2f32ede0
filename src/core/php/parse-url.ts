// PHP's `parse_url` where a namespace needs one part of a URL as PHP reads it.

/** PHP `parse_url($url, PHP_URL_HOST)`: the host of `scheme://host…` or `//host…`; '' when none. */
export function urlHost(url: string): string {
  let rest: string;
  if (url.startsWith('//')) rest = url.slice(2);
  else {
    const colon = url.indexOf(':');
    if (colon < 1 || !/^[a-zA-Z][a-zA-Z0-9+.-]*$/.test(url.slice(0, colon)) || !url.startsWith('//', colon + 1)) return '';
    rest = url.slice(colon + 3);
  }
  let end = rest.length;
  for (const stop of ['/', '?', '#']) {
    const at = rest.indexOf(stop);
    if (at >= 0 && at < end) end = at;
  }
  let authority = rest.slice(0, end);
  authority = authority.slice(authority.lastIndexOf('@') + 1);
  if (authority.startsWith('[')) return authority.slice(0, authority.indexOf(']') + 1);
  const port = authority.lastIndexOf(':');
  return port >= 0 ? authority.slice(0, port) : authority;
}
