// Which request fields `site-rest mock`'s echo (modulesFromIndex's default handler) redacts: the
// names in test/fixtures/credential-names.json on both sides of the rule, and every depth.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRestServer, modulesFromIndex } from '../src/index.js';
import { FIXTURES } from './helpers/peer.js';

const NAMES = JSON.parse(readFileSync(join(FIXTURES, 'credential-names.json'), 'utf8')) as { credential: string[]; kept: string[] };

const mockServer = createRestServer({
  site: { name: 'Mock', url: 'http://mock.test' },
  namespaces: modulesFromIndex({ '/probe/v1/echo': { namespace: 'probe/v1', endpoints: [{ methods: ['GET', 'POST'], args: {} }] } }),
});

async function echoed(body: unknown): Promise<{ params: Record<string, unknown>; text: string }> {
  const answer = await mockServer.inject({ method: 'POST', path: '/probe/v1/echo', body });
  expect(answer.status).toBe(200);
  return { params: (answer.data as { params: Record<string, unknown> }).params, text: answer.body };
}

describe("the mock's echo redacts credentials by the words of their names", () => {
  it.each(NAMES.credential)('redacts %s', async (name) => {
    const { params, text } = await echoed({ [name]: 'hunter2-value', nested: { [name]: 'hunter2-value' } });
    expect(params[name]).toBe('[redacted]');
    expect(text).not.toContain('hunter2');
  });

  it.each(NAMES.kept)('echoes %s', async (name) => {
    const { params } = await echoed({ [name]: 'plain value' });
    expect(params[name]).toBe('plain value');
  });

  it('redacts at any depth: inside objects, lists of objects, and a whole credential-named object', async () => {
    const { params, text } = await echoed({
      profile: { name: 'Ana', login: { password: 'p-1', hint: 'pet' } },
      users: [
        { name: 'Ana', clientSecret: 's-2' },
        { name: 'Bo', tokens: ['t-3', 't-4'] },
      ],
      auth: { username: 'ana', password: 'p-5' },
    });
    expect(params).toEqual({
      profile: { name: 'Ana', login: { password: '[redacted]', hint: 'pet' } },
      users: [
        { name: 'Ana', clientSecret: '[redacted]' },
        { name: 'Bo', tokens: '[redacted]' },
      ],
      auth: '[redacted]',
    });
    expect(text).not.toMatch(/p-1|s-2|t-3|t-4|p-5/);
  });

  it('redacts PHP-style nested query fields such as auth[password]', async () => {
    const answer = await mockServer.inject({ path: '/probe/v1/echo?auth[password]=p-6&user[pass]=p-7&user[name]=ana' });
    expect((answer.data as { params: unknown }).params).toEqual({ auth: '[redacted]', user: { pass: '[redacted]', name: 'ana' } });
  });

  it('keeps a __proto__ key as an own key of the copy, its members redacted like any others', async () => {
    const { params, text } = await echoed(JSON.parse('{"meta": {"__proto__": {"password": "p-8", "role": "admin"}, "ok": 1}}'));
    const meta = params.meta as Record<string, unknown>;
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect(Object.hasOwn(meta, '__proto__')).toBe(true);
    expect(text).toContain('"__proto__":{"password":"[redacted]","role":"admin"}');
    expect(text).not.toContain('p-8');
  });
});
