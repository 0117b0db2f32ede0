// Runs under test/helpers/no-node-loader.mjs: builds a site from the root entry and the fetch
// adapter alone, answers a few requests through them, and prints what it got as JSON.
const { createRestServer, variantA, variantB, memoryStore, samplePosts, seedPosts } = await import('../../dist/index.js');
const { createFetchHandler } = await import('../../dist/adapters/fetch.js');

const answers = {};
for (const [variant, modules] of Object.entries({
  A: variantA(),
  B: variantB(),
})) {
  const store = memoryStore();
  if (variant === 'A') await seedPosts(store, samplePosts());
  const rest = createRestServer({ site: { name: 'Edge', url: 'https://edge.example' }, store, namespaces: modules, onError: () => {} });
  const api = createFetchHandler(rest);
  for (const path of ['/wp-json/', '/wp-json/core/v2/posts?per_page=2&_fields=id', '/wp-json/oembed/1.0/proxy?url=https://example.org/']) {
    const response = await api(new Request(`https://edge.example${path}`));
    const text = await response.text();
    answers[`${variant} ${path}`] = {
      status: response.status,
      total: response.headers.get('x-wp-total'),
      body: text.slice(0, 200),
    };
  }
}
// Basic credentials are decoded without Buffer; a wrong password leaves the request anonymous.
const signedIn = await createFetchHandler(
  createRestServer({ site: { name: 'Edge', url: 'https://edge.example' }, namespaces: variantA(), onError: () => {} }),
)(
  new Request('https://edge.example/wp-json/core/v2/posts?status=draft', {
    headers: { Authorization: `Basic ${btoa('ada:not the password')}` },
  }),
);
answers['A basic'] = { status: signedIn.status, body: (await signedIn.text()).slice(0, 200) };
// An answer past the single-write size goes out as a pull stream, its length counted in UTF-8 bytes.
const big = await createFetchHandler(
  createRestServer({
    site: { name: 'Edge', url: 'https://edge.example' },
    namespaces: [
      { namespace: 'big/v1', routes: [{ path: '/text', endpoints: [{ methods: ['GET'], handler: () => 'é'.repeat(60_000) }] }] },
    ],
  }),
)(new Request('https://edge.example/wp-json/big/v1/text'));
const bigBytes = new Uint8Array(await big.arrayBuffer());
answers['big'] = {
  status: big.status,
  length: Number(big.headers.get('content-length')),
  bytes: bigBytes.length,
  body: new TextDecoder().decode(bigBytes.subarray(0, 7)),
};
process.stdout.write(JSON.stringify(answers));
