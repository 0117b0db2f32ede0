import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkRegex } from '../src/core/regex/safety.js';
import { translatePattern } from '../src/core/schema/pattern.js';
import { createRestServer, modulesFromIndex, type ArgSchema, type IndexRoute, type NamespaceModule } from '../src/index.js';
import { recheckVerdict } from './helpers/recheck-verdict.js';
import { FIXTURES, loadSpec, specModules } from './helpers/peer.js';
import { propertyRuns } from './helpers/property-runs.js';

const site = { name: 'Patterns', url: 'http://patterns.test' };
const SRC = join(FIXTURES, '..', '..', 'src');

/** One regular expression to judge, with what it is. */
interface Case {
  source: string;
  flags: string;
  /** Why the analysis refuses it though recheck finds it safe and it is. */
  overRejected?: string;
  /**
   * Why it must be refused though recheck finds it safe: V8 was measured taking seconds on a
   * short subject (blow-ups without a loop, or inside a lookbehind, escape recheck).
   */
  superLinear?: string;
}

/** The analysis's answer for a source and flags that compile. */
const check = (source: string, flags = '') => checkRegex(new RegExp(source, flags));

const corpus = JSON.parse(readFileSync(join(FIXTURES, 'regex-corpus.json'), 'utf8')) as Case[];

/** WordPress 6.1's own root index. */
function wpIndexRoutes(): Record<string, IndexRoute> {
  const recorded = JSON.parse(readFileSync(join(FIXTURES, 'wp-6.1', 'index-root.json'), 'utf8')) as {
    body: { routes: Record<string, IndexRoute> };
  };
  return recorded.body.routes;
}

/** Every `pattern` and `patternProperties` key of the args of some modules, nested schemas included. */
function schemaPatterns(modules: readonly NamespaceModule[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown, key = ''): void => {
    if (typeof value !== 'object' || value === null) return;
    if (key === 'patternProperties') found.push(...Object.keys(value));
    for (const [k, v] of Object.entries(value)) {
      if (k === 'pattern' && typeof v === 'string') found.push(v);
      else walk(v, k);
    }
  };
  for (const module of modules) for (const route of module.routes) for (const endpoint of route.endpoints) walk(endpoint.args);
  return found;
}

/** The patterns of routes.json (both variants) and WordPress's index as the server runs them: route regexes and translated schema patterns. */
function registeredPatterns(): Case[] {
  const sets = [specModules(), modulesFromIndex(wpIndexRoutes())];
  const cases: Case[] = [];
  for (const modules of sets) {
    const server = createRestServer({ site, namespaces: modules, unsafePatterns: 'allow' });
    for (const route of server.routes.routes()) cases.push({ source: `^(?:${route.pattern.source})$`, flags: 'i' });
    for (const pattern of schemaPatterns(modules)) cases.push({ source: translatePattern(pattern), flags: 'u' });
  }
  return cases;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every regex literal in src/, and every `new RegExp('…', '…')` with literal arguments. */
function sourceRegexes(): Case[] {
  const cases: Case[] = [];
  for (const file of sourceFiles(SRC)) {
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const slash = node.text.lastIndexOf('/');
        cases.push({ source: node.text.slice(1, slash), flags: node.text.slice(slash + 1) });
      } else if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp') {
        const [source, flags] = node.arguments ?? [];
        if (source && ts.isStringLiteral(source) && (!flags || ts.isStringLiteral(flags)))
          cases.push({ source: source.text, flags: flags?.text ?? '' });
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  }
  return cases;
}

function unique(cases: Case[]): Case[] {
  const seen = new Map<string, Case>();
  for (const c of cases) if (!seen.has(`${c.flags}/${c.source}`)) seen.set(`${c.flags}/${c.source}`, c);
  return [...seen.values()];
}

describe('the ReDoS analysis against recheck', () => {
  it(
    "judges unsafe every pattern recheck finds vulnerable: the corpus, routes.json, WordPress's index and src/",
    { timeout: 240_000 },
    () => {
      const cases = unique([...corpus, ...registeredPatterns(), ...sourceRegexes()]);
      const missed: string[] = [];
      const overRejected: string[] = [];
      for (const { source, flags, overRejected: expected } of cases) {
        const oracle = recheckVerdict(source, flags, 20_000);
        const ours = check(source, flags);
        if (oracle.status === 'vulnerable' && ours === null) missed.push(`/${source}/${flags}: recheck finds ${oracle.complexity.type}`);
        const known = corpus.find((c) => c.source === source && c.flags === flags);
        if (oracle.status === 'safe' && ours !== null && known !== undefined && known.superLinear === undefined) {
          overRejected.push(`/${source}/${flags}: ${ours}`);
          expect(expected, `/${source}/${flags} is refused (${ours}) though recheck finds it safe`).toBeDefined();
        }
      }
      expect(missed).toEqual([]);
      expect(overRejected).toHaveLength(corpus.filter((c) => c.overRejected !== undefined).length);
    },
  );

  it('refuses the patterns V8 runs super-linearly that recheck misses', () => {
    const superLinear = corpus.filter((c) => c.superLinear !== undefined);
    expect(superLinear.length).toBeGreaterThan(0);
    for (const { source, flags } of superLinear) expect(check(source, flags), `/${source}/${flags}`).not.toBeNull();
  });

  it('names the kind of blow-up', () => {
    expect(check('^(a+)+$')).toBe('exponential backtracking');
    expect(check('\\d+$')).toBe('polynomial backtracking');
    expect(check('(a)\\1')).toBe('backreference');
    expect(check('a', 'v')).toBe('unsupported syntax');
  });

  it('follows the first match: an unanchored pattern that succeeds as soon as it starts is linear, one that must reach the end is not', () => {
    expect(check('[\\w\\-]+', 'u')).toBeNull();
    expect(check('\\d+$')).not.toBeNull();
    expect(check('(a|a)*')).toBeNull();
    expect(check('(a|a)*$')).not.toBeNull();
  });

  it('judges lookarounds by where they run: once at the start, or at every index', () => {
    expect(check('^(?=.*\\d)(?=.*[a-z]).{8,}$')).toBeNull();
    expect(check('(?=\\w*x)')).not.toBeNull();
    // PCRE's `$` as translated for schema patterns.
    expect(check('^[A-Z]{3}(?=\\n?$)', 'u')).toBeNull();
  });

  it('answers "too complex to check" past its size cap, and judges a long pattern without repetition at once', () => {
    expect(check(`^(?:${'[a-c]x?'.repeat(600)})+$`)).toBe('too complex to check');
    expect(check(`^(?:${'[a-c]x?'.repeat(600)})$`)).toBeNull();
  });

  // A set union per member made this quadratic: 31 s for 20,000 members, so some ten minutes for
  // these 100,000. The test's own time limit catches that without asserting a timing a loaded
  // machine may miss.
  it('reads a long character class in linear time', { timeout: 30_000 }, () => {
    let members = '';
    for (let k = 0; k < 100_000; k++) members += String.fromCharCode(0x100 + 2 * (k % 30_000));
    expect(check(`^[${members}]+$`)).toBeNull();
  });

  it('answers "too complex to check" for groups nested thousands deep instead of overflowing the stack', () => {
    expect(check(`${'(?:'.repeat(3_000)}a${')'.repeat(3_000)}+$`)).toBe('too complex to check');
  });

  it('never throws on a regular expression that compiles', () => {
    const piece = fc.constantFrom(
      'a',
      'b',
      '.',
      '\\d',
      '\\w',
      '\\s',
      '\\S',
      '[a-c]',
      '[^a]',
      '(',
      ')',
      '(?:',
      '(?=',
      '(?!',
      '(?<=',
      '(?<x>',
      '|',
      '*',
      '+',
      '?',
      '{2}',
      '{1,3}',
      '{2,}',
      '^',
      '$',
      '\\b',
      '\\1',
      '\\u{61}',
      '\\p{L}',
      '[\\d-z]',
      '{',
      '}',
      ']',
      '\\',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), fc.constantFrom('', 'u', 'i', 'iu', 'm', 's', 'y'), (pieces, flags) => {
        let regex: RegExp;
        try {
          regex = new RegExp(pieces.join(''), flags);
        } catch {
          return;
        }
        const hazard = checkRegex(regex);
        expect(hazard === null || typeof hazard === 'string').toBe(true);
      }),
      { numRuns: propertyRuns({ ci: 500, deep: 2_000 }) },
    );
  });
});

describe('registration checks route and schema patterns', () => {
  const route = (path: string, args: Record<string, ArgSchema> = {}): NamespaceModule => ({
    namespace: 'x/v1',
    routes: [{ path, endpoints: [{ methods: 'POST', permission: 'public', args, handler: (request) => request.params }] }],
  });

  it('refuses an unsafe route pattern, naming it and the reason', () => {
    expect(() => createRestServer({ site, namespaces: [route('/items/(?P<id>(a+)+)')] })).toThrow(
      new TypeError(
        `site-rest: route pattern "/x/v1/items/(?P<id>(a+)+)" is refused (exponential backtracking): matching it against client input may take super-linear time; createRestServer's unsafePatterns: 'allow' accepts it`,
      ),
    );
    expect(() => createRestServer({ site, namespaces: [route('/files/(?P<path>[\\w/]+[\\w.]+)')] })).toThrow(
      /route pattern ".*" is refused \(polynomial backtracking\)/,
    );
  });

  it('refuses an unsafe schema pattern, naming the route, the arg, the keyword and the reason', () => {
    expect(() => createRestServer({ site, namespaces: [route('/things', { name: { type: 'string', pattern: '.*\\S.*' } })] })).toThrow(
      new TypeError(
        `site-rest: POST /x/v1/things arg "name": schema keyword "pattern" ".*\\\\S.*" is refused (polynomial backtracking): matching it against client input may take super-linear time; createRestServer's unsafePatterns: 'allow' accepts it`,
      ),
    );
    const tel = '^[+]?(?:\\([0-9]+\\)|[0-9]+)(?:[/ -]*(?:\\([0-9]+\\)|[0-9]+))*$';
    const nested = {
      type: 'object',
      properties: { phones: { type: 'array', items: { type: 'string', pattern: tel } } },
    } satisfies ArgSchema;
    expect(() => createRestServer({ site, namespaces: [route('/things', { contact: nested })] })).toThrow(
      /arg "contact": schema keyword "properties\.phones\.items\.pattern" .* is refused \(exponential backtracking\)/,
    );
    const keyed = { type: 'object', patternProperties: { '^(\\w+\\s?)*$': { type: 'string' } } } satisfies ArgSchema;
    expect(() => createRestServer({ site, namespaces: [route('/things', { meta: keyed })] })).toThrow(
      /arg "meta": schema keyword "patternProperties" "\^\(\\\\w\+\\\\s\?\)\*\$" is refused/,
    );
  });

  it('refuses a route pattern nested too deep to check with a registration error, not a stack overflow', () => {
    const deep = `/items/(?P<id>${'(?:'.repeat(3_000)}a${')'.repeat(3_000)})`;
    expect(() => createRestServer({ site, namespaces: [route(deep)] })).toThrow(/route pattern ".*" is refused \(too complex to check\)/);
  });

  it("accepts both with unsafePatterns: 'allow', and serves them", async () => {
    const server = createRestServer({
      site,
      unsafePatterns: 'allow',
      namespaces: [route('/items/(?P<id>(a+)+)', { name: { type: 'string', pattern: '.*\\S.*' } })],
    });
    const ok = await server.inject({ method: 'POST', path: '/x/v1/items/aaa', body: { name: 'x' } });
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ id: 'aaa', name: 'x' });
    const blank = await server.inject({ method: 'POST', path: '/x/v1/items/aaa', body: { name: '   ' } });
    expect(blank.status).toBe(400);
  });

  it('registers every route and schema pattern of routes.json, both variants, with the default', () => {
    for (const variant of ['A', 'B']) expect(() => createRestServer({ site, namespaces: specModules({ variant }) })).not.toThrow();
    expect(loadSpec().routes.length).toBeGreaterThan(200);
  });

  it("registers WordPress 6.1's index but for its two quadratic template routes and the application-password name pattern", () => {
    const refused: string[] = [];
    for (const module of modulesFromIndex(wpIndexRoutes())) {
      for (const definition of module.routes) {
        try {
          createRestServer({ site, namespaces: [{ namespace: module.namespace, routes: [definition] }] });
        } catch (error) {
          refused.push((error as Error).message.replace(/ is refused .*/, ''));
        }
      }
    }
    const templateId = '(?P<id>([^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)[\\/\\w-]+)';
    const appPasswords = '/wp/v2/users/(?P<user_id>(?:[\\d]+|me))/application-passwords';
    expect(refused).toEqual([
      `site-rest: route pattern ${JSON.stringify(`/wp/v2/templates/${templateId}`)}`,
      `site-rest: route pattern ${JSON.stringify(`/wp/v2/template-parts/${templateId}`)}`,
      `site-rest: POST ${appPasswords} arg "name": schema keyword "pattern" ".*\\\\S.*"`,
      `site-rest: POST, PUT, PATCH ${appPasswords}/(?P<uuid>[\\w\\-]+) arg "name": schema keyword "pattern" ".*\\\\S.*"`,
    ]);
  });
});
