import { describe, expect, it } from 'vitest';
import { createRestServer, type NamespaceModule, type RestServer, type RestServerOptions } from '../src/index.js';
import { createUserStore } from '../src/node.js';

const SITE = { name: 'Batch Site', url: 'http://example.test' };

interface Note {
  id: number;
  text: string;
}

/** A notes namespace on a plain array, so a test can see every write that reached storage. */
function notesModule(store: Note[], log: string[] = []): NamespaceModule {
  return {
    namespace: 'notes/v1',
    routes: [
      {
        path: '/notes',
        allowBatch: { v1: true },
        endpoints: [
          {
            methods: 'POST',
            permission: 'edit_posts',
            args: { text: { type: 'string', required: true, minLength: 1 } },
            handler: async (request) => {
              log.push(`start ${String(request.params.text)}`);
              // Yield to the event loop so overlapping items would interleave their log lines.
              await new Promise((resolve) => setTimeout(resolve, 1));
              const note = { id: store.length + 1, text: String(request.params.text) };
              store.push(note);
              log.push(`end ${note.text}`);
              return note;
            },
          },
        ],
      },
      {
        path: '/notes/(?P<id>\\d+)',
        allowBatch: { v1: true },
        endpoints: [
          {
            methods: 'DELETE',
            permission: 'public',
            args: { id: { type: 'integer', minimum: 1 } },
            handler: (request) => {
              const index = store.findIndex((n) => n.id === request.params.id);
              if (index < 0) return { deleted: false };
              store.splice(index, 1);
              return { deleted: true };
            },
          },
        ],
      },
      {
        path: '/explode',
        allowBatch: { v1: true },
        endpoints: [
          {
            methods: 'POST',
            permission: 'public',
            handler: () => {
              throw new Error('storage password s3cr3t leaked into a message');
            },
          },
        ],
      },
    ],
  };
}

const ADMIN_PASSWORD = 'zWxa UNe4 MD0M rwwx TCBR YUsI';

async function server(store: Note[], extra: Partial<RestServerOptions> = {}, log?: string[]) {
  const users = await createUserStore({ users: [{ username: 'admin', roles: ['administrator'] }] });
  await users.createApplicationPassword('admin', { name: 'tests', password: ADMIN_PASSWORD });
  return createRestServer({ site: SITE, namespaces: [notesModule(store, log)], users, onError: () => {}, ...extra });
}

const asAdmin = { Authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` };

async function batch(rest: RestServer, body: unknown, headers: Record<string, string> = asAdmin) {
  const answer = await rest.handle({
    method: 'POST',
    url: '/wp-json/batch/v1',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: answer!.status, body: JSON.parse(answer!.body) as Record<string, unknown> };
}

type Item = { status: number; body: Record<string, unknown>; headers: unknown } | null;

describe('POST /batch/v1', () => {
  it('applies 25 writes in item order, each exactly once, all visible in storage afterwards', async () => {
    const store: Note[] = [];
    const log: string[] = [];
    const rest = await server(store, {}, log);
    const requests = Array.from({ length: 25 }, (_, i) => ({ path: '/notes/v1/notes', body: { text: `note ${i}` } }));
    const { status, body } = await batch(rest, { requests });
    expect(status).toBe(207);
    const responses = body.responses as Item[];
    expect(responses.map((r) => r!.status)).toEqual(Array(25).fill(200));
    expect(store.map((n) => n.text)).toEqual(requests.map((r) => r.body.text));
    expect(new Set(store.map((n) => n.id)).size).toBe(25);
    // One item finishes before the next starts: later items see earlier writes.
    expect(log).toEqual(requests.flatMap((r) => [`start ${r.body.text}`, `end ${r.body.text}`]));
  });

  it('runs items as the batch request’s signed-in user, and refuses them to anonymous callers', async () => {
    const store: Note[] = [];
    const rest = await server(store);
    const requests = [{ path: '/notes/v1/notes', body: { text: 'mine' } }];
    const signedIn = await batch(rest, { requests });
    expect((signedIn.body.responses as Item[])[0]!.status).toBe(200);
    const anonymous = await batch(rest, { requests }, {});
    expect((anonymous.body.responses as Item[])[0]).toMatchObject({ status: 401, body: { code: 'rest_forbidden' } });
    expect(store).toHaveLength(1);
  });

  it('runs nothing when one item fails validation under require-all-validate', async () => {
    const store: Note[] = [{ id: 1, text: 'kept' }];
    const rest = await server(store);
    const { status, body } = await batch(rest, {
      validation: 'require-all-validate',
      requests: [
        { path: '/notes/v1/notes', body: { text: 'would be written' } },
        { method: 'DELETE', path: '/notes/v1/notes/1' },
        { path: '/notes/v1/notes', body: { text: '' } },
      ],
    });
    expect(status).toBe(207);
    expect(body.failed).toBe('validation');
    const responses = body.responses as Item[];
    expect(responses[0]).toBeNull();
    expect(responses[1]).toBeNull();
    expect(responses[2]).toMatchObject({ status: 400, body: { code: 'rest_invalid_param' }, headers: [] });
    expect(store).toEqual([{ id: 1, text: 'kept' }]);
  });

  it('answers an unparseable item path with a 400 item error instead of failing the batch', async () => {
    const store: Note[] = [];
    const rest = await server(store);
    const requests = [
      { path: 'http:///notes/v1/notes', body: { text: 'a' } },
      { path: 'http://example.test:99999/notes/v1/notes', body: { text: 'b' } },
      { path: '/notes/v1/notes', body: { text: 'c' } },
    ];
    const normal = await batch(rest, { requests });
    expect(normal.status).toBe(207);
    const items = normal.body.responses as Item[];
    const parseError = { code: 'parse_path_failed', message: 'Could not parse the path.', data: { status: 400 } };
    expect(items[0]).toEqual({ status: 400, body: parseError, headers: [] });
    expect(items[1]).toEqual({ status: 400, body: parseError, headers: [] });
    expect(items[2]!.status).toBe(200);

    const strict = await batch(rest, { validation: 'require-all-validate', requests });
    expect(strict.body.failed).toBe('validation');
    expect(store.map((n) => n.text)).toEqual(['c']);
  });

  it('answers an item path longer than 2,048 characters with a 400 item, before matching it, and runs the other items', async () => {
    const store: Note[] = [];
    const rest = await server(store);
    const atLimit = `/notes/v1/notes?text=${'a'.repeat(2048 - '/notes/v1/notes?text='.length)}`;
    const requests = [
      { path: `${atLimit}b`, body: { text: 'too long' } },
      { path: '/notes/v1/notes' + '/x'.repeat(50_000) },
      { path: atLimit },
    ];
    const { status, body } = await batch(rest, { requests });
    expect(status).toBe(207);
    const items = body.responses as Item[];
    const tooLong = {
      code: 'rest_batch_path_too_long',
      message: 'The request path is longer than 2048 characters.',
      data: { status: 400 },
    };
    expect(items[0]).toEqual({ status: 400, body: tooLong, headers: [] });
    expect(items[1]).toEqual({ status: 400, body: tooLong, headers: [] });
    expect(items[2]).toMatchObject({ status: 200, body: { text: 'a'.repeat(2048 - '/notes/v1/notes?text='.length) } });

    const strict = await batch(rest, { validation: 'require-all-validate', requests });
    expect(strict.body).toMatchObject({ failed: 'validation', responses: [{ status: 400, body: tooLong }, { status: 400 }, null] });
    expect(store).toHaveLength(1);
  });

  it('takes only the path and query of an absolute item URL, as WordPress does', async () => {
    const store: Note[] = [];
    const rest = await server(store);
    const { body } = await batch(rest, { requests: [{ path: 'https://elsewhere.test/notes/v1/notes?text=from-query#frag' }] });
    expect((body.responses as Item[])[0]).toMatchObject({ status: 200, body: { text: 'from-query' } });
  });

  it('keeps going after an item whose handler throws, and says nothing of the exception', async () => {
    const store: Note[] = [];
    const rest = await server(store);
    const { body } = await batch(rest, {
      requests: [{ path: '/notes/v1/explode' }, { path: '/notes/v1/notes', body: { text: 'after' } }],
    });
    const items = body.responses as Item[];
    expect(items[0]).toMatchObject({ status: 500, body: { code: 'internal_server_error' } });
    expect(JSON.stringify(items[0])).not.toContain('s3cr3t');
    expect(items[1]!.status).toBe(200);
    expect(store).toHaveLength(1);
  });

  it('refuses more items than maxBatchSize for the whole batch, and lists the limit in the index', async () => {
    const rest = await server([], { maxBatchSize: 3 });
    const requests = Array.from({ length: 4 }, () => ({ path: '/notes/v1/notes', body: { text: 'x' } }));
    const { status, body } = await batch(rest, { requests });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'rest_invalid_param', data: { params: { requests: 'requests must contain at most 3 items.' } } });

    const index = JSON.parse((await rest.handle({ method: 'GET', url: '/wp-json/', headers: {} }))!.body);
    expect(index.routes['/batch/v1'].endpoints[0].args.requests.maxItems).toBe(3);
  });

  it('defaults to WordPress’s limit of 25 items', async () => {
    const rest = await server([]);
    const requests = Array.from({ length: 26 }, () => ({ path: '/notes/v1/notes', body: { text: 'x' } }));
    const { status, body } = await batch(rest, { requests });
    expect(status).toBe(400);
    expect(body).toMatchObject({ data: { params: { requests: 'requests must contain at most 25 items.' } } });
  });

  it('refuses a maxBatchSize that is not a positive integer when the server is created', () => {
    expect(() => createRestServer({ site: SITE, maxBatchSize: 0 })).toThrow(/maxBatchSize/);
    expect(() => createRestServer({ site: SITE, maxBatchSize: 2.5 })).toThrow(/maxBatchSize/);
  });

  it('takes allowBatch from a later registration of the same route, as WordPress merges route options', async () => {
    const rest = createRestServer({
      site: SITE,
      namespaces: [
        {
          namespace: 'split/v1',
          routes: [
            { path: '/things', endpoints: [{ methods: 'GET', handler: () => [] }] },
            {
              path: '/things',
              allowBatch: { v1: true },
              endpoints: [{ methods: 'POST', permission: 'public', handler: () => ({ made: true }) }],
            },
          ],
        },
      ],
    });
    const { body } = await batch(rest, { requests: [{ path: '/split/v1/things' }] }, {});
    expect((body.responses as Item[])[0]).toMatchObject({ status: 200, body: { made: true } });
  });

  it('answers a batch body that is not JSON with rest_invalid_json and runs nothing', async () => {
    const store: Note[] = [];
    const rest = await server(store);
    const answer = await rest.handle({
      method: 'POST',
      url: '/wp-json/batch/v1',
      headers: { 'Content-Type': 'application/json', ...asAdmin },
      body: '{"requests": [',
    });
    expect(answer!.status).toBe(400);
    expect(JSON.parse(answer!.body).code).toBe('rest_invalid_json');
    expect(store).toEqual([]);
  });
});
