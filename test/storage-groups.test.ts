import { seededPostsStorage } from './helpers/posts-storage.js';
import { describe, expect, it } from 'vitest';
import {
  contactForms,
  corePosts,
  createRestServer,
  contactFormsStorageOn,
  memoryStore,
  oembed,
  seedContactForms,
  variantB,
  withDefaults,
  type ContactFormsStorage,
  type PostsStorage,
  type RestUser,
  type StorageGroups,
} from '../src/index.js';

const SITE = { name: 'Groups Site', url: 'http://groups.test' };
const editor: RestUser = { id: 2, username: 'editor', can: (cap) => ['read', 'edit_posts', 'publish_pages'].includes(cap) };

const getPost: PostsStorage['getPost'] = async () => null;

// A JavaScript host gets no compiler's help: these calls are what it may write.
describe('a namespace given part of a group of storage callbacks', () => {
  it('refuses corePosts createPost without the posts callbacks that read what it writes', () => {
    const createPost: PostsStorage['createPost'] = async () => {
      throw new Error('not called');
    };
    // @ts-expect-error: the types refuse part of a group too
    expect(() => corePosts({ storage: { createPost } })).toThrow(
      new TypeError(
        'site-rest: corePosts storage gives createPost but not getPost, queryPosts, updatePost, deletePost, which read the same posts; give all of them or none',
      ),
    );
  });

  it('refuses oEmbed posts and variant posts that give getPost alone', () => {
    // @ts-expect-error: the types refuse part of a group too
    expect(() => oembed({ posts: { getPost } })).toThrow(
      new TypeError(
        'site-rest: oembed posts gives getPost but not queryPosts, createPost, updatePost, deletePost, which read the same posts; give all of them or none',
      ),
    );
    // @ts-expect-error: the types refuse part of a group too
    expect(() => variantB({ posts: { storage: { getPost } } })).toThrow(/^site-rest: corePosts storage gives getPost but not queryPosts, /);
  });

  it('refuses contact forms given some form callbacks, listing them in the group’s order', () => {
    const listForms: ContactFormsStorage['listForms'] = async () => [];
    const createForm: ContactFormsStorage['createForm'] = async () => {
      throw new Error('not called');
    };
    // @ts-expect-error: the types refuse part of a group too
    const partial = contactForms({ storage: { createForm, listForms, sendMail: async () => true } });
    expect(() => createRestServer({ site: SITE, namespaces: [partial] })).toThrow(
      new TypeError(
        'site-rest: contactForms storage gives listForms, createForm but not getForm, updateForm, deleteForm, which read the same forms; give all of them or none',
      ),
    );
  });
});

describe('a namespace given whole groups', () => {
  it('serves from a whole posts storage, or from none', async () => {
    const posts = seededPostsStorage({ posts: [] });
    for (const storage of [posts, { ...posts }, undefined]) {
      const rest = createRestServer({ site: SITE, namespaces: [corePosts({ storage })], onError: () => {} });
      const created = await rest.inject({ method: 'POST', path: '/core/v2/posts', body: { title: 'Kept' }, user: editor });
      const read = await rest.inject({ path: `/core/v2/posts/${(created.data as { id: number }).id}`, user: editor });
      expect(read.status).toBe(200);
    }
  });

  it('takes sendMail alone: the mail shares no data with the forms, which stay in the site store', async () => {
    const rest = createRestServer({
      site: SITE,
      namespaces: [contactForms({ storage: { sendMail: async () => true } })],
      onError: () => {},
    });
    await seedContactForms(rest.store);
    expect((await rest.inject({ path: '/contact-forms/v1/contact-forms/1', user: editor })).status).toBe(200);
  });

  it('takes the forms’ whole group with a spam check of its own, and reads the forms from it', async () => {
    const { listForms, getForm, createForm, updateForm, deleteForm } = contactFormsStorageOn(memoryStore());
    const storage = { listForms, getForm, createForm, updateForm, deleteForm, checkSpam: async () => true };
    const rest = createRestServer({ site: SITE, namespaces: [contactForms({ storage })], onError: () => {} });
    // The server's own store has form 1; the host's forms, read instead, have none.
    await seedContactForms(rest.store);
    expect((await rest.inject({ path: '/contact-forms/v1/contact-forms/1', user: editor })).status).toBe(404);
  });
});

describe('withDefaults for a host’s own namespace', () => {
  interface NotesStorage {
    readNote(id: number): Promise<string | null>;
    writeNote(id: number, text: string): Promise<void>;
    ping(): Promise<boolean>;
  }
  const memoryNotes = (): NotesStorage => {
    const notes = new Map<number, string>();
    return {
      readNote: async (id) => notes.get(id) ?? null,
      writeNote: async (id, text) => void notes.set(id, text),
      ping: async () => true,
    };
  };

  it('refuses groups that leave a callback of the memory store out, so every callback’s data is named', () => {
    const groups: StorageGroups<NotesStorage> = [{ data: 'notes', callbacks: ['readNote', 'writeNote'] }];
    expect(() => withDefaults(memoryNotes, undefined, groups, 'notes storage')).toThrow(
      new TypeError('site-rest: notes storage groups leave out ping; put each callback in a group'),
    );
  });

  it('binds a class instance’s prototype methods to it, a group at a time', async () => {
    const groups: StorageGroups<NotesStorage> = [
      { data: 'notes', callbacks: ['readNote', 'writeNote'] },
      { data: 'health', callbacks: ['ping'] },
    ];
    class Notes {
      readonly notes = new Map<number, string>([[1, 'kept']]);
      async readNote(id: number) {
        return this.notes.get(id) ?? null;
      }
      async writeNote(id: number, text: string) {
        this.notes.set(id, text);
      }
    }
    const storage = withDefaults(memoryNotes, new Notes(), groups, 'notes storage');
    expect(await storage.readNote(1)).toBe('kept');
    expect(await storage.ping()).toBe(true);
  });
});
