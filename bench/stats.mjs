// Small statistics shared by the bench scripts.

/** The middle value (the upper one of an even count): every figure reported is one that was measured. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
