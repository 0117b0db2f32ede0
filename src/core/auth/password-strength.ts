/**
 * How strong an application password given by hand must be. Application passwords are checked with
 * a fast hash and a valid one is never locked out, so what keeps them from being guessed, online or
 * from a leaked hash, is their randomness alone: a given one must be as long and random as the 24
 * letters and digits (about 143 bits) WordPress generates.
 */

/** Letters and digits, after WordPress's normalisation, a password needs. */
const MIN_PASSWORD_LENGTH = 24;
/** Bits the estimate must reach. */
const MIN_BITS = 128;
/** A run, or a repeat of an earlier stretch, counts nothing from its fourth character on. */
const FREE_FROM = 4;

/** The requirement, as every refusal states it. */
export const PASSWORD_REQUIREMENT =
  `an application password must be at least ${MIN_PASSWORD_LENGTH} letters and digits, random ` +
  `(estimated at ${MIN_BITS} bits or more), as the ones WordPress generates are`;

/** WordPress's `preg_replace('/[^a-z\d]/i', '', $password)`: display spaces and dashes are optional. */
export function normalizePassword(password: string): string {
  // Most passwords arrive without their display spaces: they are returned as they are.
  for (let i = 0; i < password.length; i++) {
    const code = password.charCodeAt(i);
    const letter = code >= 0x41 && (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
    if (!letter && !(code >= 0x30 && code <= 0x39)) return password.replace(/[^a-z\d]/gi, '');
  }
  return password;
}

const classOf = (code: number): 'lower' | 'upper' | 'digit' =>
  code >= 0x61 && code <= 0x7a ? 'lower' : code >= 0x41 && code <= 0x5a ? 'upper' : 'digit';

/**
 * A conservative estimate of the bits of a password of letters and digits: each character counts
 * log2 of the alphabet its classes span (26 for each case present, 10 for digits: 5.95 bits with
 * all three), except the fourth and later characters of a run in which each repeats the one before
 * or is its neighbour (`aaaa`, `abcd`, `9876`) or of a stretch that repeats an earlier one
 * (`Password…Password`), which count nothing. Linear in the length. A random password of 24
 * letters and digits reaches 128 bits but for about 1 in 90,000 (measured: 22 of 2,000,000 draws,
 * nearly all without any digit or any letter of one case), which WordPress's generator then draws again.
 */
function estimatedBits(password: string): number {
  const classes = new Set<string>();
  const seen = new Set<string>();
  let counted = 0;
  let run = 1;
  for (let i = 0; i < password.length; i++) {
    const code = password.charCodeAt(i);
    classes.add(classOf(code));
    const previous = password.charCodeAt(i - 1);
    const step = i > 0 && classOf(previous) === classOf(code) && Math.abs(code - previous) <= 1;
    run = step ? run + 1 : 1;
    let repeated = false;
    if (i >= FREE_FROM - 1) {
      const window = password.slice(i - FREE_FROM + 1, i + 1);
      repeated = seen.has(window);
      seen.add(window);
    }
    if (run < FREE_FROM && !repeated) counted++;
  }
  const alphabet = (classes.has('lower') ? 26 : 0) + (classes.has('upper') ? 26 : 0) + (classes.has('digit') ? 10 : 0);
  return counted * Math.log2(Math.max(alphabet, 1));
}

/** Whether a normalised password (letters and digits only) meets {@link PASSWORD_REQUIREMENT}. */
export function isStrongPassword(normalized: string): boolean {
  return normalized.length >= MIN_PASSWORD_LENGTH && estimatedBits(normalized) >= MIN_BITS;
}
