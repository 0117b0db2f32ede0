// One plain-object test for every layer: `{…}`, `JSON.parse`'s objects and `Object.create(null)`
// are objects (PHP's associative arrays); a Date, a Map or a class instance is not, so `_fields`
// does not take one apart and the site store refuses to keep one.
import { describe, expect, it } from 'vitest';
import { createRestServer, memoryStore, type JsonValue } from '../src/index.js';

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

function server() {
  const bare = Object.assign(Object.create(null) as Record<string, unknown>, { kept: 1, dropped: 2 });
  return createRestServer({
    site: { name: 'Objects Site', url: 'http://objects.test' },
    onError: () => {},
    namespaces: [
      {
        namespace: 'objects/v1',
        routes: [
          {
            path: '/thing',
            endpoints: [{ methods: ['GET'], handler: () => ({ id: 7, when: new Date(0), bare, plain: { kept: 'a', dropped: 'b' } }) }],
          },
        ],
      },
    ],
  });
}

describe('the plain-object test', () => {
  it('lets _fields filter plain and null-prototype objects, and answers a Date whole, as JSON writes it', async () => {
    const answer = await server().inject({ path: '/objects/v1/thing', query: { _fields: 'when.kept,bare.kept,plain.kept' } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ when: '1970-01-01T00:00:00.000Z', bare: { kept: 1 }, plain: { kept: 'a' } });
  });

  it.each([
    ['a Date', new Date(0)],
    ['a Map', new Map([['x', 1]])],
    ['a class instance', new Point(1, 2)],
  ])('keeps the site store from storing %s as if it were JSON', async (_name, value) => {
    const store = memoryStore();
    await expect(store.options.set('shape', { inside: value } as unknown as JsonValue)).rejects.toMatchObject({ code: 'invalid_value' });
  });

  it('stores a null-prototype object as an ordinary JSON object', async () => {
    const store = memoryStore();
    await store.options.set('shape', Object.assign(Object.create(null) as Record<string, JsonValue>, { x: 1 }));
    expect(await store.options.get('shape')).toEqual({ x: 1 });
  });
});
