/** What CF7's `wpcf7_is_tel()` removes before checking a number: `[()/.*#\s-]` (PCRE's ASCII `\s`). */
const TEL_DECORATION = '()/.*#-\t\n\v\f\r ';

/**
 * CF7 5.9's `wpcf7_is_tel()`: once the characters of {@link TEL_DECORATION} are removed, an
 * optional `+` and at least one digit. One pass over the value, where CF7's own check is
 * `preg_replace('%[()/.*#\s-]+%', '', …)` then `/^[+]?[0-9]+$/`.
 */
export function isTel(value: string): boolean {
  let digits = 0;
  let plus = false;
  for (const c of value) {
    if (TEL_DECORATION.includes(c)) continue;
    if (c >= '0' && c <= '9') digits++;
    else if (c === '+' && !plus && digits === 0) plus = true;
    else return false;
  }
  return digits > 0;
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
