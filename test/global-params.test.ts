import createHttpError from 'http-errors';
import { describe, expect, it } from 'vitest';
import { createRestServer, RestResponse, type RawResponse } from '../src/index.js';

const BASE = 'http://example.test';
const posts = [
  { id: 1, title: { rendered: 'One', raw: 'one' }, status: 'publish' },
  { id: 2, title: { rendered: 'Two', raw: 'two' }, status: 'publish' },
];

const server = createRestServer({
  site: { name: 'Params Site', url: BASE },
  onError: () => {},
  authenticate: (request) => {
    if (request.headers.authorization === 'Bearer editor') return { id: 7, can: (cap) => cap === 'edit_posts' };
    if (request.headers.authorization === 'Bearer reader') return { id: 8, can: () => false };
    return null;
  },
  namespaces: [
    {
      namespace: 'demo/v1',
      routes: [
        {
          path: '/posts',
          endpoints: [
            {
              methods: 'GET',
              args: { page: { type: 'integer', default: 1, minimum: 1 } },
              handler: (request, context) =>
                new RestResponse(posts, 200, { 'X-WP-Total': 2, 'X-WP-TotalPages': 1 }).linkHeader(
                  'next',
                  context.restUrl('/demo/v1/posts', { page: Number(request.params.page) + 1 }),
                ),
            },
            { methods: 'POST', permission: 'edit_posts', handler: (request) => ({ created: request.params }) },
            { methods: 'DELETE', permission: 'edit_posts', handler: () => ({ deleted: true }) },
          ],
        },
        {
          path: '/teapot',
          endpoints: [
            {
              methods: 'GET',
              handler: () => {
                throw createHttpError(418, "I'm a teapot");
              },
            },
          ],
        },
        {
          path: '/hidden-failure',
          endpoints: [
            {
              methods: 'GET',
              handler: () => {
                throw createHttpError(503, 'db host 10.0.0.5 down');
              },
            },
          ],
        },
        { path: '/items/:id', endpoints: [{ methods: 'GET', handler: (request) => ({ id: request.params.id }) }] },
      ],
    },
  ],
});

async function call(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse & { json: unknown }> {
  const answer = (await server.handle({ method, url, headers, body }))!;
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    json = undefined;
  }
  return { ...answer, json };
}

describe('_fields', () => {
  it('keeps only the listed fields, nested ones with dots', async () => {
    const answer = await call('GET', '/wp-json/demo/v1/posts?_fields=id,title.rendered');
    expect(answer.json).toEqual([
      { id: 1, title: { rendered: 'One' } },
      { id: 2, title: { rendered: 'Two' } },
    ]);
  });

  it('accepts the array form', async () => {
    const answer = await call('GET', '/wp-json/demo/v1/posts?_fields[]=id&_fields[]=status');
    expect(answer.json).toEqual([
      { id: 1, status: 'publish' },
      { id: 2, status: 'publish' },
    ]);
  });

  it('keeps the root index _links', async () => {
    const answer = await call('GET', '/wp-json/?_fields=name');
    expect(answer.json).toEqual({ name: 'Params Site', _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] } });
  });
});

describe('_envelope', () => {
  it('answers 200 with {body, status, headers}, header numbers as integers', async () => {
    const answer = await call('GET', '/wp-json/demo/v1/posts?_envelope');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 200, headers: { 'X-WP-Total': 2, 'X-WP-TotalPages': 1, Allow: 'GET' } });
    expect((answer.json as { body: unknown[] }).body).toHaveLength(2);
  });

  it('wraps errors too', async () => {
    const answer = await call('GET', '/wp-json/demo/v1/nope?_envelope=1');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      body: { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } },
      status: 404,
      headers: [],
    });
  });
});

describe('_jsonp', () => {
  it('wraps the JSON in the callback, dots allowed', async () => {
    const answer = await call('GET', '/wp-json/demo/v1/items/3?_jsonp=my.cb');
    expect(answer.headers['Content-Type']).toBe('application/javascript; charset=UTF-8');
    expect(answer.body).toBe('/**/my.cb({"id":"3"})');
  });

  it('keeps the error status inside a callback', async () => {
    const answer = await call('GET', '/wp-json/demo/v1/nope?_jsonp=cb');
    expect(answer.status).toBe(404);
    expect(answer.body.startsWith('/**/cb({"code":"rest_no_route"')).toBe(true);
  });

  it('refuses a callback name with other characters, without data', async () => {
    const answer = await call('GET', '/wp-json/demo/v1/items/3?_jsonp=alert(1)');
    expect(answer.status).toBe(400);
    expect(answer.headers['Content-Type']).toBe('application/javascript; charset=UTF-8');
    expect(answer.json).toEqual({ code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.' });
  });

  it('is refused with 400 and no data on a server with jsonp off', async () => {
    const closed = createRestServer({ site: { name: 'No JSONP', url: BASE }, jsonp: false });
    const answer = (await closed.handle({ method: 'GET', url: '/wp-json/?_jsonp=cb', headers: {} }))!;
    expect(answer.status).toBe(400);
    expect(answer.headers['Content-Type']).toBe('application/javascript; charset=UTF-8');
    expect(JSON.parse(answer.body)).toEqual({ code: 'rest_callback_disabled', message: 'JSONP support is disabled on this site.' });
  });
});

describe('_method and X-HTTP-Method-Override', () => {
  it('turn a GET into a DELETE in any letter case', async () => {
    expect((await call('GET', '/wp-json/demo/v1/posts?_method=delete', { authorization: 'Bearer editor' })).json).toEqual({
      deleted: true,
    });
    expect(
      (await call('POST', '/wp-json/demo/v1/posts', { authorization: 'Bearer editor', 'x-http-method-override': 'DELETE' })).json,
    ).toEqual({
      deleted: true,
    });
  });

  it('turn a POST into a GET that lists', async () => {
    const answer = await call('POST', '/wp-json/demo/v1/posts?_method=GET');
    expect(answer.status).toBe(200);
    expect(answer.json).toHaveLength(2);
  });
});

describe('headers', () => {
  it("replaces the api.w.org Link with the response's own Link", async () => {
    const answer = await call('GET', '/wp-json/demo/v1/posts');
    expect(answer.headers.Link).toBe(`<${BASE}/wp-json/demo/v1/posts?page=2>; rel="next"`);
    expect(answer.headers['X-WP-Total']).toBe('2');
  });

  it('adds CORS headers for a request with Origin', async () => {
    const answer = await call('GET', '/wp-json/', { origin: 'https://app.example' });
    expect(answer.headers).toMatchObject({
      'Access-Control-Allow-Origin': 'https://app.example',
      'Access-Control-Allow-Methods': 'OPTIONS, GET, POST, PUT, PATCH, DELETE',
      'Access-Control-Allow-Credentials': 'true',
      Vary: 'Origin',
    });
  });

  it('lists in Allow only the methods the user may use', async () => {
    expect((await call('GET', '/wp-json/demo/v1/posts')).headers.Allow).toBe('GET');
    expect((await call('GET', '/wp-json/demo/v1/posts', { authorization: 'Bearer editor' })).headers.Allow).toBe('GET, POST, DELETE');
  });

  it('sends no-cache headers to signed-in users', async () => {
    const answer = await call('GET', '/wp-json/', { authorization: 'Bearer editor' });
    expect(answer.headers['Cache-Control']).toContain('no-store');
  });
});

describe('OPTIONS', () => {
  it("answers the route's descriptor", async () => {
    const answer = await call('OPTIONS', '/wp-json/demo/v1/posts');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ namespace: 'demo/v1', methods: ['GET', 'POST', 'DELETE'] });
    expect(answer.headers.Allow).toBe('GET');
  });

  it('answers [] for an unknown route', async () => {
    const answer = await call('OPTIONS', '/wp-json/demo/v1/unknown');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([]);
  });
});

describe('permissions', () => {
  it('answers 401 to anonymous and 403 to a signed-in user without the capability', async () => {
    const anonymous = await call('POST', '/wp-json/demo/v1/posts');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } });
    const reader = await call('POST', '/wp-json/demo/v1/posts', { authorization: 'Bearer reader' });
    expect(reader.status).toBe(403);
    expect(reader.json).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
  });
});

describe('http-errors thrown by handlers', () => {
  it('keep their status and, when exposed, their message', async () => {
    const answer = await call('GET', '/wp-json/demo/v1/teapot');
    expect(answer.status).toBe(418);
    expect(answer.json).toEqual({ code: 'rest_im_a_teapot', message: "I'm a teapot", data: { status: 418 } });
  });

  it('hide the message of a server error', async () => {
    const answer = await call('GET', '/wp-json/demo/v1/hidden-failure');
    expect(answer.status).toBe(503);
    expect(answer.body).not.toContain('10.0.0.5');
  });
});

describe('path-to-regexp style patterns', () => {
  it('match like the WordPress form the index shows', async () => {
    expect((await call('GET', '/wp-json/demo/v1/items/abc')).json).toEqual({ id: 'abc' });
    const index = (await call('GET', '/wp-json/demo/v1')).json as { routes: Record<string, unknown> };
    expect(Object.keys(index.routes)).toContain('/demo/v1/items/(?P<id>[^/]+)');
  });
});
