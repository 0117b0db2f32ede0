// Genesis Blocks answers its one failure without a WP_Error: an unknown layout is a 200 whose body
// is a bare string, which its layout library checks for. It is written here once, as an error code would be.

/** The single-layout route's answer for a key no registered layout has: the string itself, status 200. */
export const layoutNotFound = (): string => 'Layout not found.';
