// The import graph of `src/`, read from the source text: every import keeps to the layer rules
// docs/architecture.md writes down (the test reads them from there, so the page and the check
// cannot part), no module imports itself through others (the layers stay a tree you can read
// top-down), and what the root entry and `site-rest/fetch` load never reaches a Node built-in.
// test/workers-entry.test.ts runs the built entries in a runtime without Node's built-ins; this
// test names the import chain at fault.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
/** Entries that must load where Node's built-ins do not (Workers, Deno, Bun). */
const PORTABLE_ENTRIES = ['src/index.ts', 'src/adapters/fetch.ts'];

/** One import or re-export of a module. */
interface ImportEdge {
  /** The specifier as written. */
  specifier: string;
  /** `import type` / `export type`: erased from the build, so nothing is loaded. */
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The quoted string starting at `at` (a `'` or `"`), or undefined. */
function quotedAt(text: string, at: number): string | undefined {
  const quote = text[at];
  if (quote !== "'" && quote !== '"') return undefined;
  const end = text.indexOf(quote, at + 1);
  return end < 0 ? undefined : text.slice(at + 1, end);
}

/**
 * The imports of a module, found by a linear scan: each top-level `import`/`export` statement
 * (from its first line to the line naming its source), and every `import('…')` call.
 */
function importsOf(text: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  let statement: string | null = null;
  for (const line of text.split('\n')) {
    if (statement === null) {
      if (!line.startsWith('import ') && !line.startsWith('export ')) continue;
      statement = line;
    } else {
      statement += ` ${line.trim()}`;
    }
    const typeOnly = statement.startsWith('import type ') || statement.startsWith('export type ');
    const from = statement.lastIndexOf(' from ');
    const source = from >= 0 ? quotedAt(statement, from + 6) : statement.startsWith('import ') ? quotedAt(statement, 7) : undefined;
    if (source !== undefined) {
      edges.push({ specifier: source, typeOnly });
      statement = null;
      continue;
    }
    // An import goes on to its source; an export list to its `}`; any other export is no import.
    const list = statement.startsWith('export {') || statement.startsWith('export type {');
    if (!statement.startsWith('import ') && !(list && !statement.includes('}'))) statement = null;
  }
  for (let at = text.indexOf('import('); at >= 0; at = text.indexOf('import(', at + 1)) {
    const source = quotedAt(text, at + 7);
    if (source !== undefined) edges.push({ specifier: source, typeOnly: false });
  }
  return edges;
}

/** Each module (path relative to the repository, `/`-separated) with its imports; relative specifiers resolved to modules. */
function importGraph(): Map<string, Array<ImportEdge & { module?: string }>> {
  const name = (path: string) => relative(ROOT, path).split(sep).join('/');
  const graph = new Map<string, Array<ImportEdge & { module?: string }>>();
  for (const path of sourceFiles(SRC)) {
    const edges = importsOf(readFileSync(path, 'utf8')).map((edge) =>
      edge.specifier.startsWith('.') ? { ...edge, module: name(resolve(dirname(path), edge.specifier.replace(/\.js$/, '.ts'))) } : edge,
    );
    graph.set(name(path), edges);
  }
  return graph;
}

/** The import cycles, each as the modules along it, back to the first. */
function cycles(graph: Map<string, Array<{ module?: string }>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (module: string): void => {
    state.set(module, 'open');
    path.push(module);
    for (const { module: next } of graph.get(module) ?? []) {
      if (next === undefined || !graph.has(next)) continue;
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(module, 'done');
  };
  for (const module of graph.keys()) if (!state.has(module)) visit(module);
  return found;
}

/** One line of the layer rules: the folder (or file) it covers and what its modules may import. */
interface LayerRule {
  /** A folder ending in `/`, `…/<each>/` for each subfolder on its own, or one file. */
  covers: string;
  /** Folders (ending in `/`) and files its modules may import, besides their own folder. */
  may: string[];
  /** What they may import for its types only (`(types)` after the target). */
  mayForTypes: string[];
}

/** How a rule names each subfolder of a folder on its own. */
const EACH = '/<each>/';

/** The block of docs/architecture.md that starts with this line holds the layer rules. */
const RULES_MARK = '# Layer rules.';

/** The layer rules as docs/architecture.md writes them: `covers: target target (types) …`, `#` lines aside. */
function layerRules(doc: string): LayerRule[] {
  const start = doc.indexOf(RULES_MARK);
  if (start < 0) throw new Error(`docs/architecture.md has no block starting "${RULES_MARK}"`);
  const block = doc.slice(start, doc.indexOf('```', start));
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const colon = line.indexOf(':');
      const rule: LayerRule = { covers: line.slice(0, colon).trim(), may: [], mayForTypes: [] };
      for (const token of line
        .slice(colon + 1)
        .trim()
        .split(/\s+/)) {
        if (token === '') continue;
        if (token === '(types)') rule.mayForTypes.push(rule.may.pop()!);
        else rule.may.push(token);
      }
      return rule;
    });
}

/** Whether `module` lies in `place`: a folder (`…/`) holding it, or the file itself. */
const within = (module: string, place: string): boolean => (place.endsWith('/') ? module.startsWith(place) : module === place);

/** The folder a `…/<each>/` rule stands for when it covers `module`: the subfolder holding it. */
function ownFolder(covers: string, module: string): string {
  if (!covers.endsWith(EACH)) return covers;
  const parent = covers.slice(0, -EACH.length + 1);
  return parent + module.slice(parent.length).split('/')[0]! + '/';
}

/** The rule covering a module: the one naming the closest folder (or the file), a named folder before `<each>`. */
function ruleOf(rules: readonly LayerRule[], module: string): LayerRule | undefined {
  let best: { rule: LayerRule; length: number } | undefined;
  for (const rule of rules) {
    const each = rule.covers.endsWith(EACH);
    const place = each ? rule.covers.slice(0, -EACH.length + 1) : rule.covers;
    if (!within(module, place) || (each && !module.slice(place.length).includes('/'))) continue;
    const length = ownFolder(rule.covers, module).length - (each ? 0.5 : 0);
    if (best === undefined || length > best.length) best = { rule, length };
  }
  return best?.rule;
}

/** Every import of `src/` a rule does not allow, as `module → imported (rule)`, and every module no rule covers. */
function layerBreaches(graph: ReturnType<typeof importGraph>, rules: readonly LayerRule[]): string[] {
  const breaches: string[] = [];
  for (const [module, edges] of graph) {
    const rule = ruleOf(rules, module);
    if (rule === undefined) {
      breaches.push(`${module}: no rule covers it`);
      continue;
    }
    const own = ownFolder(rule.covers, module);
    for (const edge of edges) {
      const target = edge.module;
      if (target === undefined || !graph.has(target) || within(target, own)) continue;
      if (rule.may.some((place) => within(target, place))) continue;
      if (edge.typeOnly && rule.mayForTypes.some((place) => within(target, place))) continue;
      breaches.push(`${module} → ${target}${edge.typeOnly ? ' (types)' : ''}, under "${rule.covers}"`);
    }
  }
  return breaches;
}

/** Packages that load Node's built-ins themselves, so only Node-only modules may import them. */
const NODE_ONLY_PACKAGES: readonly string[] = ['nodemailer'];

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || [...builtinModules, ...NODE_ONLY_PACKAGES].includes(specifier.split('/')[0]!);
}

/** Every Node built-in an entry loads, with the chain of runtime imports that reaches it. */
function nodeBuiltinsReached(graph: ReturnType<typeof importGraph>, entry: string): string[] {
  const via = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const found: string[] = [];
  for (let module = queue.shift(); module !== undefined; module = queue.shift()) {
    for (const edge of graph.get(module) ?? []) {
      if (edge.typeOnly) continue;
      if (edge.module === undefined) {
        if (!isNodeBuiltin(edge.specifier)) continue;
        const chain = [edge.specifier];
        for (let at: string | null = module; at !== null; at = via.get(at) ?? null) chain.unshift(at);
        found.push(chain.join(' → '));
      } else if (!via.has(edge.module)) {
        via.set(edge.module, module);
        queue.push(edge.module);
      }
    }
  }
  return found;
}

describe('the import graph of src/', () => {
  const graph = importGraph();

  it('reads the imports of every form the sources use', () => {
    expect(
      importsOf(
        "import type { A } from './a.js';\nimport {\n  b,\n  c,\n} from './b.js';\nexport { d } from './d.js';\nimport './e.js';\nconst f = await import('./f.js');\nexport const g = 1;\n",
      ),
    ).toEqual([
      { specifier: './a.js', typeOnly: true },
      { specifier: './b.js', typeOnly: false },
      { specifier: './d.js', typeOnly: false },
      { specifier: './e.js', typeOnly: false },
      { specifier: './f.js', typeOnly: false },
    ]);
    expect(graph.get('src/index.ts')!.length).toBeGreaterThan(5);
  });

  const rules = layerRules(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

  it('keeps every import to the layer rules docs/architecture.md writes down', () => {
    expect(layerBreaches(graph, rules)).toEqual([]);
  });

  it('names only folders and files that exist in the layer rules', () => {
    const modules = [...graph.keys()];
    const places = rules.flatMap((rule) => [
      rule.covers.endsWith(EACH) ? rule.covers.slice(0, -EACH.length + 1) : rule.covers,
      ...rule.may,
      ...rule.mayForTypes,
    ]);
    expect(places.filter((place) => !modules.some((module) => within(module, place)))).toEqual([]);
  });

  it('finds an import the rules do not allow, and names it with its rule', () => {
    const small = new Map([
      ['src/a/x.ts', [{ specifier: '../b/y.js', typeOnly: false, module: 'src/b/y.ts' }]],
      ['src/b/y.ts', [{ specifier: '../c/z.js', typeOnly: true, module: 'src/c/z.ts' }]],
      ['src/c/z.ts', [{ specifier: '../a/x.js', typeOnly: false, module: 'src/a/x.ts' }]],
      ['src/n/one/m.ts', [{ specifier: '../two/m.js', typeOnly: false, module: 'src/n/two/m.ts' }]],
      ['src/n/two/m.ts', []],
    ]);
    const written = ['# Layer rules.', 'src/a/ : src/b/', 'src/b/ : src/c/ (types)', 'src/c/ :', 'src/n/<each>/ :', '```'].join('\n');
    expect(layerBreaches(small, layerRules(written))).toEqual([
      'src/c/z.ts → src/a/x.ts, under "src/c/"',
      'src/n/one/m.ts → src/n/two/m.ts, under "src/n/<each>/"',
    ]);
  });

  it('has no import cycle, type-only imports included', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('finds a cycle when there is one, and names it', () => {
    const looped = new Map([
      ['a.ts', [{ module: 'b.ts' }]],
      ['b.ts', [{ module: 'c.ts' }]],
      ['c.ts', [{ module: 'a.ts' }]],
    ]);
    expect(cycles(looped)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it.each(PORTABLE_ENTRIES)('%s reaches no module importing a Node built-in', (entry) => {
    expect(graph.has(entry)).toBe(true);
    expect(nodeBuiltinsReached(graph, entry)).toEqual([]);
  });

  it('names the chain to a Node built-in when src/node.ts is the entry', () => {
    expect(nodeBuiltinsReached(graph, 'src/node.ts').length).toBeGreaterThan(0);
    expect(nodeBuiltinsReached(graph, 'src/node.ts').every((chain) => chain.startsWith('src/node.ts → '))).toBe(true);
  });
});
