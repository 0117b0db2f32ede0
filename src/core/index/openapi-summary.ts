/**
 * The summary of an operation whose endpoint names none (a host's table, a WordPress index), in
 * the words of WordPress's REST reference: "List posts", "Create a post", "Retrieve a post",
 * "Update a post", "Delete a post". The resource is the last literal segment of the path.
 */
export function summaryOf(method: string, path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  const isItem = segments.at(-1)?.startsWith('{') ?? false;
  const literal = segments.findLast((segment) => !segment.includes('{'));
  const noun = (literal ?? segments.at(-1) ?? 'index').replace(/[-_]+/g, ' ');
  const one = singular(noun);
  switch (method) {
    case 'GET':
    case 'HEAD':
      return isItem ? `Retrieve ${article(one)} ${one}` : `List ${noun}`;
    case 'POST':
      return isItem ? `Update ${article(one)} ${one}` : `Create ${article(one)} ${one}`;
    case 'PUT':
    case 'PATCH':
      return isItem ? `Update ${article(one)} ${one}` : `Update ${noun}`;
    case 'DELETE':
      return isItem ? `Delete ${article(one)} ${one}` : `Delete ${noun}`;
    default:
      return `${method} ${path}`;
  }
}

/** English singular of a plural's last word, for the names REST routes use (posts, categories, statuses). */
function singular(noun: string): string {
  if (noun.endsWith('ies')) return `${noun.slice(0, -3)}y`;
  if (/(?:ss|us|x|ch|sh)es$/.test(noun)) return noun.slice(0, -2);
  if (noun.endsWith('s') && !noun.endsWith('ss')) return noun.slice(0, -1);
  return noun;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
