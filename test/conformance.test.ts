// One request battery (test/fixtures/conformance.json) through every adapter over a real
// socket: each answer must be byte-identical across adapters and equal to the core's own.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRequest, RestServer } from '../src/index.js';
import { mountAdapter, ADAPTER_NAMES } from './helpers/adapters.js';
import { conformanceServer } from './helpers/conformance-site.js';
import { FIXTURES } from './helpers/peer.js';

interface BatteryRequest {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  json?: unknown;
  text?: string;
  auth?: string;
  oversized?: boolean;
}

/** An answer as the client saw it: status, the headers clients read (lower-case, all values), body bytes. */
interface Seen {
  status: number;
  headers: Record<string, string[]>;
  body: string;
}

const BODY_LIMIT = 16 * 1024;
const battery = (JSON.parse(readFileSync(join(FIXTURES, 'conformance.json'), 'utf8')) as { requests: BatteryRequest[] }).requests;

// Headers that say something about the API; transport headers (Date, Connection, Keep-Alive,
// Transfer-Encoding) and framework branding (X-Powered-By) are each server's own business.
const COMPARED =
  /^(content-type|content-length|allow|link|location|vary|cache-control|expires|x-wp-.*|x-robots-tag|x-content-type-options|access-control-.*)$/;

function requestParts(entry: BatteryRequest): { headers: Record<string, string | string[]>; body?: string } {
  const headers: Record<string, string | string[]> = { ...entry.headers };
  let body = entry.text;
  if (entry.json !== undefined) {
    body = JSON.stringify(entry.json);
    headers['Content-Type'] = 'application/json';
  }
  if (entry.oversized) body = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT + 1024) });
  if (entry.auth) headers.Authorization = `Basic ${Buffer.from(entry.auth).toString('base64')}`;
  return { headers, body };
}

function send(port: number, entry: BatteryRequest): Promise<Seen> {
  const { headers, body } = requestParts(entry);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: entry.method, path: entry.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const seen: Record<string, string[]> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          if (COMPARED.test(name)) (seen[name] ??= []).push(res.rawHeaders[i + 1]!);
        }
        resolve({ status: res.statusCode!, headers: seen, body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The core's own answer, in the same shape. */
async function core(server: RestServer, entry: BatteryRequest): Promise<Seen> {
  const { headers, body } = requestParts(entry);
  const raw: RawRequest = { method: entry.method, url: entry.path, headers, body };
  const answer = (await server.handle(raw))!;
  const seen: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (COMPARED.test(name.toLowerCase())) seen[name.toLowerCase()] = Array.isArray(value) ? value : [value];
  }
  const text = entry.method === 'HEAD' ? '' : answer.body;
  if (entry.method !== 'HEAD' || answer.body !== '') seen['content-length'] = [String(Buffer.byteLength(answer.body))];
  return { status: answer.status, headers: seen, body: text };
}

const answers: Record<string, Seen[]> = {};

beforeAll(async () => {
  const reference = await conformanceServer();
  answers.core = [];
  for (const entry of battery) answers.core.push(entry.oversized ? { status: 413, headers: {}, body: '' } : await core(reference, entry));
  for (const name of ADAPTER_NAMES) {
    const { port, close } = await mountAdapter(name, await conformanceServer(), { bodyLimit: BODY_LIMIT });
    answers[name] = [];
    try {
      for (const entry of battery) answers[name].push(await send(port, entry));
    } finally {
      await close();
    }
  }
});

afterAll(() => {
  for (const name of Object.keys(answers)) delete answers[name];
});

describe('every adapter answers the request battery as the core does', () => {
  it('covers a battery of requests', () => {
    expect(battery.length).toBeGreaterThanOrEqual(30);
  });

  describe.each(ADAPTER_NAMES)('%s', (adapter) => {
    it.each(battery.map((entry, i) => [entry.name, i] as const))('%s', (_name, i) => {
      const got = answers[adapter]![i]!;
      if (battery[i]!.oversized) {
        expect(got.status).toBe(413);
        expect(JSON.parse(got.body)).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
        expect(got).toEqual(answers.node![i]);
        return;
      }
      expect(got).toEqual(answers.core![i]);
    });
  });
});
