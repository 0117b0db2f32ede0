// Preloaded (`--import`) into a server sample of the docs by test/docs-samples.test.ts: every
// listen moves to a free port, so a sample can say `.listen(8080)` as a reader would write it
// and still run beside anything else, and the first port bound is written to DOCS_SAMPLE_PORT_FILE.
import { writeFileSync } from 'node:fs';
import net from 'node:net';

const portFile = process.env.DOCS_SAMPLE_PORT_FILE;
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const [first] = args;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) args[0] = 0;
  else if (first !== null && typeof first === 'object' && 'port' in first) args[0] = { ...first, port: 0 };
  this.once('listening', () => {
    const address = this.address();
    if (!portFile || address === null || typeof address !== 'object') return;
    try {
      writeFileSync(portFile, `${address.port}\n`, { flag: 'wx' });
    } catch {
      // A second server of the same sample: the first one's port is the one asked.
    }
  });
  return listen.apply(this, args);
};
