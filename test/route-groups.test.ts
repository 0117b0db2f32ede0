// A namespace bound from route groups: its routes in the order it gives, its handlers and checks
// given its storage bound to each request.
import { describe, expect, it } from 'vitest';
import {
  bindGroups,
  createRestServer,
  routeGroup,
  withDefaults,
  type Handlers,
  type MountableNamespace,
  type RestUser,
  type RouteSpecTable,
  type StorageContext,
} from '../src/index.js';

const site = { name: 'Notes', url: 'https://example.com' };

interface NoteStorage {
  readNote(id: number, context: StorageContext): Promise<string>;
  writeNote(id: number, text: string, context: StorageContext): Promise<void>;
}

const readRoutes = [
  { path: '/notes/(?P<id>\\d+)', endpoints: [{ methods: ['GET'], summary: 'Read a note', permission: 'public', handler: 'readNote' }] },
  { path: '/about', endpoints: [{ methods: ['GET'], summary: 'About', permission: 'public', handler: 'about' }] },
] as const satisfies RouteSpecTable;
const writeRoutes = [
  {
    path: '/notes/(?P<id>\\d+)/text',
    endpoints: [
      {
        methods: ['POST'],
        summary: 'Write a note',
        args: { text: { type: 'string', required: true } },
        check: 'ownsNote',
        handler: 'writeNote',
      },
    ],
  },
] as const satisfies RouteSpecTable;

const readHandlers: Handlers<typeof readRoutes, NoteStorage> = {
  readNote: async (request, _context, storage) => ({ text: await storage.readNote(Number(request.urlParams.id)) }),
  about: () => ({ notes: true }),
};
const writeHandlers: Handlers<typeof writeRoutes, NoteStorage> = {
  writeNote: async (request, _context, storage) => {
    await storage.writeNote(Number(request.urlParams.id), request.params.text);
    return { written: true };
  },
};

/** A notes namespace on `storage`, its three routes in `order`. */
function notes(storage: NoteStorage, order?: readonly string[]): MountableNamespace {
  return () =>
    bindGroups(
      'notes/v1',
      [
        routeGroup(readRoutes, readHandlers),
        routeGroup(writeRoutes, writeHandlers, {
          ownsNote: async (request, _context, bound) => (await bound.readNote(Number(request.urlParams.id))).startsWith('mine'),
        }),
      ],
      {
        storage: withDefaults(() => storage, undefined, [{ data: 'notes', callbacks: ['readNote', 'writeNote'] }], 'notes storage'),
        ...(order ? { order } : {}),
      },
    );
}

/** Storage that records the context of every call. */
function recordingStorage() {
  const calls: Array<{ name: string; args: unknown[] }> = [];
  const storage: NoteStorage = {
    readNote: async (...args) => (calls.push({ name: 'readNote', args }), 'mine: hello'),
    writeNote: async (...args) => void calls.push({ name: 'writeNote', args }),
  };
  return { storage, calls };
}

const editor: RestUser = { id: 7, can: () => true };

describe('route groups', () => {
  it('lists the routes in the order given, across groups', async () => {
    const order = ['/notes/(?P<id>\\d+)', '/notes/(?P<id>\\d+)/text', '/about'];
    const rest = createRestServer({ site, namespaces: [notes(recordingStorage().storage, order)] });
    const index = await rest.inject({ path: '/notes/v1' });
    expect(Object.keys((index.data as { routes: object }).routes)).toEqual(['/notes/v1', ...order.map((path) => `/notes/v1${path}`)]);
  });

  it('lists each group after the one before when no order is given', async () => {
    const rest = createRestServer({ site, namespaces: [notes(recordingStorage().storage)] });
    const index = await rest.inject({ path: '/notes/v1' });
    expect(Object.keys((index.data as { routes: object }).routes)).toEqual([
      '/notes/v1',
      '/notes/v1/notes/(?P<id>\\d+)',
      '/notes/v1/about',
      '/notes/v1/notes/(?P<id>\\d+)/text',
    ]);
  });

  it('refuses an order that leaves a route out, names one no group has, or lists one twice', () => {
    const { storage } = recordingStorage();
    const mount = (order: string[]) => () => createRestServer({ site, namespaces: [notes(storage, order)] });
    expect(mount(['/notes/(?P<id>\\d+)', '/about'])).toThrow(/route order leaves out \/notes\/\(\?P<id>\\d\+\)\/text/);
    expect(mount(['/notes/(?P<id>\\d+)', '/about', '/notes/(?P<id>\\d+)/text', '/gone'])).toThrow(/names \/gone, which no group has/);
    expect(mount(['/notes/(?P<id>\\d+)', '/about', '/about', '/notes/(?P<id>\\d+)/text'])).toThrow(/lists a path twice/);
  });

  it("gives handlers and checks the storage bound to the request: each callback gets the caller's arguments, then the request's user and site", async () => {
    const { storage, calls } = recordingStorage();
    const rest = createRestServer({ site, namespaces: [notes(storage)] });
    expect((await rest.inject({ path: '/notes/v1/notes/3' })).data).toEqual({ text: 'mine: hello' });
    const written = await rest.inject({ method: 'POST', path: '/notes/v1/notes/4/text', body: { text: 'hi' }, user: editor });
    expect(written.data).toEqual({ written: true });
    expect(calls.map(({ name, args }) => [name, ...args.slice(0, -1)])).toEqual([
      ['readNote', 3],
      ['readNote', 4],
      ['writeNote', 4, 'hi'],
      // the answer's `Allow` header asks the check again
      ['readNote', 4],
    ]);
    const contexts = calls.map(({ args }) => args.at(-1) as StorageContext);
    expect(contexts.map((context) => context.user?.id ?? null)).toEqual([null, 7, 7, 7]);
    expect(contexts.every((context) => context.site.url === site.url)).toBe(true);
  });
});
