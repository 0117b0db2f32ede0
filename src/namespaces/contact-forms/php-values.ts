/** PHP's `(int)` of a request value (`"12abc"` is 12, `"abc"` is 0); undefined when absent or a list, which CF7 cannot use. */
export function phpInt(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const numeric = /^[ \t\n\r\v\f]*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(value);
  return numeric ? Math.trunc(Number(numeric[0].trim())) : 0;
}

/** PHP's `(bool)` of a request value: '', '0', 0, false, null and empty lists are false. */
export function phpBool(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '' || value === '0') return false;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}
