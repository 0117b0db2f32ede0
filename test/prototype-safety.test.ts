// Keys a client chooses (`__proto__`, `constructor`, `prototype`, `toString`) are ordinary data
// everywhere request data becomes an object: they never become a prototype, never skip a check,
// and never reach Object.prototype.
import { afterEach, describe, expect, it } from 'vitest';
import { modulesFromIndex } from '../src/core/index/from-index.js';
import { createRestServer, type ArgSchema, type RestServer, type RouteDefinition } from '../src/index.js';
import { contactForms, seedContactForms } from '../src/namespaces/contact-forms/index.js';

const SITE = { name: 'Prototype Site', url: 'http://example.test' };
const JSON_TYPE = { 'Content-Type': 'application/json' };
const ROLE: ArgSchema = { type: 'string', enum: ['subscriber'] };

/** What a handler saw of an object param: its own keys, its prototype, and what `role` reads as. */
function describeObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { value };
  const proto = Object.getPrototypeOf(value) as unknown;
  return {
    keys: Object.keys(value),
    plainPrototype: proto === Object.prototype || proto === null || proto === Array.prototype,
    role: (value as Record<string, unknown>).role ?? null,
    own: value,
  };
}

/** A route whose POST and GET answer what their handlers see of the param `pick` reads, as a handler would read it. */
function probeRoute(path: string, args: Record<string, ArgSchema>, pick: (params: Record<string, unknown>) => unknown): RouteDefinition {
  const handler = (request: { params: Record<string, unknown> }) => describeObject(pick(request.params));
  return {
    path,
    allowBatch: { v1: true },
    endpoints: [
      { methods: 'POST', permission: 'public', args, handler },
      { methods: 'GET', args, handler: (request) => ({ get: true, ...describeObject(pick(request.params)) }) },
    ],
  };
}

const at =
  (...path: string[]) =>
  (params: Record<string, unknown>): unknown =>
    path.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], params);

function protoServer(): RestServer {
  const nested = (depth: number): ArgSchema =>
    depth === 0 ? { type: 'object', properties: { role: ROLE } } : { type: 'object', properties: { inner: nested(depth - 1) } };
  return createRestServer({
    site: SITE,
    onError: () => {},
    namespaces: [
      {
        namespace: 'proto/v1',
        routes: [
          probeRoute('/invite', { invite: { type: 'object', properties: { role: ROLE } } }, at('invite')),
          probeRoute('/deep', { a: nested(3) }, at('a', 'inner', 'inner', 'inner')),
          probeRoute('/closed', { o: { type: 'object', properties: { role: ROLE }, additionalProperties: false } }, at('o')),
          probeRoute('/counts', { counts: { type: 'object', additionalProperties: { type: 'integer', maximum: 5 } } }, at('counts')),
          probeRoute(
            '/named',
            {
              o: {
                type: 'object',
                required: ['constructor'],
                properties: {
                  constructor: { type: 'integer' },
                  toString: { type: 'string', enum: ['ok'] },
                  ['__proto__']: { type: 'integer', maximum: 5 },
                },
              },
            },
            at('o'),
          ),
          probeRoute(
            '/patterns',
            {
              o: {
                type: 'object',
                patternProperties: { '^_': { type: 'integer' }, '^x-': { type: 'string' } },
                additionalProperties: false,
              },
            },
            at('o'),
          ),
          probeRoute('/top', { role: ROLE }, (params) => params),
        ],
      },
    ],
  });
}

async function postJson(rest: RestServer, path: string, json: string) {
  return rest.inject({ method: 'POST', path, body: json, headers: JSON_TYPE });
}

/** Object.prototype stays clean whatever a test sent; a leak is undone so it fails only the test that caused it. */
afterEach(() => {
  const leaked = ['role', 'polluted', 'method', 'x', 'inner'].filter((name) => Object.hasOwn(Object.prototype, name));
  for (const name of leaked) delete (Object.prototype as Record<string, unknown>)[name];
  expect(leaked).toEqual([]);
});

describe('object args keep client keys as data', () => {
  it('a "__proto__" member of an object arg is an own key, not the prototype, so its members are not the object\'s', async () => {
    const answer = await postJson(protoServer(), '/proto/v1/invite', '{"invite": {"__proto__": {"role": "administrator"}}}');
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      keys: ['__proto__'],
      plainPrototype: true,
      role: null,
      own: { ['__proto__']: { role: 'administrator' } },
    });
    // The echo carries the key back as data.
    expect(answer.body).toContain('"__proto__":{"role":"administrator"}');
  });

  it('the declared member is still checked next to a "__proto__" key', async () => {
    const answer = await postJson(
      protoServer(),
      '/proto/v1/invite',
      '{"invite": {"__proto__": {"role": "subscriber"}, "role": "administrator"}}',
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { invite: 'invite[role] is not subscriber.' } } });
  });

  it('"__proto__" keys at every depth of nested object args stay data', async () => {
    const json =
      '{"a": {"__proto__": {"inner": {"inner": {"inner": {"role": "x"}}}}, "inner": {"__proto__": {"inner": {"role": "x"}}, "inner": {"inner": {"__proto__": {"role": "administrator"}}}}}}';
    const answer = await postJson(protoServer(), '/proto/v1/deep', json);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ keys: ['__proto__'], plainPrototype: true, role: null });
  });

  it('a checked member below a "__proto__" key is refused where it is declared', async () => {
    const answer = await postJson(
      protoServer(),
      '/proto/v1/deep',
      '{"a": {"inner": {"inner": {"inner": {"__proto__": {}, "role": "administrator"}}}}}',
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ data: { params: { a: 'a[inner][inner][inner][role] is not subscriber.' } } });
  });

  it('a top-level "__proto__" in a JSON body does not supply the params it holds', async () => {
    const answer = await postJson(protoServer(), '/proto/v1/top', '{"__proto__": {"role": "administrator"}}');
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ keys: ['__proto__'], plainPrototype: true, role: null });
  });

  it.each(['__proto__', 'constructor', 'prototype'])('additionalProperties: false refuses a "%s" key', async (key) => {
    const answer = await postJson(protoServer(), '/proto/v1/closed', `{"o": {"${key}": {"role": "administrator"}}}`);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'rest_invalid_param', data: { params: { o: `${key} is not a valid property of Object.` } } });
  });

  it('an additionalProperties schema checks and sanitizes a "__proto__" key like any other', async () => {
    const rest = protoServer();
    const refused = await postJson(rest, '/proto/v1/counts', '{"counts": {"__proto__": 9}}');
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ data: { params: { counts: 'counts[__proto__] must be less than or equal to 5' } } });
    const wrongType = await postJson(rest, '/proto/v1/counts', '{"counts": {"__proto__": {"role": "administrator"}}}');
    expect(wrongType.status).toBe(400);
    expect(wrongType.data).toMatchObject({ data: { params: { counts: 'counts[__proto__] is not of type integer.' } } });
    const accepted = await postJson(rest, '/proto/v1/counts', '{"counts": {"__proto__": "4", "constructor": "3", "prototype": 2}}');
    expect(accepted.data).toEqual({
      keys: ['__proto__', 'constructor', 'prototype'],
      plainPrototype: true,
      role: null,
      own: { ['__proto__']: 4, constructor: 3, prototype: 2 },
    });
  });

  it('properties named constructor, toString and __proto__ are checked as declared, never read from Object.prototype', async () => {
    const rest = protoServer();
    const missing = await postJson(rest, '/proto/v1/named', '{"o": {}}');
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ data: { params: { o: 'constructor is a required property of o.' } } });
    const badConstructor = await postJson(rest, '/proto/v1/named', '{"o": {"constructor": "abc"}}');
    expect(badConstructor.data).toMatchObject({ data: { params: { o: 'o[constructor] is not of type integer.' } } });
    const badToString = await postJson(rest, '/proto/v1/named', '{"o": {"constructor": 1, "toString": "no"}}');
    expect(badToString.data).toMatchObject({ data: { params: { o: 'o[toString] is not ok.' } } });
    const badProto = await postJson(rest, '/proto/v1/named', '{"o": {"constructor": 1, "__proto__": 6}}');
    expect(badProto.data).toMatchObject({ data: { params: { o: 'o[__proto__] must be less than or equal to 5' } } });
    const good = await postJson(rest, '/proto/v1/named', '{"o": {"constructor": "1", "toString": "ok", "__proto__": "5"}}');
    expect(good.status).toBe(200);
    expect(good.data).toMatchObject({ plainPrototype: true, own: { constructor: 1, toString: 'ok', ['__proto__']: 5 } });
  });

  it('patternProperties apply to a "__proto__" key, and additionalProperties: false refuses one no pattern covers', async () => {
    const rest = protoServer();
    const refused = await postJson(rest, '/proto/v1/patterns', '{"o": {"__proto__": "abc"}}');
    expect(refused.data).toMatchObject({ data: { params: { o: 'o[__proto__] is not of type integer.' } } });
    const accepted = await postJson(rest, '/proto/v1/patterns', '{"o": {"__proto__": "7", "x-a": "b"}}');
    expect(accepted.data).toMatchObject({ keys: ['__proto__', 'x-a'], plainPrototype: true, own: { ['__proto__']: 7, 'x-a': 'b' } });
    const closed = await postJson(rest, '/proto/v1/patterns', '{"o": {"constructor": {"prototype": {"polluted": 1}}}}');
    expect(closed.data).toMatchObject({ data: { params: { o: 'constructor is not a valid property of Object.' } } });
  });
});

describe('query strings and form bodies', () => {
  it('a[__proto__][role]=… in a query is data below a, not its prototype', async () => {
    const rest = protoServer();
    const answer = await rest.inject({
      path: '/proto/v1/invite?invite[__proto__][role]=administrator&invite[constructor][prototype][polluted]=1',
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ get: true, keys: ['__proto__', 'constructor'], plainPrototype: true, role: null });
    const control = await rest.inject({ path: '/proto/v1/invite?invite[role]=administrator' });
    expect(control.status).toBe(400);
  });

  it('a top-level __proto__ query var is a param of its own and never sets a global param', async () => {
    const rest = protoServer();
    const answer = await rest.inject({
      path: '/proto/v1/top?__proto__[role]=administrator&__proto__[_method]=POST&__proto__[_envelope]=1&__proto__[_fields]=keys',
    });
    expect(answer.status).toBe(200);
    // Still the GET endpoint, not enveloped, not cut down to `keys`.
    expect(answer.data).toMatchObject({ get: true, role: null, plainPrototype: true });
    expect((answer.data as { keys: string[] }).keys).toContain('__proto__');
  });

  it('a urlencoded body with invite[__proto__][role] is data', async () => {
    const answer = await protoServer().inject({
      method: 'POST',
      path: '/proto/v1/invite',
      body: 'invite[__proto__][role]=administrator',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      keys: ['__proto__'],
      plainPrototype: true,
      role: null,
      own: { ['__proto__']: { role: 'administrator' } },
    });
  });

  it('a multipart body with invite[__proto__][role] is data', async () => {
    const form = new FormData();
    form.append('invite[__proto__][role]', 'administrator');
    form.append('invite[constructor][prototype][polluted]', '1');
    const request = new Request('http://example.test/', { method: 'POST', body: form });
    const answer = await protoServer().inject({
      method: 'POST',
      path: '/proto/v1/invite',
      body: await request.text(),
      headers: { 'Content-Type': request.headers.get('content-type')! },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ keys: ['__proto__', 'constructor'], plainPrototype: true, role: null });
  });
});

describe('_fields', () => {
  it.each(['constructor.prototype.polluted', '__proto__.polluted', 'constructor.polluted', 'toString.polluted,valueOf.x'])(
    '_fields=%s filters the answer and pollutes nothing',
    async (fields) => {
      const answer = await protoServer().inject({ path: `/proto/v1/invite?_fields=${fields}` });
      expect(answer.status).toBe(200);
      expect(answer.data).toEqual({});
      expect(Object.hasOwn(Object, 'polluted')).toBe(false);
      expect(Object.hasOwn(Function.prototype, 'polluted')).toBe(false);
    },
  );

  it('_fields can pick a "__proto__" member of an answer as data', async () => {
    const answer = await protoServer().inject({ path: '/proto/v1/invite?invite[__proto__][role]=x&_fields=own.__proto__.role' });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"own":{"__proto__":{"role":"x"}}}');
  });
});

describe('batch items', () => {
  it('a "__proto__": {"method": "GET"} member does not pass the method enum: the item runs as its default POST', async () => {
    const answer = await postJson(
      protoServer(),
      '/batch/v1',
      '{"requests": [{"__proto__": {"method": "GET"}, "path": "/proto/v1/invite"}]}',
    );
    expect(answer.status).toBe(207);
    const [item] = (answer.data as { responses: Array<{ status: number; body: Record<string, unknown> }> }).responses;
    // The POST endpoint answered (the GET one adds `get: true`), and saw no `invite`.
    expect(item).toEqual({ status: 200, body: {}, headers: { Allow: 'POST, GET' } });
  });

  it('a method outside the enum is still refused', async () => {
    const answer = await postJson(protoServer(), '/batch/v1', '{"requests": [{"method": "GET", "path": "/proto/v1/invite"}]}');
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ code: 'rest_invalid_param' });
  });

  it('an item body with "__proto__" members is data, and its members are checked as the route declares', async () => {
    const rest = protoServer();
    const smuggled = await postJson(
      rest,
      '/batch/v1',
      '{"requests": [{"path": "/proto/v1/invite", "body": {"invite": {"__proto__": {"role": "administrator"}}}}]}',
    );
    expect(smuggled.data).toMatchObject({ responses: [{ status: 200, body: { keys: ['__proto__'], role: null, plainPrototype: true } }] });
    const topLevel = await postJson(
      rest,
      '/batch/v1',
      '{"requests": [{"path": "/proto/v1/top", "body": {"__proto__": {"role": "administrator"}}}]}',
    );
    expect(topLevel.data).toMatchObject({ responses: [{ status: 200, body: { role: null } }] });
    const checked = await postJson(
      rest,
      '/batch/v1',
      '{"requests": [{"path": "/proto/v1/invite", "body": {"invite": {"role": "administrator"}}}]}',
    );
    expect(checked.data).toMatchObject({ responses: [{ status: 400, body: { code: 'rest_invalid_param' } }] });
  });

  it('an item whose headers hold "__proto__" or "constructor" is answered normally', async () => {
    const answer = await postJson(
      protoServer(),
      '/batch/v1',
      '{"requests": [{"path": "/proto/v1/invite", "headers": {"__proto__": ["x-role", "administrator"], "constructor": "c"}, "body": {"invite": {"role": "subscriber"}}}]}',
    );
    expect(answer.data).toMatchObject({ responses: [{ status: 200, body: { role: 'subscriber' } }] });
  });
});

describe('namespaces', () => {
  it('a contact-form submission with "__proto__" fields supplies none of the form\'s fields', async () => {
    const rest = createRestServer({ site: SITE, onError: () => {}, namespaces: [contactForms()] });
    await seedContactForms(rest.store);
    const form = new FormData();
    for (const [name, value] of [
      ['your-name', 'N'],
      ['your-email', 'n@example.test'],
      ['your-subject', 'S'],
      ['your-message', 'M'],
    ]) {
      form.append(`__proto__[${name}]`, value!);
    }
    form.append('constructor[prototype][polluted]', '1');
    form.append('_wpcf7_unit_tag', 'wpcf7-f1-o1');
    const request = new Request('http://example.test/', { method: 'POST', body: form });
    const answer = await rest.inject({
      method: 'POST',
      path: '/contact-forms/v1/contact-forms/1/feedback',
      body: await request.text(),
      headers: { 'Content-Type': request.headers.get('content-type')! },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ status: 'validation_failed' });
  });

  it('a form choice written "&constructor;" is no entity in the form\'s validation schema', async () => {
    const rest = createRestServer({
      site: SITE,
      onError: () => {},
      namespaces: [contactForms()],
    });
    const editor = { id: 2, username: 'editor', can: (cap: string) => ['read', 'edit_posts', 'publish_pages'].includes(cap) };
    const created = await rest.inject({
      method: 'POST',
      path: '/contact-forms/v1/contact-forms',
      body: { title: 'Menu', form: '[select menu "&constructor;" "&amp;"]' },
      user: editor,
    });
    expect(created.status).toBe(200);
    const schema = await rest.inject({ path: `/contact-forms/v1/contact-forms/${(created.data as { id: number }).id}/feedback/schema` });
    expect(schema.data).toMatchObject({ rules: [{ rule: 'enum', field: 'menu', accept: ['&constructor;', '&'] }] });
  });

  it("a mail's [_raw_constructor] for a field left empty is empty, not Object.prototype.constructor", async () => {
    const outbox: string[] = [];
    const sendMail = async (mail: { body: string }) => (outbox.push(mail.body), true);
    const rest = createRestServer({ site: SITE, onError: () => {}, namespaces: [contactForms({ storage: { sendMail } })] });
    const editor = { id: 2, username: 'editor', can: (cap: string) => ['read', 'edit_posts', 'publish_pages'].includes(cap) };
    const form = {
      title: 'Raw',
      form: '[text constructor]',
      mail: { recipient: 'site@example.test', subject: 'S', body: 'raw:[_raw_constructor]:' },
    };
    const created = await rest.inject({ method: 'POST', path: '/contact-forms/v1/contact-forms', body: form, user: editor });
    const id = (created.data as { id: number }).id;
    const body = new FormData();
    body.append('_wpcf7_unit_tag', `wpcf7-f${id}-o1`);
    const request = new Request('http://example.test/', { method: 'POST', body });
    const answer = await rest.inject({
      method: 'POST',
      path: `/contact-forms/v1/contact-forms/${id}/feedback`,
      body: await request.text(),
      // CF7 takes a submission without a user agent for spam.
      headers: { 'Content-Type': request.headers.get('content-type')!, 'User-Agent': 'vitest' },
    });
    expect(answer.data).toMatchObject({ status: 'mail_sent' });
    expect(outbox).toEqual(['raw::']);
  });

  it('the mock\'s echo gives "__proto__", "constructor" and "prototype" keys back as data', async () => {
    const index = JSON.parse(
      '{"/echo/v1/things": {"namespace": "echo/v1", "endpoints": [{"methods": ["POST"], "args": {"thing": {"type": "object", "properties": {"role": {"type": "string", "enum": ["subscriber"]}}}}}]}}',
    ) as Parameters<typeof modulesFromIndex>[0];
    const rest = createRestServer({ site: SITE, onError: () => {}, namespaces: modulesFromIndex(index) });
    const answer = await postJson(
      rest,
      '/echo/v1/things',
      '{"thing": {"__proto__": {"role": "administrator"}, "constructor": 1, "prototype": {"role": 2}}}',
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"thing":{"__proto__":{"role":"administrator"},"constructor":1,"prototype":{"role":2}}');
  });
});
