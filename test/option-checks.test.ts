// Every public function taking an options object refuses a key it does not know, when it is
// called, with the nearest known key; and a size given as text is read as Express reads it (a
// request body over '1mb' answers 413 through every adapter) or refused, never taken as no limit.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createExpressMiddleware } from '../src/adapters/express.js';
import { createFetchHandler } from '../src/adapters/fetch.js';
import { createKoaMiddleware } from '../src/adapters/koa.js';
import {
  blocksuiteImagePicker,
  contactForms,
  contactFormsStorageOn,
  corePosts,
  createAuthenticator,
  createRestServer,
  hostToolkit,
  inProcessPageCache,
  loginGuard,
  memoryStore,
  modulesFromIndex,
  oembed,
  openMfaSession,
  pageCache,
  pageCacheRulesOn,
  postsStorageOn,
  seoA,
  theme,
  themeblocks,
  variantA,
  variantB,
} from '../src/index.js';
import { createNodeHandler, createUserStore, nodeImageDownload, nodeOembedFetch, smtpMail } from '../src/node.js';
import { pgliteStore, postgresStore } from '../src/store.js';
import { ADAPTER_NAMES, mountAdapter, type Mounted } from './helpers/adapters.js';

const site = { name: 'Options', url: 'http://options.test' };
const rest = createRestServer({
  site,
  namespaces: [
    {
      namespace: 'size/v1',
      routes: [
        {
          path: '/body',
          endpoints: [{ methods: ['POST'], permission: 'public', handler: (request) => ({ bytes: request.rawBody.length }) }],
        },
      ],
    },
  ],
});
const store = memoryStore();
const never = (() => undefined) as never;

/** Each factory called with a mistyped key, and what its refusal must say. */
const MISTYPED: ReadonlyArray<[string, () => unknown, string]> = [
  [
    'createRestServer',
    () => createRestServer({ site, onErrror: never } as never),
    'createRestServer options has unknown option "onErrror" (did you mean "onError"?)',
  ],
  [
    'createRestServer site',
    () => createRestServer({ site: { ...site, hom: site.url } } as never),
    'createRestServer options.site has unknown option "hom" (did you mean "home"?)',
  ],
  [
    'createRestServer loginLimiter',
    () => createRestServer({ site, loginLimiter: { allowedRetrys: 3 } } as never),
    'createRestServer options.loginLimiter has unknown option "allowedRetrys" (did you mean "allowedRetries"?)',
  ],
  [
    'createRestServer cors',
    () => createRestServer({ site, cors: { origins: ['https://a.test'], credential: true } } as never),
    'createRestServer options.cors has unknown option "credential" (did you mean "credentials"?)',
  ],
  ['corePosts', () => corePosts({ storag: {} } as never), 'corePosts options has unknown option "storag" (did you mean "storage"?)'],
  [
    'contactForms',
    () => contactForms({ adminEmial: 'a@b.test' } as never),
    'contactForms options has unknown option "adminEmial" (did you mean "adminEmail"?)',
  ],
  [
    'contactForms mailLimits',
    () => contactForms({ mailLimits: { maxBytes: 10 } } as never),
    'contactForms options.mailLimits has unknown option "maxBytes"; known options: timeoutMs',
  ],
  ['oembed', () => oembed({ timeoutMS: 100 } as never), 'oembed options has unknown option "timeoutMS" (did you mean "timeoutMs"?)'],
  ['themeblocks', () => themeblocks({ alowed: [] } as never), 'themeblocks options has unknown option "alowed" (did you mean "allowed"?)'],
  ['theme', () => theme({ layout: {} } as never), 'theme options has unknown option "layout" (did you mean "layouts"?)'],
  [
    'seoA',
    () => seoA({ renderPageLimit: {} } as never),
    'seoA options has unknown option "renderPageLimit" (did you mean "renderPageLimits"?)',
  ],
  [
    'seoA renderPageLimits',
    () => seoA({ renderPageLimits: { timeout: 5 } } as never),
    'seoA options.renderPageLimits has unknown option "timeout" (did you mean "timeoutMs"?)',
  ],
  [
    'loginGuard',
    () => loginGuard({ sendmail: never } as never),
    'loginGuard options has unknown option "sendmail" (did you mean "sendMail"?)',
  ],
  [
    'hostToolkit',
    () => hostToolkit({ hostpanel: {} } as never),
    'hostToolkit options has unknown option "hostpanel" (did you mean "hostPanel"?)',
  ],
  [
    'hostToolkit settingsLimits',
    () => hostToolkit({ settingsLimits: { maxKey: 3 } } as never),
    'hostToolkit options.settingsLimits has unknown option "maxKey" (did you mean "maxKeys"?)',
  ],
  [
    'pageCache',
    () => pageCache({ disablePreload: true } as never),
    'pageCache options has unknown option "disablePreload" (did you mean "disablePreloading"?)',
  ],
  ['variantA', () => variantA({ post: {} } as never), 'variantA options has unknown option "post" (did you mean "posts"?)'],
  [
    'variantB nested',
    () => variantB({ contactForms: { adminEmial: 'a@b.test' } } as never),
    'variantB options.contactForms has unknown option "adminEmial" (did you mean "adminEmail"?)',
  ],
  ['variantA posts', () => variantA({ posts: { namespace: 'core/v3' } } as never), 'variantA options.posts has unknown option "namespace"'],
  [
    'createNodeHandler',
    () => createNodeHandler(rest, { basepath: '/blog' } as never),
    'createNodeHandler options has unknown option "basepath" (did you mean "basePath"?)',
  ],
  [
    'createKoaMiddleware',
    () => createKoaMiddleware(rest, { trustedProxys: { hops: 1 } } as never),
    'createKoaMiddleware options has unknown option "trustedProxys" (did you mean "trustedProxies"?)',
  ],
  [
    'createExpressMiddleware',
    () => createExpressMiddleware(rest, { basepath: '/blog' } as never),
    `createExpressMiddleware options has unknown option "basepath" (Express gives the mount path: app.use('/blog', middleware))`,
  ],
  [
    'createKoaMiddleware',
    () => createKoaMiddleware(rest, { bodylimit: 10 } as never),
    'createKoaMiddleware options has unknown option "bodylimit" (did you mean "bodyLimit"?)',
  ],
  [
    'createFetchHandler',
    () => createFetchHandler(rest, { fallbak: never } as never),
    'createFetchHandler options has unknown option "fallbak" (did you mean "fallback"?)',
  ],
  [
    'createNodeHandler hold',
    () => createNodeHandler(Promise.resolve(rest), { hold: { maxRequest: 5 } } as never),
    'createNodeHandler options.hold has unknown option "maxRequest" (did you mean "maxRequests"?)',
  ],
  [
    'createFetchHandler hold, given a server',
    () => createFetchHandler(rest, { hold: { maxWait: 5 } } as never),
    'createFetchHandler options.hold has unknown option "maxWait" (did you mean "maxWaitMs"?)',
  ],
  [
    'createRestServer answerTimeoutMs',
    () => createRestServer({ site, answerTimeout: 5 } as never),
    'createRestServer options has unknown option "answerTimeout" (did you mean "answerTimeoutMs"?)',
  ],
  ['memoryStore', () => memoryStore({ clock: Date.now } as never), 'memoryStore options has unknown option "clock"; known options: now'],
  [
    'createUserStore',
    () => createUserStore({ user: [] } as never),
    'createUserStore options has unknown option "user" (did you mean "users"?)',
  ],
  [
    'createUserStore queue',
    () => createUserStore({ queue: { maxWaitng: 1 } } as never),
    'createUserStore options.queue has unknown option "maxWaitng" (did you mean "maxWaiting"?)',
  ],
  [
    'smtpMail',
    () => smtpMail('smtp://mail.options.test', { timeout: 10 } as never),
    'smtpMail options has unknown option "timeout" (did you mean "timeoutMs"?)',
  ],
  [
    'nodeOembedFetch',
    () => nodeOembedFetch({ allowPrivateAddress: true } as never),
    'nodeOembedFetch options has unknown option "allowPrivateAddress" (did you mean "allowPrivateAddresses"?)',
  ],
  [
    'nodeImageDownload',
    () => nodeImageDownload({ allowPrivate: true } as never),
    'nodeImageDownload options has unknown option "allowPrivate" (did you mean "allowPrivateAddresses"?)',
  ],
  [
    'blocksuiteImagePicker',
    () => blocksuiteImagePicker({ imageDownlaod: async () => null } as never),
    'blocksuiteImagePicker options has unknown option "imageDownlaod" (did you mean "imageDownload"?)',
  ],
  [
    'inProcessPageCache',
    () => inProcessPageCache(store, pageCacheRulesOn(store), { maxPage: 3 } as never),
    'inProcessPageCache options has unknown option "maxPage" (did you mean "maxPages"?)',
  ],
  [
    'createAuthenticator',
    () => createAuthenticator({ verifyApplicationPassword: never, loginLimter: false } as never),
    'createAuthenticator options has unknown option "loginLimter" (did you mean "loginLimiter"?)',
  ],
  [
    'modulesFromIndex',
    () => modulesFromIndex({}, { handler: never } as never),
    'modulesFromIndex options has unknown option "handler" (did you mean "handlerFor"?)',
  ],
  [
    'openMfaSession',
    () => openMfaSession(store, { userID: 1 } as never),
    'openMfaSession options has unknown option "userID" (did you mean "userId"?)',
  ],
  [
    'postsStorageOn',
    () => postsStorageOn(store, { clock: Date.now } as never),
    'postsStorageOn options has unknown option "clock"; known options: now',
  ],
  [
    'contactFormsStorageOn',
    () => contactFormsStorageOn(store, { maxSubmission: 3 } as never),
    'contactFormsStorageOn options has unknown option "maxSubmission" (did you mean "maxSubmissions"?)',
  ],
  [
    'pgliteStore',
    () => pgliteStore({ datadir: 'never-opened' } as never),
    'pgliteStore options has unknown option "datadir" (did you mean "dataDir"?)',
  ],
  [
    'postgresStore',
    () => postgresStore({ connectionstring: 'postgres://x' } as never),
    'postgresStore options has unknown option "connectionstring" (did you mean "connectionString"?)',
  ],
];

describe('an unknown option', () => {
  it.each(MISTYPED)('is refused by %s, naming the nearest known one', async (_name, call, message) => {
    let thrown: unknown;
    try {
      // An async factory (the stores, createUserStore) refuses through its promise, before any work.
      await call();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).message).toContain(`site-rest: ${message}`);
  });

  it('is refused when the factory is called, before any request', () => {
    expect(() => createNodeHandler(rest, { basepath: '/blog' } as never)).toThrow(TypeError);
    expect(() => corePosts({ storag: {} } as never)).toThrow(TypeError);
  });

  it('names every unknown key at once', () => {
    expect(() => corePosts({ storag: {}, clock: Date.now } as never)).toThrow(
      'site-rest: corePosts options has unknown options "storag" (did you mean "storage"?), "clock"; known options: storage, namespace, now, renderCacheSize',
    );
  });
});

describe('a size given as text', () => {
  it.each([
    ['lots', 'createNodeHandler', () => createNodeHandler(rest, { bodyLimit: 'lots' })],
    ['1 megabyte', 'createExpressMiddleware', () => createExpressMiddleware(rest, { bodyLimit: '1 megabyte' })],
    ['-1mb', 'createKoaMiddleware', () => createKoaMiddleware(rest, { bodyLimit: '-1mb' })],
    ['1.5', 'createFetchHandler', () => createFetchHandler(rest, { bodyLimit: '1.5' })],
    ['1mb ', 'inProcessPageCache', () => inProcessPageCache(store, pageCacheRulesOn(store), { maxPageBytes: '1mb ' })],
    ['2 MiB', 'smtpMail', () => smtpMail('smtp://mail.options.test', { maxBytes: '2 MiB' })],
    ['big', 'oembed', () => oembed({ maxBytes: 'big' })],
    ['', 'hostToolkit', () => hostToolkit({ panelLimits: { maxBytes: '' } })],
  ])('%j is refused by %s', (given, _name, call) => {
    expect(call).toThrow(`must be a number of bytes or a size such as '100kb', '1mb' or '1.5MB' (got ${JSON.stringify(given)})`);
  });

  it('refuses a number that is no size', () => {
    expect(() => createNodeHandler(rest, { bodyLimit: Number.NaN })).toThrow(
      'createNodeHandler options.bodyLimit must be a number of bytes',
    );
    expect(() => createNodeHandler(rest, { bodyLimit: -1 })).toThrow('createNodeHandler options.bodyLimit must be a number of bytes');
  });

  it('is read as bytes would read it where a size is kept in bytes', () => {
    expect(() => inProcessPageCache(store, pageCacheRulesOn(store), { maxPageBytes: '1kb', maxTotalBytes: '1.5MB' })).not.toThrow();
    // 0.5 bytes floored is 0, below the least a page cache may keep.
    expect(() => inProcessPageCache(store, pageCacheRulesOn(store), { maxPageBytes: '0.0004kb' })).toThrow(
      'maxPageBytes must be a number of at least 1',
    );
  });
});

/** POSTs `bytes` bytes to the size route and answers the status. */
function post(port: number, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path: '/wp-json/size/v1/body', headers: { 'Content-Type': 'text/plain' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    // The server may answer 413 and close before the whole body is written.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end(Buffer.alloc(bytes, 0x61));
  });
}

describe('a body limit given as text, through each adapter over a socket', () => {
  let mounted: Mounted | undefined;
  afterEach(async () => {
    await mounted?.close();
    mounted = undefined;
  });

  it.each(ADAPTER_NAMES)("'1mb' through %s takes a body of 1 MiB and answers 413 past it", async (adapter) => {
    mounted = await mountAdapter(adapter, rest, { bodyLimit: '1mb' });
    expect(await post(mounted.port, 1024 * 1024)).toBe(200);
    expect(await post(mounted.port, 1024 * 1024 + 1)).toBe(413);
  });

  it.each([
    ['100kb', 100 * 1024],
    ['1.5KB', 1536],
    ['2048', 2048],
    ['10 kb', 10 * 1024],
    ['700b', 700],
  ])('%j is %i bytes, as Express reads it', async (limit, bytes) => {
    mounted = await mountAdapter('node', rest, { bodyLimit: limit });
    expect(await post(mounted.port, bytes)).toBe(200);
    expect(await post(mounted.port, bytes + 1)).toBe(413);
  });
});
