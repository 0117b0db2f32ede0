// Whole-request validation cases recorded from WordPress 6.1 (`has_valid_params`, then
// `sanitize_params`, then `get_params`), replayed through dispatch.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRestServer, RestError, sanitizeValue, validateValue, type ArgSchema } from '../src/index.js';
import { FIXTURES, phpEqual } from './helpers/peer.js';

interface Case {
  id: string;
  method: string;
  args: Record<string, Record<string, unknown>>;
  query?: Record<string, unknown>;
  json?: string;
  body?: Record<string, string>;
  url?: Record<string, string>;
  request_validate?: string;
  has_valid_params: true | Record<string, unknown>;
  sanitize_params: true | null | Record<string, unknown>;
  params: unknown;
}

const cases = readFileSync(join(FIXTURES, 'wp-6.1', 'request-validation.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Case);

/** site-rest refuses these descriptors at registration instead of ignoring the keyword. */
const REFUSED_AT_REGISTRATION: Record<string, string> = {
  'required-string-true-not-enforced': '`required: "true"` is not a boolean',
  'required-int-1-not-enforced': '`required: 1` is not a boolean',
};

const CALLBACKS: Record<string, (schema: ArgSchema) => Partial<ArgSchema>> = {
  rest_validate_request_arg: (schema) => ({ validateCallback: (v, p) => validateValue(v, schema, p) }),
  rest_sanitize_request_arg: (schema) => ({ sanitizeCallback: (v, p) => sanitizeValue(v, schema, p) }),
  peer_vfalse: () => ({ validateCallback: () => false }),
  peer_verror: () => ({
    validateCallback: () => new RestError('peer_custom_invalid', 'Custom validation failed.', { status: 418, extra: 'x' }),
  }),
  peer_verror2: () => ({
    validateCallback: () => new RestError('peer_first', 'First problem.', { status: 400 }).add('peer_second', 'Second problem.'),
  }),
  peer_serror: () => ({ sanitizeCallback: () => new RestError('peer_sanitize_failed', 'Sanitize failed.') }),
};

const REQUEST_VALIDATORS: Record<string, () => boolean | RestError> = {
  peer_req_false: () => false,
  peer_req_error: () => new RestError('peer_request_invalid', 'Whole request rejected.', { status: 422 }),
};

function descriptor(raw: Record<string, unknown>): ArgSchema {
  const { validate_callback, sanitize_callback, ...schema } = raw;
  let out: ArgSchema = schema;
  for (const name of [validate_callback, sanitize_callback]) {
    if (typeof name === 'string') out = { ...out, ...CALLBACKS[name]!(schema) };
  }
  return out;
}

/** A PHP-style query string for a case's query values (strings and lists of strings). */
function queryString(query: Record<string, unknown> = {}): string {
  return Object.entries(query)
    .flatMap(([k, v]) =>
      Array.isArray(v) ? v.map((x) => `${k}[]=${encodeURIComponent(String(x))}`) : [`${k}=${encodeURIComponent(String(v))}`],
    )
    .join('&');
}

describe("whole-request validation as WordPress's has_valid_params + sanitize_params", () => {
  it.each(cases.filter((c) => !(c.id in REFUSED_AT_REGISTRATION)).map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const args = Object.fromEntries(Object.entries(c.args).map(([k, v]) => [k, descriptor(v)]));
    const path = c.url ? '/(?P<id>\\d+)' : '/check';
    const server = createRestServer({
      site: { name: 'Validation', url: 'http://v.test' },
      namespaces: [
        {
          namespace: 'rv/v1',
          routes: [
            {
              path,
              endpoints: [
                {
                  methods: c.method,
                  args,
                  permission: 'public',
                  validateRequest: c.request_validate ? REQUEST_VALIDATORS[c.request_validate] : undefined,
                  handler: (request) => request.params,
                },
              ],
            },
          ],
        },
      ],
    });
    const route = c.url ? `/wp-json/rv/v1/${c.url.id}` : '/wp-json/rv/v1/check';
    const qs = queryString(c.query);
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (c.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = c.json;
    } else if (c.body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(c.body).toString();
    }
    const answer = (await server.handle({ method: c.method, url: qs ? `${route}?${qs}` : route, headers, body }))!;
    const json = JSON.parse(answer.body);
    const expectedError = c.has_valid_params !== true ? c.has_valid_params : c.sanitize_params !== true ? c.sanitize_params : null;
    if (expectedError) {
      expect(json).toEqual(expectedError);
    } else {
      expect(answer.status).toBe(200);
      expect(phpEqual(json, c.params), `${JSON.stringify(json)} vs ${JSON.stringify(c.params)}`).toBe(true);
    }
  });

  it.each(Object.entries(REFUSED_AT_REGISTRATION))('refuses %s at registration (%s)', (id) => {
    const c = cases.find((x) => x.id === id)!;
    expect(() =>
      createRestServer({
        site: { name: 'Validation', url: 'http://v.test' },
        namespaces: [
          { namespace: 'rv/v1', routes: [{ path: '/check', endpoints: [{ methods: 'GET', args: c.args, handler: () => null }] }] },
        ],
      }),
    ).toThrow(/required/);
  });
});

describe('defaults, request after request', () => {
  it('are sanitized into every request, whether their schema changes them or gives them back as they are', async () => {
    const server = createRestServer({
      site: { name: 'Validation', url: 'http://v.test' },
      namespaces: [
        {
          namespace: 'rv/v1',
          routes: [
            {
              path: '/defaults',
              endpoints: [
                {
                  methods: 'GET',
                  args: {
                    converted: { type: 'integer', default: '5' },
                    kept: { type: 'integer', default: 7 },
                    listed: { type: 'array', items: { type: 'string' }, default: 'a,b' },
                    refused: { type: 'string', enum: ['x'], default: 'x' },
                  },
                  handler: (request) => request.params,
                },
              ],
            },
          ],
        },
      ],
    });
    for (let i = 0; i < 3; i++) {
      const answer = (await server.handle({ method: 'GET', url: '/wp-json/rv/v1/defaults', headers: {} }))!;
      expect(JSON.parse(answer.body)).toEqual({ converted: 5, kept: 7, listed: ['a', 'b'], refused: 'x' });
    }
    const overridden = (await server.handle({ method: 'GET', url: '/wp-json/rv/v1/defaults?kept=8&refused=y', headers: {} }))!;
    expect(overridden.status).toBe(400);
    expect(JSON.parse(overridden.body).data.params).toEqual({ refused: 'refused is not x.' });
  });
});
