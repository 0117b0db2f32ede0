// A Koa app serving variant B's namespaces with ?rest_route= links (the form of sites without
// pretty permalinks), after koa-bodyparser: the middleware reuses the raw body the parser kept.
// Contact-form mail goes through the app's own sendMail (here: printed); every other storage
// callback is the in-memory default. The app answers CORS itself (`cors: false` keeps site-rest
// from adding any CORS header): only its own front end, FRONTEND_ORIGIN, may call the API from a browser.
// Run it after `npm run build`:  node examples/koa.mjs   (PORT=… to change the port)
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { createRestServer, variantB } from 'site-rest';
import { createKoaMiddleware } from 'site-rest/koa';
import { editorUsers, shopNamespace, startupLines } from './shop.mjs';

const port = Number(process.env.PORT ?? 8083);
const base = `http://127.0.0.1:${port}`;
const sendMail = async (message) => {
  console.log(`mail to ${message.recipient}: ${message.subject}`);
  return true;
};
const frontend = process.env.FRONTEND_ORIGIN ?? 'http://localhost:5173';
const { users, password } = await editorUsers();
const rest = createRestServer({
  users,
  site: { name: 'Tea Shop', url: base },
  cors: false,
  routing: 'query',
  namespaces: [...variantB({ contactForms: { storage: { sendMail } } }), shopNamespace()],
});

const app = new Koa();
app.use(async (ctx, next) => {
  ctx.vary('Origin');
  if (ctx.get('Origin') === frontend) {
    ctx.set({
      'Access-Control-Allow-Origin': frontend,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    });
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      ctx.status = 204;
      return;
    }
  }
  await next();
});
app.use(bodyParser());
app.use(createKoaMiddleware(rest));
app.use((ctx) => {
  ctx.type = 'html';
  ctx.body = '<h1>Tea Shop</h1><p>The API lives at <a href="/index.php?rest_route=/">/index.php?rest_route=/</a>.</p>';
});
app.listen(port, '127.0.0.1', () => console.log(startupLines('Tea Shop (Koa)', base, rest, password)));
