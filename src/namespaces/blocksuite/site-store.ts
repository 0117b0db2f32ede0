// The query routes' reads on the site store: WordPress's own tables, so posts, terms and users
// written by core posts, an import or a WordPress database are what the query block lists.
import type { SiteStore } from '../../store/types.js';
import type { BlocksuiteStorage } from './storage.js';

/** The default blocksuite storage, on the site store. */
export function blocksuiteStorageOn(store: SiteStore): BlocksuiteStorage {
  return {
    queryPosts: (query) => store.posts.query(query),
    getPosts: (ids) => (ids.length === 0 ? Promise.resolve([]) : store.posts.getMany([...ids])),
    getPostMeta: (ids, keys) => (ids.length === 0 ? Promise.resolve(new Map()) : store.postMeta.getMany([...ids], [...keys])),
    getPostTerms: (ids, taxonomies) =>
      ids.length === 0 || taxonomies.length === 0 ? Promise.resolve([]) : store.terms.getObjectTerms([...ids], [...taxonomies]),
    listTerms: (taxonomy) => store.terms.list(taxonomy),
    async getAuthors(ids) {
      if (ids.length === 0) return [];
      const { users } = await store.users.query({ include: [...ids] });
      return users.map(({ ID, display_name, user_nicename }) => ({ ID, display_name, user_nicename }));
    },
    getOption: (name) => store.options.get(name),
  };
}
