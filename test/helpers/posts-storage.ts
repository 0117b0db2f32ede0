import { postsStorageOn, samplePosts, seedPosts, type PostRecord, type PostsStorage } from '../../src/namespaces/core-posts/index.js';
import { memoryStore } from '../../src/store/memory/index.js';

/**
 * The default posts storage on a memory store of its own, seeded with `posts` (default: the
 * sample posts): for tests that hand a namespace a storage, or wrap one of its callbacks.
 */
export function seededPostsStorage(options: { posts?: PostRecord[]; now?: () => number } = {}): PostsStorage {
  const store = memoryStore();
  const seeded = seedPosts(store, options.posts ?? samplePosts());
  const storage = postsStorageOn(store, { now: options.now });
  return {
    queryPosts: async (...args) => (await seeded, storage.queryPosts(...args)),
    getPost: async (...args) => (await seeded, storage.getPost(...args)),
    createPost: async (...args) => (await seeded, storage.createPost(...args)),
    updatePost: async (...args) => (await seeded, storage.updatePost(...args)),
    deletePost: async (...args) => (await seeded, storage.deletePost(...args)),
  };
}
