// HTTP/1.1 load generator on raw `net` sockets: keep-alive connections, each keeping `depth`
// pipelined GETs in flight. It reads only what it must: the status line, Content-Length, and
// that many body bytes. Only 127.0.0.1; every loop is bounded by the bytes received.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Loads `http://127.0.0.1:{port}{path}` (with `headers` besides Host, User-Agent and Accept) for `warmupMs`, then counts complete responses for
 * `durationMs`. Responses whose status is not `expect` are counted as errors, by status.
 * `sample()`, when given, answers cumulative CPU counters in µs (`{server: …}`, say); they are
 * sampled around the measured window and reported in cores. Resolves to {rps, responses,
 * seconds, statuses, errors, clientCpu, p99Ms (99th percentile of request-to-response time),
 * sampled} for the measured window; errors other than
 * unexpected statuses count over the whole run.
 */
export async function runLoad({
  port,
  path,
  expect,
  connections = 8,
  depth = 32,
  warmupMs = 2000,
  durationMs = 5000,
  sample = async () => ({}),
  headers = {},
}) {
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUser-Agent: site-rest-bench\r\nAccept: */*\r\n${extra.join('')}\r\n`;
  const batches = [Buffer.alloc(0)];
  for (let k = 1; k <= depth; k++) batches.push(Buffer.from(request.repeat(k)));

  const stats = { responses: 0, unexpected: 0, statuses: {}, protocolErrors: 0, socketErrors: 0, closed: 0, latencies: [] };
  let running = true;
  const sockets = [];
  for (let c = 0; c < connections; c++) sockets.push(openConnection(port, batches, depth, expect, stats, () => running));

  await sleep(warmupMs);
  const sample0 = await sample();
  const before = { ...stats, statuses: { ...stats.statuses } };
  const latencyFrom = stats.latencies.length;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await sleep(durationMs);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const after = { ...stats, statuses: { ...stats.statuses } };
  const latencies = stats.latencies.slice(latencyFrom).sort((a, b) => a - b);
  const sample1 = await sample();
  running = false;
  for (const socket of sockets) socket.destroy();

  const statuses = {};
  for (const [status, n] of Object.entries(after.statuses)) {
    const d = n - (before.statuses[status] ?? 0);
    if (d > 0) statuses[status] = d;
  }
  const responses = after.responses - before.responses;
  return {
    rps: responses / seconds,
    responses,
    seconds,
    statuses,
    errors: {
      unexpectedStatus: after.unexpected - before.unexpected,
      protocol: after.protocolErrors,
      socket: after.socketErrors,
      closedEarly: after.closed,
    },
    clientCpu: (cpu.user + cpu.system) / 1e6 / seconds,
    p99Ms: latencies.length > 0 ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] : NaN,
    sampled: Object.fromEntries(Object.keys(sample1).map((k) => [k, (sample1[k] - sample0[k]) / 1e6 / seconds])),
  };
}

function openConnection(port, batches, depth, expect, stats, isRunning) {
  const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
  let inFlight = 0;
  let pending = null; // an incomplete response head carried over to the next chunk
  let bodyLeft = 0;
  let bodyStatus = 0; // status of the response whose body is being read
  // When each request in flight was written, oldest first: a pipelined batch shares one time.
  const sentAt = [];
  let sentHead = 0;

  const refill = () => {
    const k = depth - inFlight;
    if (k > 0 && isRunning() && !socket.destroyed) {
      inFlight += k;
      const now = performance.now();
      for (let n = 0; n < k; n++) sentAt.push(now);
      socket.write(batches[k]);
    }
  };
  const complete = (status) => {
    inFlight -= 1;
    stats.responses += 1;
    stats.latencies.push(performance.now() - sentAt[sentHead++]);
    if (sentHead > 1024) {
      sentAt.splice(0, sentHead);
      sentHead = 0;
    }
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    if (status !== expect) stats.unexpected += 1;
  };
  const fail = () => {
    stats.protocolErrors += 1;
    socket.destroy();
  };

  socket.on('connect', refill);
  socket.on('error', () => {
    if (isRunning()) stats.socketErrors += 1;
  });
  socket.on('close', () => {
    if (isRunning()) stats.closed += 1;
  });
  socket.on('data', (chunk) => {
    const buf = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = null;
    let i = 0;
    while (i < buf.length) {
      if (bodyLeft > 0) {
        const n = Math.min(bodyLeft, buf.length - i);
        bodyLeft -= n;
        i += n;
        if (bodyLeft === 0) complete(bodyStatus);
        continue;
      }
      const end = buf.indexOf(HEAD_END, i);
      if (end < 0) {
        pending = buf.subarray(i);
        break;
      }
      // "HTTP/1.1 200 OK": the status is at bytes 9–11 of the status line.
      if (buf[i] !== 72 /* H */ || buf[i + 8] !== 32 /* space */) return fail();
      const status = (buf[i + 9] - 48) * 100 + (buf[i + 10] - 48) * 10 + (buf[i + 11] - 48);
      const head = buf.toString('latin1', i, end);
      let at = head.indexOf('\r\nContent-Length:');
      if (at < 0) at = head.toLowerCase().indexOf('\r\ncontent-length:');
      if (at < 0) return fail(); // chunked answers are not expected here
      const length = parseInt(head.slice(at + 17), 10);
      if (!(length >= 0)) return fail();
      i = end + 4;
      if (length === 0) complete(status);
      else {
        bodyLeft = length;
        bodyStatus = status;
      }
    }
    if (inFlight <= depth / 2) refill();
  });
  return socket;
}
