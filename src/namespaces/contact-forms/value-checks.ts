/** WordPress's `is_email()`: a plain local part, and a domain of at least two dot-separated labels. */
export function isEmail(value: string): boolean {
  if (value.length < 6) return false;
  const at = value.indexOf('@', 1);
  if (at < 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (domain.replace(/^[ \t\n\r\0\x0B.]+|[ \t\n\r\0\x0B.]+$/g, '') !== domain) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => /^[a-z0-9-]+$/i.test(label) && !label.startsWith('-') && !label.endsWith('-'));
}

/**
 * PHP's `FILTER_VALIDATE_URL`, approximately: printable ASCII only, a scheme, and a host after
 * `//` (mailto:, news: and file: need none).
 */
export function isUrl(value: string): boolean {
  if (!/^[\x21-\x7e]+$/.test(value)) return false;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/.exec(value);
  if (!scheme) return false;
  if (/^(mailto|news|file)$/i.test(scheme[1]!)) return scheme[2] !== '';
  return /^\/\/[^/?#]+/.test(scheme[2]!);
}

/** CF7's `wpcf7_is_tel()`: an optional `+`, then digit groups (optionally in parentheses) split by spaces, dashes or slashes. */
export function isTel(value: string): boolean {
  return /^[+]?(?:\([0-9]+\)|[0-9]+)(?:[/ -]*(?:\([0-9]+\)|[0-9]+))*$/.test(value.trim());
}

/** PHP 8's `is_numeric()` for a string: decimal or exponent notation, whitespace around allowed. */
export function isNumeric(value: string): boolean {
  return /^[ \t\n\r\v\f]*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[ \t\n\r\v\f]*$/.test(value);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** CF7's `wpcf7_is_date()`: `YYYY-MM-DD` naming a real day (PHP's `checkdate()` takes years 1 to 32767). */
export function isDate(value: string): boolean {
  const match = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || year > 32767 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}
