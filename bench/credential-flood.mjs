// `node bench/credential-flood.mjs` (after `npm run build`): a legitimate client's Basic-auth
// latency, quiet and under a flood of bad credentials (50 requests/s) from one address and from
// many, passwords in the store's fast format. Issue 10 asks the flooded median to stay within 2× of
// the quiet one. Prints the medians and the ratios; exits 1 when a ratio is over 2.
import { randomBytes } from 'node:crypto';
import { createRestServer } from '../dist/index.js';
import { createUserStore } from '../dist/node.js';
import { median } from './stats.mjs';

const REAL_USERS = ['admin', 'author', 'subscriber'];
const ADMIN_PASSWORD = 'N2UoulvilEScAlNTzPFW2PTU';
const ADMIN_ADDRESS = '198.51.100.7';
const FLOOD_PER_SECOND = 50;

const whoami = {
  namespace: 'auth/v1',
  routes: [{ path: '/me', endpoints: [{ methods: 'GET', permission: 'public', handler: (_r, { user }) => ({ id: user?.id ?? 0 }) }] }],
};
const basic = (user, password) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const users = await createUserStore({ users: REAL_USERS.map((username) => ({ username, roles: ['administrator'] })) });
for (const username of REAL_USERS)
  await users.createApplicationPassword(username, { name: 'app', password: username === 'admin' ? ADMIN_PASSWORD : undefined });
const rest = createRestServer({ site: { name: 'Flood', url: 'http://flood.test' }, namespaces: [whoami], users, onError: () => {} });

async function latencies(tries, gapMs) {
  const times = [];
  for (let i = 0; i < tries; i++) {
    const started = performance.now();
    const answer = await rest.handle({
      method: 'GET',
      url: '/wp-json/auth/v1/me',
      headers: basic('admin', ADMIN_PASSWORD),
      remoteAddress: ADMIN_ADDRESS,
    });
    times.push(performance.now() - started);
    if (JSON.parse(answer.body).id !== 1) throw new Error(`the admin was not signed in: ${answer.body}`);
    await sleep(gapMs);
  }
  return times;
}

async function underFlood(address, during) {
  const started = performance.now();
  let sent = 0;
  const pending = [];
  const ticker = setInterval(() => {
    const due = Math.floor(((performance.now() - started) * FLOOD_PER_SECOND) / 1000);
    for (; sent < due; sent++) {
      const username = sent % 3 === 0 ? REAL_USERS[(sent / 3) % REAL_USERS.length] : `user-${randomBytes(4).toString('hex')}`;
      pending.push(
        rest.handle({
          method: 'GET',
          url: '/wp-json/auth/v1/me',
          headers: basic(username, randomBytes(12).toString('hex')),
          remoteAddress: address(),
        }),
      );
    }
  }, 5);
  try {
    return await during();
  } finally {
    clearInterval(ticker);
    await Promise.all(pending);
  }
}

await latencies(1, 0);
const before = await latencies(9, 30);
const fromOne = await underFlood(
  () => '203.0.113.9',
  () => latencies(15, 80),
);
const fromMany = await underFlood(
  () => `203.0.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
  () => latencies(25, 100),
);
const after = await latencies(9, 30);

const quiet = median([...before, ...after]);
const rows = [
  ['quiet', quiet],
  ['flooded from one address', median(fromOne)],
  ['flooded from many addresses', median(fromMany)],
];
console.log('| client | median ms | × quiet |\n|---|---:|---:|');
for (const [what, ms] of rows) console.log(`| ${what} | ${ms.toFixed(1)} | ${(ms / quiet).toFixed(2)} |`);
process.exitCode = rows.some(([, ms]) => ms > 2 * quiet) ? 1 : 0;
