// A size option given as text, read as Express's body-parser reads its `limit` (the `bytes`
// package: '100kb', '1mb', '1.5MB', 1024-based), so a limit copied from an Express app means the
// same here. What `bytes` would read only through `parseInt`'s leniency ('1 megabyte' is 1 byte,
// '1.5' is 1) is refused rather than guessed.

const UNITS: Readonly<Record<string, number>> = { b: 1, kb: 2 ** 10, mb: 2 ** 20, gb: 2 ** 30, tb: 2 ** 40, pb: 2 ** 50 };

/** A whole number of bytes, or a decimal with a unit other than bytes; spaces may stand before the unit. */
const SIZE = /^(\d+(?:\.\d+)?) *([kmgtp]?b)?$/i;

/** A size in bytes: a number, or text as Express's body-parser reads its `limit` (`'100kb'`, `'1mb'`, `'1.5MB'`; 1024-based, no unit = bytes). */
export type ByteSize = number | string;

/** What a size option may be, for messages. */
export const BYTE_SIZE_FORMS = "a number of bytes or a size such as '100kb', '1mb' or '1.5MB'";

/** The bytes `value` stands for (a number as it is; text as `bytes.parse` reads it), or null when it is no size. */
export function byteSize(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const match = SIZE.exec(value);
  if (match === null) return null;
  const [, amount, unit = 'b'] = match;
  // `bytes` reads a decimal without a unit through parseInt, dropping the fraction: refused as a likely mistake.
  if (unit.toLowerCase() === 'b' && amount!.includes('.')) return null;
  return Math.floor(UNITS[unit.toLowerCase()]! * Number.parseFloat(amount!));
}
