// CPU time per request of site-rest's node:http adapter, through Node's own HTTP parser and response
// writer, over an in-memory socket: the peer bench's four requests (bench/peer-core.mjs) without the
// kernel, the load generator or the other core, which on a shared machine move wrk's figures by tens
// of percent from one round to the next. Beside it, the same answers (status, headers, body) written
// by a bare `node:http` handler with no routing, validation or encoding: what Node itself costs for
// WordPress's headers. `node bench/socket-cpu.mjs [--runs 3] [--requests 60000] [--project <built
// checkout>]` (after `npm run build`); each run in a fresh process per server and request, pinned
// to CPU 1 where `taskset` is there; the minimum of the runs is reported, as the one least disturbed.
import http from 'node:http';
import { Duplex } from 'node:stream';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMain, optionIn, runPinnedJsonChild } from './child.mjs';
import { PEER_WORKLOADS } from './peer-core.mjs';

/** A socket that answers every response by writing the request again, and counts what it is sent. */
class LoopSocket extends Duplex {
  constructor(request, onAnswered) {
    super({ decodeStrings: false });
    this.request = request;
    this.onAnswered = onAnswered;
    this.remoteAddress = '127.0.0.1';
    this.remotePort = 40000;
  }
  _read() {}
  _write(chunk, encoding, done) {
    this.answered(chunk.length, done);
  }
  _writev(chunks, done) {
    this.answered(
      chunks.reduce((n, { chunk }) => n + chunk.length, 0),
      done,
    );
  }
  answered(bytes, done) {
    done();
    // An empty write is the end of a response Node sends after its body.
    if (bytes > 0) this.onAnswered(bytes);
  }
  setNoDelay() {}
  setKeepAlive() {}
  setTimeout() {
    return this;
  }
}

/** CPU µs per request of `handler` answering `path` (with `headers`, lines of `Name: value\r\n`) `count` times after as many warm-up requests. */
export async function cpuPerRequest(handler, path, count, headers = '') {
  const server = http.createServer(handler);
  const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:18402\r\n${headers}\r\n`);
  let left = 0;
  let bytes = 0;
  let finished = () => {};
  const socket = new LoopSocket(request, (n) => {
    bytes = n;
    // The next request once this one's answer is out, as a keep-alive client sends it.
    if (--left > 0) setImmediate(() => socket.push(request));
    else finished();
  });
  server.emit('connection', socket);
  const pass = (n) =>
    new Promise((done) => {
      left = n;
      finished = done;
      socket.push(request);
    });
  await pass(count);
  const before = process.cpuUsage();
  await pass(count);
  const spent = process.cpuUsage(before);
  socket.destroy();
  return { us: (spent.user + spent.system) / count, bytes };
}

/** The handler of `server` (`site-rest`, or `same answer`) on the build in `project`. */
async function handlerOf(server, project, path) {
  const lib = await import(pathToFileURL(resolve(project, 'dist', 'index.js')).href);
  const { createNodeHandler } = await import(pathToFileURL(resolve(project, 'dist', 'adapters', 'node.js')).href);
  const { peerRestServer } = await import('./peer-core.mjs');
  const rest = peerRestServer(lib);
  if (server === 'site-rest') return createNodeHandler(rest);
  // The answer site-rest gives, written as it is: Node's share of answering as WordPress does.
  const answer = await rest.handle({ method: 'GET', url: path, headers: { host: '127.0.0.1:18402' } });
  const head = Object.entries(answer.headers).flatMap(([name, value]) => [name, value]);
  head.push('Content-Length', String(Buffer.byteLength(answer.body)));
  return (req, res) => {
    res.writeHead(answer.status, head);
    res.end(answer.body);
  };
}

const SERVERS = ['same answer', 'site-rest'];

/** Every server and request, `runs` fresh processes each: the least µs per request, and the answer's size. */
export function measureSocketCpu({ runs = 3, requests = 60_000, project = fileURLToPath(new URL('..', import.meta.url)) } = {}) {
  const rows = [];
  for (const workload of PEER_WORKLOADS) {
    for (const server of SERVERS) {
      const args = ['--one', server, workload.path, String(requests), project];
      const samples = [];
      for (let run = 0; run < runs; run++) samples.push(runPinnedJsonChild(new URL(import.meta.url), args));
      rows.push({
        workload: workload.id,
        server,
        us: Math.min(...samples.map((s) => s.us)),
        runs: samples.map((s) => s.us),
        bytes: samples[0].bytes,
      });
    }
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => optionIn(args, name, fallback);
  if (args[0] === '--one') {
    const [, server, path, count, project] = args;
    console.log(JSON.stringify(await cpuPerRequest(await handlerOf(server, project, path), path, Number(count))));
  } else {
    const rows = measureSocketCpu({
      runs: Number(option('runs', 3)),
      requests: Number(option('requests', 60_000)),
      project: resolve(option('project', fileURLToPath(new URL('..', import.meta.url)))),
    });
    console.log('| request | server | CPU µs/request (least of runs) | each run | bytes answered |\n|---|---|--:|---|--:|');
    for (const r of rows)
      console.log(`| ${r.workload} | ${r.server} | ${r.us.toFixed(2)} | ${r.runs.map((u) => u.toFixed(2)).join(' / ')} | ${r.bytes} |`);
  }
}
