// The abilities as MCP tools (`coreAbilities({ mcp: true })`, `site-rest mcp`), driven by the
// official SDK's client as an MCP client would: over the fetch adapter in-process, over real
// sockets with the node, Express and Koa adapters, and over stdio with the CLI. Callers sign in
// with application passwords, as on REST.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import express from 'express';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExpressMiddleware } from '../src/adapters/express.js';
import { createFetchHandler } from '../src/adapters/fetch.js';
import { createKoaMiddleware } from '../src/adapters/koa.js';
import { coreAbilities, createRestServer, defineAbility, memoryStore, restError, type ErrorInfo, type RestServer } from '../src/index.js';
import { createNodeHandler, createUserStore } from '../src/node.js';

const ROOT = join(import.meta.dirname, '..');
const SITE = { name: 'MCP Site', url: 'https://mcp.example' };
const MCP_URL = new URL('https://mcp.example/wp-json/core-abilities/v1/mcp');
const PASSWORDS = { admin: 'Mcp1AdminPassw0rdXyZ7qLk2', subscriber: 'Mcp2SubscrPassw0rdRt5vWn9' };

/** Anyone may count words: what an anonymous client may see and run. */
const countWords = defineAbility({
  name: 'my-site/count-words',
  label: 'Count words',
  description: 'Counts the words of a text.',
  category: 'site',
  inputSchema: { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'], additionalProperties: false },
  outputSchema: { type: 'object', properties: { words: { type: 'integer' } }, required: ['words'] },
  permission: () => true,
  execute: (input) => ({ words: input.text.split(/\s+/).filter(Boolean).length }),
  meta: { annotations: { readonly: true, destructive: false, idempotent: true }, showInRest: true },
});

/** Signed-in users only, with an input and output that are no objects. */
const shout = defineAbility({
  name: 'my-site/shout',
  label: 'Shout',
  description: 'Repeats a word in capitals.',
  category: 'site',
  inputSchema: { type: 'string', format: 'hex-color' },
  outputSchema: { type: 'string' },
  permission: (_input, { user }) => user !== null,
  execute: (input) => input.toUpperCase(),
  meta: { annotations: { readonly: false }, showInRest: true },
});

/** Fails with a message that must never reach a client. */
const broken = defineAbility({
  name: 'my-site/broken',
  label: 'Broken',
  description: 'Throws.',
  category: 'site',
  permission: () => true,
  execute: () => {
    throw new Error('db password hunter2 leaked');
  },
  meta: { showInRest: true },
});

/** Registered but not shown in REST: never a tool. */
const hidden = defineAbility({
  name: 'my-site/hidden',
  label: 'Hidden',
  description: 'Not shown in REST.',
  category: 'site',
  permission: () => true,
  execute: () => 'hidden',
});

/** Refuses with an error of its own. */
const guarded = defineAbility({
  name: 'my-site/guarded',
  label: 'Guarded',
  description: 'Refuses with its own error.',
  category: 'site',
  permission: (_input, { user }) => (user?.can('manage_options') ? true : restError('my_site_no_entry', 'Only the owner may enter.', 403)),
  execute: () => ({}),
  meta: { showInRest: true },
});

interface Site {
  rest: RestServer;
  reports: Array<{ error: unknown; info: ErrorInfo }>;
}

/** A site serving the abilities over MCP, with an administrator and a subscriber who sign in with application passwords. */
async function mcpSite(mcp = true): Promise<Site> {
  const store = memoryStore();
  const users = await createUserStore({
    store,
    users: [
      { username: 'admin', roles: ['administrator'] },
      { username: 'subscriber', roles: ['subscriber'] },
    ],
  });
  for (const [login, password] of Object.entries(PASSWORDS)) await users.createApplicationPassword(login, { name: 'mcp tests', password });
  const reports: Site['reports'] = [];
  const rest = createRestServer({
    site: SITE,
    store,
    users,
    namespaces: [coreAbilities({ abilities: [countWords, shout, broken, hidden, guarded], mcp })],
    onError: (error, info) => reports.push({ error, info }),
  });
  return { rest, reports };
}

/** HTTP Basic credentials of a user, as an application password is sent. */
const basic = (login: keyof typeof PASSWORDS, password: string = PASSWORDS[login]) => ({
  Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
});

/** An SDK client connected to the site in-process through the fetch adapter, as `login` or anonymously. */
async function connect(rest: RestServer, login?: keyof typeof PASSWORDS): Promise<Client> {
  const handle = createFetchHandler(rest);
  const client = new Client({ name: 'tests', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(MCP_URL, {
      fetch: (url, init) => handle(new Request(url, init)),
      requestInit: { headers: login ? basic(login) : {} },
    }),
  );
  return client;
}

/** A tool's text, for the errors. */
const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as Array<{ text: string }>)[0]!.text;

describe('the abilities as MCP tools over Streamable HTTP', () => {
  let site: Site;
  beforeAll(async () => {
    site = await mcpSite();
  });

  it.each([
    [
      'an administrator',
      'admin',
      ['core_get-site-info', 'core_get-environment-info', 'my-site_count-words', 'my-site_shout', 'my-site_broken', 'my-site_guarded'],
    ],
    ['a subscriber', 'subscriber', ['my-site_count-words', 'my-site_shout', 'my-site_broken']],
    ['an anonymous client', undefined, ['my-site_count-words', 'my-site_broken']],
  ] as const)('lists to %s only the abilities shown in REST that they may run', async (_who, login, expected) => {
    const client = await connect(site.rest, login);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(expected);
    await client.close();
  });

  it("describes a tool with the ability's label, description, schemas and annotations as hints", async () => {
    const client = await connect(site.rest);
    const tool = (await client.listTools()).tools.find((t) => t.name === 'my-site_count-words');
    expect(tool).toEqual({
      name: 'my-site_count-words',
      title: 'Count words',
      description: 'Counts the words of a text.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', minLength: 1 } },
        required: ['text'],
        additionalProperties: false,
      },
      outputSchema: { type: 'object', properties: { words: { type: 'integer' } }, required: ['words'] },
      annotations: { title: 'Count words', readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    });
    await client.close();
  });

  it('runs a tool as the run route runs its ability, the result as structured content the client checks against the output schema', async () => {
    const client = await connect(site.rest, 'subscriber');
    const result = await client.callTool({ name: 'my-site_count-words', arguments: { text: 'one two three' } });
    const rest = await site.rest.inject({
      path: '/core-abilities/v1/abilities/my-site/count-words/run',
      query: { input: { text: 'one two three' } },
    });
    expect(result).toEqual({ content: [{ type: 'text', text: '{"words":3}' }], structuredContent: rest.data });
    await client.close();
  });

  it('wraps an input and an output that are no objects in `input` and `result`, and leaves out formats only WordPress knows', async () => {
    const client = await connect(site.rest, 'subscriber');
    const tool = (await client.listTools()).tools.find((t) => t.name === 'my-site_shout');
    expect([tool?.inputSchema, tool?.outputSchema]).toEqual([
      { type: 'object', properties: { input: { type: 'string' } }, required: ['input'] },
      { type: 'object', properties: { result: { type: 'string' } }, required: ['result'] },
    ]);
    const result = await client.callTool({ name: 'my-site_shout', arguments: { input: '#abcdef' } });
    expect(result.structuredContent).toEqual({ result: '#ABCDEF' });
    await client.close();
  });

  it('answers a refusal, invalid input and an unknown or hidden tool as tool errors carrying the REST message', async () => {
    const client = await connect(site.rest, 'subscriber');
    const invalid = await site.rest.inject({
      path: '/core-abilities/v1/abilities/my-site/count-words/run',
      query: { input: { text: '' } },
    });
    const cases = [
      [{ name: 'core_get-site-info', arguments: {} }, 'Sorry, you are not allowed to execute this ability.'],
      [{ name: 'my-site_guarded', arguments: {} }, 'Only the owner may enter.'],
      [{ name: 'my-site_count-words', arguments: { text: '' } }, (invalid.data as { message: string }).message],
      [{ name: 'my-site_nothing', arguments: {} }, 'Ability not found.'],
      [{ name: 'my-site_hidden', arguments: {} }, 'Ability not found.'],
      [{ name: 'my-site/count-words', arguments: {} }, 'Ability not found.'],
    ] as const;
    for (const [call, message] of cases) {
      const result = await client.callTool(call);
      expect([result.isError, textOf(result)]).toEqual([true, message]);
    }
    expect(invalid.status).toBe(400);
    await client.close();
  });

  it('validates input before the permission sees it, as REST does: an anonymous client is told its input is invalid', async () => {
    const client = await connect(site.rest);
    const result = await client.callTool({ name: 'my-site_shout', arguments: { input: 5 } });
    expect([result.isError, textOf(result)]).toEqual([
      true,
      'Ability "my-site/shout" has invalid input. Reason: input is not of type string.',
    ]);
    await client.close();
  });

  it("answers what an ability throws as WordPress's critical error, reports it, and never shows its text", async () => {
    const client = await connect(site.rest);
    const before = site.reports.length;
    const result = await client.callTool({ name: 'my-site_broken', arguments: {} });
    expect([result.isError, textOf(result)]).toEqual([true, 'There has been a critical error on this website.']);
    expect(JSON.stringify(result)).not.toContain('hunter2');
    expect(site.reports.slice(before).map((r) => (r.error as Error).message)).toEqual(['db password hunter2 leaked']);
    await client.close();
  });

  it('treats bad credentials as REST does: anonymous, marked X-Credentials-Rejected, shown only what anonymous may run', async () => {
    const answer = await createFetchHandler(site.rest)(
      new Request(MCP_URL, {
        method: 'POST',
        headers: {
          ...basic('admin', 'Wr0ngPassw0rdWr0ngPassw0'),
          Accept: 'application/json, text/event-stream',
          'Content-Type': 'application/json',
          'MCP-Protocol-Version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    expect([answer.status, answer.headers.has('X-Credentials-Rejected')]).toEqual([200, true]);
    const { result } = (await answer.json()) as { result: { tools: Array<{ name: string }> } };
    expect(result.tools.map((tool) => tool.name)).toEqual(['my-site_count-words', 'my-site_broken']);
  });

  it.each(['GET', 'DELETE'])('answers %s 405: no event stream and no session to end', async (method) => {
    const answer = await site.rest.inject({ method, path: '/core-abilities/v1/mcp', headers: { Accept: 'text/event-stream' } });
    expect(answer.status).toBe(405);
    expect(answer.data).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  });

  it('is served only when asked for, and never listed in the index', async () => {
    const off = await mcpSite(false);
    const answer = await off.rest.inject({ method: 'POST', path: '/core-abilities/v1/mcp', body: {} });
    expect([answer.status, (answer.data as { code: string }).code]).toEqual([404, 'rest_no_route']);
    const index = await site.rest.inject({ path: '/core-abilities/v1' });
    expect(Object.keys((index.data as { routes: object }).routes)).not.toContain('/core-abilities/v1/mcp');
  });
});

describe('the MCP endpoint on every adapter, over a real socket', () => {
  let site: Site;
  const servers: Server[] = [];
  beforeAll(async () => {
    site = await mcpSite();
  });
  afterAll(() => {
    for (const server of servers) server.close();
  });

  const adapters = {
    node: (rest: RestServer) => createServer(createNodeHandler(rest)),
    express: (rest: RestServer) => createServer(express().use(createExpressMiddleware(rest))),
    koa: (rest: RestServer) => {
      // Koa's callback settles every request itself (errors go to ctx.onerror), so its promise is left alone.
      const handle = new Koa().use(createKoaMiddleware(rest)).callback();
      return createServer((req, res) => void handle(req, res));
    },
  };

  it.each(Object.keys(adapters) as Array<keyof typeof adapters>)(
    'lists and calls tools as the administrator through %s, at both URL forms',
    async (name) => {
      const server = adapters[name](site.rest).listen(0, '127.0.0.1');
      servers.push(server);
      await once(server, 'listening');
      const { port } = server.address() as { port: number };
      for (const url of [
        `http://127.0.0.1:${port}/wp-json/core-abilities/v1/mcp`,
        `http://127.0.0.1:${port}/?rest_route=/core-abilities/v1/mcp`,
      ]) {
        const client = new Client({ name: 'tests', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: basic('admin') } }));
        expect((await client.listTools()).tools).toHaveLength(6);
        const info = await client.callTool({ name: 'core_get-site-info', arguments: { fields: ['name'] } });
        expect(info.structuredContent).toEqual({ name: 'MCP Site' });
        await client.close();
      }
    },
  );
});

describe('site-rest mcp: the abilities over stdio, signed in as a named user', () => {
  /** An SDK client of `site-rest mcp` run with `args`. */
  async function stdioClient(args: string[]): Promise<Client> {
    const client = new Client({ name: 'tests', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [join(ROOT, 'dist', 'cli.js'), 'mcp', ...args], stderr: 'pipe' }),
    );
    return client;
  }

  it("lists and runs the site's abilities as the user's roles allow", async () => {
    const admin = await stdioClient(['--user', 'admin', '--memory']);
    expect((await admin.listTools()).tools.map((tool) => tool.name)).toEqual(['core_get-site-info', 'core_get-environment-info']);
    const environment = await admin.callTool({ name: 'core_get-environment-info', arguments: {} });
    expect(environment.structuredContent).toMatchObject({ environment: 'production', db_server_info: 'memory', wp_version: '6.9' });
    await admin.close();
    const subscriber = await stdioClient(['--user', 'subscriber', '--memory']);
    expect((await subscriber.listTools()).tools).toEqual([]);
    const refused = await subscriber.callTool({ name: 'core_get-site-info', arguments: {} });
    expect([refused.isError, textOf(refused)]).toEqual([true, 'Sorry, you are not allowed to execute this ability.']);
    await subscriber.close();
  });

  it('refuses a user the site does not have, exiting 2 with a message on stderr', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'mcp', '--user', 'nobody', '--memory'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(2);
    expect(stderr).toContain('--user names no user of this site: "nobody"');
  });
});
