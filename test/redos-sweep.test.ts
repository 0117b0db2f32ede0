/**
 * The ReDoS sweep of issue 10: every regex in `src/` — regex literals and `RegExp(…)`
 * constructions, found by walking each file's TypeScript syntax tree — is checked by `recheck`
 * with its own flags. A vulnerable one (exponential or polynomial), or a construction whose
 * source is not a literal or a template of same-file constants, fails the sweep unless
 * `test/fixtures/redos-allowlist.json` lists it with a reason and the length cap applied before
 * it runs (or `"registration-time host input"` where it only ever sees the host's own code, or
 * `"checked linear at registration"` where its source is made of patterns the ReDoS analysis accepted).
 * Allow-list entries that match nothing, or that recheck finds safe, fail it too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostics } from 'recheck';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { recheckVerdict } from './helpers/recheck-verdict.js';
import { FIXTURES } from './helpers/peer.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const HOST_INPUT = 'registration-time host input';
/** A regex built from patterns that `src/core/regex/safety.ts` judged linear when they were registered. */
const CHECKED = 'checked linear at registration';

/** A regex as written in `src/`. */
interface FoundRegex {
  file: string;
  line: number;
  /** The pattern, or for a dynamic construction the source expression as written. */
  source: string;
  /** The flags (for a dynamic construction whose flags are not constant, the expression as written). */
  flags: string;
  /** `literal`: `/…/`; `constructed`: `RegExp(…)` with a source known at compile time; `dynamic`: any other `RegExp(…)`. */
  kind: 'literal' | 'constructed' | 'dynamic';
}

/** One allow-list entry. */
interface AllowEntry {
  file: string;
  source: string;
  reason: string;
  cap: number | typeof HOST_INPUT | typeof CHECKED;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `const` declarations of a file by name; a name declared twice maps to undefined (not foldable). */
function constInitializers(file: ts.SourceFile): Map<string, ts.Expression | undefined> {
  const found = new Map<string, ts.Expression | undefined>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclarationList(node)) {
      const isConst = (node.flags & ts.NodeFlags.Const) !== 0;
      for (const declaration of node.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const name = declaration.name.text;
        found.set(name, found.has(name) || !isConst ? undefined : declaration.initializer);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The string an expression always evaluates to, when it is built from literals and same-file constants only. */
function fold(node: ts.Expression, constants: Map<string, ts.Expression | undefined>, seen: Set<string> = new Set()): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return fold(node.expression, constants, seen);
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const part = fold(span.expression, constants, seen);
      if (part === undefined) return undefined;
      text += part + span.literal.text;
    }
    return text;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = fold(node.left, constants, seen);
    const right = left === undefined ? undefined : fold(node.right, constants, seen);
    return right === undefined ? undefined : left! + right;
  }
  if (ts.isIdentifier(node) && !seen.has(node.text)) {
    const initializer = constants.get(node.text);
    return initializer === undefined ? undefined : fold(initializer, constants, new Set([...seen, node.text]));
  }
  return undefined;
}

function isRegExpCallee(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return node.text === 'RegExp';
  return (
    ts.isPropertyAccessExpression(node) &&
    node.name.text === 'RegExp' &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'globalThis'
  );
}

/** Every regex literal and `RegExp(…)` / `new RegExp(…)` in one file. */
function regexesIn(path: string): FoundRegex[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const constants = constInitializers(file);
  const name = relative(ROOT, path).split(sep).join('/');
  const found: FoundRegex[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = (node as ts.LiteralExpression).text;
      const slash = text.lastIndexOf('/');
      found.push({ file: name, line: lineOf(node), source: text.slice(1, slash), flags: text.slice(slash + 1), kind: 'literal' });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && isRegExpCallee(node.expression)) {
      const [patternArg, flagsArg] = node.arguments ?? [];
      const source = patternArg === undefined ? '(?:)' : fold(patternArg, constants);
      const flags = flagsArg === undefined ? '' : fold(flagsArg, constants);
      if (source !== undefined && flags !== undefined) {
        found.push({ file: name, line: lineOf(node), source, flags, kind: 'constructed' });
      } else {
        const written = (arg: ts.Expression | undefined) => (arg === undefined ? '' : arg.getText(file));
        found.push({ file: name, line: lineOf(node), source: written(patternArg), flags: flags ?? written(flagsArg), kind: 'dynamic' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function verdict(diagnostics: Diagnostics): string {
  if (diagnostics.status === 'safe') return diagnostics.complexity.type;
  if (diagnostics.status === 'unknown') return `unknown (${diagnostics.error.kind})`;
  const { complexity } = diagnostics;
  return complexity.type === 'polynomial' ? `polynomial, degree ${complexity.degree}` : 'exponential';
}

function describeRegex(regex: FoundRegex): string {
  if (regex.kind === 'dynamic') return `${regex.file}:${regex.line} RegExp(${regex.source}${regex.flags === '' ? '' : `, ${regex.flags}`})`;
  return `${regex.file}:${regex.line} /${regex.source}/${regex.flags}`;
}

const allowList = JSON.parse(readFileSync(join(FIXTURES, 'redos-allowlist.json'), 'utf8')) as AllowEntry[];
const allowed = (regex: FoundRegex) => allowList.find((entry) => entry.file === regex.file && entry.source === regex.source);

describe('ReDoS sweep over every regex in src/', () => {
  const regexes = sourceFiles(SRC).flatMap(regexesIn);
  const results = new Map<string, Diagnostics>();
  const keyOf = (regex: FoundRegex) => `${regex.flags}/${regex.source}`;
  const resultOf = (regex: FoundRegex) => results.get(keyOf(regex));

  beforeAll(() => {
    for (const regex of regexes) {
      if (regex.kind === 'dynamic' || results.has(keyOf(regex))) continue;
      results.set(keyOf(regex), recheckVerdict(regex.source, regex.flags, 60_000));
    }
    const rows = regexes.map((regex) => {
      const result = resultOf(regex);
      const status = result ? verdict(result) : 'not checkable (dynamic source)';
      return `${status.padEnd(32)} ${allowed(regex) ? 'allow-listed ' : '             '}${describeRegex(regex)}`;
    });
    console.log(`Checked ${regexes.length} regexes (${results.size} distinct patterns):\n${rows.join('\n')}`);
  }, 300_000);

  it('finds regex literals and RegExp constructions in the source tree', () => {
    expect(regexes.filter((regex) => regex.kind === 'literal').length).toBeGreaterThan(50);
    expect(regexes.some((regex) => regex.kind !== 'literal')).toBe(true);
  });

  it('allow-list entries name a file, a regex, a one-line reason and a length cap', () => {
    for (const entry of allowList) {
      expect(Object.keys(entry).sort(), JSON.stringify(entry)).toEqual(['cap', 'file', 'reason', 'source']);
      expect(entry.file).toMatch(/^src\/.+\.ts$/);
      expect(entry.source).not.toBe('');
      expect(entry.reason.trim()).not.toBe('');
      expect(entry.reason).not.toContain('\n');
      expect(
        entry.cap === HOST_INPUT || entry.cap === CHECKED || (Number.isInteger(entry.cap) && entry.cap > 0),
        JSON.stringify(entry),
      ).toBe(true);
    }
  });

  it('no regex that recheck finds vulnerable runs without an allow-list entry', () => {
    const vulnerable = regexes.filter(
      (regex) => resultOf(regex)?.status !== undefined && resultOf(regex)?.status !== 'safe' && !allowed(regex),
    );
    expect(vulnerable.map((regex) => `${describeRegex(regex)}: ${verdict(resultOf(regex)!)}`)).toEqual([]);
  });

  it('every RegExp construction has a source the sweep can check, or an allow-list entry', () => {
    const unchecked = regexes.filter((regex) => regex.kind === 'dynamic' && !allowed(regex));
    expect(unchecked.map(describeRegex)).toEqual([]);
  });

  it('every allow-list entry still matches a regex that needs it', () => {
    const stale = allowList.filter((entry) => {
      const matches = regexes.filter((regex) => regex.file === entry.file && regex.source === entry.source);
      return matches.length === 0 || matches.every((regex) => resultOf(regex)?.status === 'safe');
    });
    expect(stale.map((entry) => `${entry.file}: ${entry.source}`)).toEqual([]);
  });
});
