// A Hono app on Node (@hono/node-server) handing the API's URLs to the fetch adapter, which
// works the same in Bun, Deno, Cloudflare Workers and Next.js route handlers. Variant A's
// namespaces keep their data in an in-memory site store, and one callback of the posts storage is
// wrapped: new posts also go to the app's own audit log (here: printed).
// Run it after `npm run build`:  node examples/hono.mjs   (PORT=… to change the port)
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createRestServer, memoryStore, postsStorageOn, variantA } from 'site-rest';
import { createFetchHandler } from 'site-rest/fetch';
import { editorUsers, shopNamespace, startupLines } from './shop.mjs';

const port = Number(process.env.PORT ?? 8084);
const base = `http://127.0.0.1:${port}`;
const store = memoryStore();
const posts = postsStorageOn(store);
const createPost = async (post, context) => {
  const created = await posts.createPost(post, context);
  console.log(`post ${created.id} "${created.title}" by user ${context.user?.id}`);
  return created;
};
const { users, password } = await editorUsers();
const rest = createRestServer({
  users,
  store,
  site: { name: 'Tea Shop', url: base },
  namespaces: [...variantA({ posts: { storage: { ...posts, createPost } } }), shopNamespace()],
});

const app = new Hono();
const api = createFetchHandler(rest, { fallback: () => new Response('<h1>Tea Shop</h1>', { headers: { 'Content-Type': 'text/html' } }) });
app.all('*', (c) => api(c.req.raw));
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => console.log(startupLines('Tea Shop (Hono)', base, rest, password)));
