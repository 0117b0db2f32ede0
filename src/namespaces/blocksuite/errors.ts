// Kadence answers its query routes' dead ends without a WP_Error: an empty string with status 200,
// which its pickers read as "nothing to list". Written here once, as an error code would be.

/** `/taxonomies-select` for a post id no post has, and `/term-select` for a PHP-empty `source` (`'0'`): `''`, status 200. */
export const nothingToList = (): string => '';
