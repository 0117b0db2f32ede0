// A node:http site that registers an ability of its own, a search of its published posts, and
// serves it over REST (`core-abilities/v1`) and as an MCP tool (Streamable HTTP at
// `core-abilities/v1/mcp`), signed in with application passwords as every request is. Needs
// `@modelcontextprotocol/sdk` installed for the MCP endpoint.
// Run it after `npm run build`:  node examples/abilities-mcp.mjs   (PORT=… to change the port)
import { createServer } from 'node:http';
import { coreAbilities, corePosts, createRestServer, defineAbility, memoryStore, samplePosts, seedPosts } from 'site-rest';
import { createNodeHandler, createUserStore } from 'site-rest/node';

const port = Number(process.env.PORT ?? 8083);
const base = `http://127.0.0.1:${port}`;

/** Published posts whose title, excerpt or content hold every word of `query`: what an agent reads before it writes. */
const searchPosts = defineAbility({
  name: 'my-site/search-posts',
  label: 'Search posts',
  description: 'Finds published posts by words in their title, excerpt or content; answers their ids, titles and links.',
  category: 'site',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, maxLength: 200, description: 'Words every post found holds.' },
      limit: { type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'Most posts answered.' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      total: { type: 'integer' },
      posts: {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: { type: 'integer' }, title: { type: 'string' }, link: { type: 'string' } },
          required: ['id', 'title', 'link'],
        },
      },
    },
    required: ['total', 'posts'],
  },
  // Anyone who may read the site, signed in or not, as its posts are public.
  permission: () => true,
  execute: async ({ query, limit = 5 }, { store, site }) => {
    const found = await store.posts.query({ type: ['post'], status: ['publish'], search: query, limit });
    return {
      total: found.total,
      posts: found.posts.map((post) => ({ id: post.ID, title: post.post_title, link: `${site.home}/?p=${post.ID}` })),
    };
  },
  meta: { annotations: { readonly: true, destructive: false, idempotent: true }, showInRest: true },
});

const store = memoryStore();
await seedPosts(store, samplePosts());
const users = await createUserStore({ store, users: [{ username: 'editor', roles: ['editor'] }] });
const { password } = await users.createApplicationPassword('editor', { name: 'example', password: process.env.EDITOR_APP_PASSWORD });
const rest = createRestServer({
  site: { name: 'Field Notes', url: base },
  store,
  users,
  namespaces: [corePosts(), coreAbilities({ abilities: [searchPosts], mcp: true })],
});

const server = createServer(createNodeHandler(rest));
await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
console.log(
  [
    `Field Notes (abilities over REST and MCP) on ${base}/`,
    `REST: curl -g '${rest.restUrl('/core-abilities/v1/abilities/my-site/search-posts/run')}?input[query]=alpha'`,
    `MCP:  ${rest.restUrl('/core-abilities/v1/mcp')} (Streamable HTTP; sign in as editor:${password} for the editor's tools)`,
  ].join('\n'),
);
