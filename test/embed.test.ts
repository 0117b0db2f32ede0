import { describe, expect, it } from 'vitest';
import { createRestServer, RestError, RestResponse, type NamespaceModule, type RestServer, type RestUser } from '../src/index.js';
import { corePosts } from '../src/namespaces/core-posts/index.js';
import { seededPostsStorage } from './helpers/posts-storage.js';
import { capabilitiesOf } from '../src/core/auth/roles.js';
import { BASE, compareAnswer, loadRecordings, replay } from './helpers/peer.js';

const SITE = { name: 'Example Site', url: 'http://site.test' };
const API = `${SITE.url}/wp-json`;

function userWith(id: number, role: string): RestUser {
  const caps = capabilitiesOf([role]);
  return { id, username: role, can: (capability) => caps.has(capability) };
}

type Embedded = Record<string, unknown[]>;
interface Thing {
  id: number;
  _links?: Record<string, unknown>;
  _embedded?: Embedded;
}

/**
 * A namespace whose things link their owner (a person, embeddable), their tags (embeddable,
 * compacted to `wp:tag`) and a help page (not embeddable); `links` per thing can be replaced.
 * Every dispatch of a person is counted, with the context it was asked in.
 */
function thingsSite(
  options: { links?: (id: number) => Array<[string, string, Record<string, unknown>?]>; routing?: 'path' | 'query' } = {},
) {
  const asked: Array<{ id: number; context: unknown }> = [];
  let restUrl: (route: string, query?: Record<string, string | number>) => string = () => '';
  const linksOf =
    options.links ??
    ((id: number) => [
      ['owner', restUrl(`/things/v1/people/${id % 2 === 0 ? 2 : 1}`), { embeddable: true }],
      ['https://api.w.org/tag', restUrl('/things/v1/tags', { thing: id }), { embeddable: true }],
      ['help', 'https://example.org/help'],
    ]);
  const thing = (id: number): RestResponse => {
    const response = new RestResponse({ id, name: `thing ${id}` });
    for (const [rel, href, attributes] of linksOf(id)) response.link(rel, href, attributes);
    return response;
  };
  const things: NamespaceModule = {
    namespace: 'things/v1',
    routes: [
      {
        path: '/things',
        endpoints: [
          {
            methods: 'GET',
            permission: 'public',
            // Items of a collection carry their links in their data, as `prepare_response_for_collection` does.
            handler: () => [1, 2, 3].map((id) => ({ ...(thing(id).data as object), _links: compactOf(thing(id)) })),
          },
          { methods: 'POST', permission: 'public', allowBatch: { v1: true }, handler: () => thing(9) },
        ],
      },
      {
        path: '/things/(?P<id>\\d+)',
        endpoints: [{ methods: 'GET', permission: 'public', handler: (r) => thing(Number(r.urlParams.id)) }],
      },
      {
        path: '/people/(?P<id>\\d+)',
        endpoints: [
          {
            methods: 'GET',
            permission: 'public',
            handler: (request) => {
              const id = Number(request.urlParams.id);
              asked.push({ id, context: request.params.context });
              if (id > 500) return new RestError('person_missing', 'No such person.', { status: 404 });
              // A person links further things: embedded answers embed nothing more.
              return new RestResponse({ id, name: `person ${id}`, context: request.params.context }).link(
                'things',
                restUrl('/things/v1/things'),
                { embeddable: true },
              );
            },
          },
        ],
      },
      // Async, so embedding waits for some links and not for others.
      {
        path: '/tags',
        endpoints: [{ methods: 'GET', permission: 'public', handler: async (r) => [{ tag: `for ${String(r.params.thing)}` }] }],
      },
    ],
  };
  const server = createRestServer({ site: SITE, routing: options.routing, namespaces: [things], onError: () => {} });
  restUrl = server.restUrl;
  return { server, asked };
}

/** `_links` as a collection item carries them (what `response_to_data` shows for the response). */
function compactOf(response: RestResponse): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let curie = false;
  for (const [rel, links] of Object.entries(response.links)) {
    const name = rel.startsWith('https://api.w.org/') ? `wp:${rel.slice('https://api.w.org/'.length)}` : rel;
    curie ||= name !== rel;
    out[name] = links.map(({ href, ...attributes }) => ({ ...attributes, href }));
  }
  if (curie) out.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return out;
}

const person = (id: number) => ({
  id,
  name: `person ${id}`,
  context: 'embed',
  _links: { things: [{ embeddable: true, href: `${API}/things/v1/things` }] },
});

describe('_embed on a single item', () => {
  it('embeds each embeddable link as its context=embed answer, beside _links, one entry per link in order', async () => {
    const { server } = thingsSite();
    const answer = await server.inject<Thing>({ path: '/things/v1/things/1', query: { _embed: '' } });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.data)).toEqual(['id', 'name', '_links', '_embedded']);
    expect(answer.data._embedded).toEqual({ owner: [person(1)], 'wp:tag': [[{ tag: 'for 1' }]] });
  });

  it('embeds nothing and dispatches nothing without _embed', async () => {
    const { server, asked } = thingsSite();
    const answer = await server.inject<Thing>({ path: '/things/v1/things/1' });
    expect(answer.data._embedded).toBeUndefined();
    expect(answer.data._links).toBeDefined();
    expect(asked).toEqual([]);
  });

  it('treats _embed=1, true, 0 and an empty list as every relation, and _embed=a,b as those relations', async () => {
    const { server } = thingsSite();
    for (const value of ['1', 'true', '0', ',', ['owner', 'wp:tag']]) {
      const answer = await server.inject<Thing>({ path: '/things/v1/things/1', query: { _embed: value } });
      expect(Object.keys(answer.data._embedded!), String(value)).toEqual(['owner', 'wp:tag']);
    }
    const owner = await server.inject<Thing>({ path: '/things/v1/things/1', query: { _embed: 'owner' } });
    expect(Object.keys(owner.data._embedded!)).toEqual(['owner']);
    const tags = await server.inject<Thing>({ path: '/things/v1/things/1', query: { _embed: 'help, wp:tag' } });
    expect(Object.keys(tags.data._embedded!)).toEqual(['wp:tag']);
  });

  it('keeps a link that names its own context, and embeds only one level deep', async () => {
    const { server, asked } = thingsSite({ links: () => [['owner', `${API}/things/v1/people/1?context=view`, { embeddable: true }]] });
    const answer = await server.inject<Thing>({ path: '/things/v1/things/1', query: { _embed: 1 } });
    const [embedded] = answer.data._embedded!.owner as Array<Record<string, unknown>>;
    expect(embedded).toMatchObject({ context: 'view' });
    expect(embedded!._embedded).toBeUndefined();
    expect(asked).toEqual([{ id: 1, context: 'view' }]);
  });

  it('embeds the _envelope body with every relation, whatever _embed names', async () => {
    const { server } = thingsSite();
    const answer = await server.inject<{ body: Thing; status: number }>({
      path: '/things/v1/things/1',
      query: { _envelope: 1, _embed: 'owner' },
    });
    expect(answer.data.status).toBe(200);
    expect(Object.keys(answer.data.body._embedded!)).toEqual(['owner', 'wp:tag']);
  });

  it('dispatches nothing for HEAD', async () => {
    const { server, asked } = thingsSite();
    const answer = await server.inject({ method: 'HEAD', path: '/things/v1/things/1', query: { _embed: 1 } });
    expect(answer.status).toBe(200);
    expect(asked).toEqual([]);
  });

  it('embeds on ?rest_route= requests, and follows links a query-routed site advertises', async () => {
    const { server } = thingsSite({ routing: 'query' });
    const answer = (await server.handle({ method: 'GET', url: '/index.php?rest_route=/things/v1/things/1&_embed', headers: {} }))!;
    const body = JSON.parse(answer.body) as Thing;
    expect(body._links!.owner).toEqual([{ embeddable: true, href: `${SITE.url}/index.php?rest_route=/things/v1/people/1` }]);
    expect(body._embedded!.owner).toEqual([
      { ...person(1), _links: { things: [{ embeddable: true, href: `${SITE.url}/index.php?rest_route=/things/v1/things` }] } },
    ]);
  });
});

describe('_embed on a collection', () => {
  it("embeds each item's links, dispatching each distinct href once per request", async () => {
    const { server, asked } = thingsSite();
    const answer = await server.inject<Thing[]>({ path: '/things/v1/things', query: { _embed: 'owner' } });
    expect(answer.data.map((t) => t._embedded)).toEqual([{ owner: [person(1)] }, { owner: [person(2)] }, { owner: [person(1)] }]);
    expect(asked).toEqual([
      { id: 1, context: 'embed' },
      { id: 2, context: 'embed' },
    ]);
    // The cache lives for one request.
    await server.inject({ path: '/things/v1/things', query: { _embed: 'owner' } });
    expect(asked).toHaveLength(4);
  });

  it('dispatches at most 100 distinct links per request, answering rest_embed_limit for the rest', async () => {
    const links = (): Array<[string, string, Record<string, unknown>]> =>
      Array.from({ length: 130 }, (_, i) => ['owner', `${API}/things/v1/people/${i + 1}`, { embeddable: true }]);
    const { server, asked } = thingsSite({ links });
    const answer = await server.inject<Thing>({ path: '/things/v1/things/1', query: { _embed: 1 } });
    const owners = answer.data._embedded!.owner as Array<Record<string, unknown>>;
    expect(asked).toHaveLength(100);
    expect(owners).toHaveLength(130);
    expect(owners[99]).toMatchObject({ id: 100 });
    expect(owners[100]).toEqual({
      code: 'rest_embed_limit',
      message: 'Only the first 100 linked resources of an answer are embedded.',
      data: { status: 400, limit: 100 },
    });
  });
});

describe('what an embedded link answers', () => {
  it('embeds an error as its body, a missing route as rest_no_route, and leaves a link outside the API as []', async () => {
    const { server } = thingsSite({
      links: () => [
        ['owner', `${API}/things/v1/people/999`, { embeddable: true }],
        ['owner', 'https://elsewhere.example/wp-json/things/v1/people/1', { embeddable: true }],
        ['owner', `${API}/things/v1/people/2`],
        ['gone', `${API}/nowhere/v1/thing`, { embeddable: true }],
        ['outside', 'https://elsewhere.example/page', { embeddable: true }],
      ],
    });
    const answer = await server.inject<Thing>({ path: '/things/v1/things/1', query: { _embed: 1 } });
    expect(answer.data._embedded).toEqual({
      owner: [{ code: 'person_missing', message: 'No such person.', data: { status: 404 } }, [], []],
      gone: [{ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }],
    });
  });

  it('follows a link carrying rest_route on any host, as WordPress does', async () => {
    const { server } = thingsSite({
      links: () => [['owner', 'https://elsewhere.example/?rest_route=/things/v1/people/3', { embeddable: true }]],
    });
    const answer = await server.inject<Thing>({ path: '/things/v1/things/1', query: { _embed: 1 } });
    expect(answer.data._embedded!.owner).toEqual([person(3)]);
  });

  it('runs the embedded request as the caller: a draft is an error for anonymous users and the post for an editor', async () => {
    const storage = seededPostsStorage();
    let restUrl: (route: string) => string = () => '';
    const linker: NamespaceModule = {
      namespace: 'linker/v1',
      routes: [
        {
          path: '/note',
          endpoints: [
            {
              methods: 'GET',
              permission: 'public',
              handler: () => new RestResponse({ id: 1 }).link('draft', restUrl('/core/v2/posts/27'), { embeddable: true }),
            },
          ],
        },
      ],
    };
    const server: RestServer = createRestServer({ site: SITE, namespaces: [corePosts({ storage }), linker], onError: () => {} });
    restUrl = server.restUrl;
    for (const user of [null, userWith(3, 'editor')]) {
      const direct = await server.inject({ path: '/core/v2/posts/27', query: { context: 'embed' }, user });
      const embedded = await server.inject<Thing>({ path: '/linker/v1/note', query: { _embed: 1 }, user });
      expect(embedded.data._embedded!.draft).toEqual([direct.data]);
      expect(direct.status).toBe(user ? 200 : 401);
    }
  });
});

describe('_embed with _fields and batch', () => {
  it('filters _fields before embedding, as WordPress 6.1: a single item keeps its links and embeds every relation', async () => {
    const { server } = thingsSite();
    const answer = await server.inject<Thing>({ path: '/things/v1/things/1', query: { _embed: 1, _fields: 'id,_embedded.owner' } });
    expect(Object.keys(answer.data)).toEqual(['id', '_links', '_embedded']);
    expect(Object.keys(answer.data._embedded!)).toEqual(['owner', 'wp:tag']);
  });

  it('embeds nothing for collection items whose _links _fields filtered away (recording posts-embed-fields)', async () => {
    const { server, asked } = thingsSite();
    const answer = await server.inject<Thing[]>({ path: '/things/v1/things', query: { _embed: 1, _fields: 'id,_embedded.owner' } });
    expect(answer.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(asked).toEqual([]);
  });

  it('embeds nothing in batch answers, as serve_batch_request_v1 envelopes items without embedding', async () => {
    const { server, asked } = thingsSite();
    const answer = await server.inject<{ responses: Array<{ body: Thing }> }>({
      method: 'POST',
      path: '/batch/v1',
      query: { _embed: 1 },
      body: { requests: [{ path: '/things/v1/things?_embed=1' }] },
    });
    expect(answer.status).toBe(207);
    expect(answer.data.responses[0]!.body).toMatchObject({ id: 9, _links: { owner: [{ embeddable: true }] } });
    expect(answer.data.responses[0]!.body._embedded).toBeUndefined();
    expect(asked).toEqual([]);
  });
});

describe("WordPress's recorded _embed of a post", () => {
  it('answers posts-embed exactly, with stand-ins answering the recorded users, terms and comments', async () => {
    const recording = loadRecordings().find((r) => r.id === 'posts-embed')!;
    const recorded = JSON.parse(JSON.stringify(recording.body).split('{base}').join(BASE)) as Array<{ _embedded: Embedded }>;
    const { author, 'wp:term': terms } = recorded[0]!._embedded as { author: Array<Record<string, unknown>>; 'wp:term': unknown[][] };
    // Each stand-in answers what WordPress embedded for it, and only when asked with context=embed.
    const answering = (data: unknown) => (request: { params: Record<string, unknown> }) =>
      request.params.context === 'embed' ? data : new RestError('standin_context', 'Asked without context=embed.', { status: 400 });
    const standins: NamespaceModule = {
      namespace: 'wp/v2',
      routes: [
        { path: '/users/(?P<id>\\d+)', endpoints: [{ methods: 'GET', permission: 'public', handler: answering(author[0]) }] },
        { path: '/categories', endpoints: [{ methods: 'GET', permission: 'public', handler: answering(terms[0]) }] },
        { path: '/tags', endpoints: [{ methods: 'GET', permission: 'public', handler: answering(terms[1]) }] },
        { path: '/comments', endpoints: [{ methods: 'GET', permission: 'public', handler: answering([]) }] },
      ],
    };
    const server = createRestServer({
      site: { name: 'Example Site', url: BASE },
      namespaces: [corePosts({ namespace: 'wp/v2', storage: seededPostsStorage() }), standins],
      onError: () => {},
    });
    expect(compareAnswer(recording, await replay(server, recording))).toEqual([]);
  });
});
