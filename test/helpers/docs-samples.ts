// The code samples of README.md and docs/**/*.md, read as test/docs-samples.test.ts runs them.
// The convention (CONTRIBUTING.md, "Documentation"): every fenced block names its language; a
// `ts` or `js` block is a complete program, compiled and run, a `sh` block is run with the
// checkout's CLI, a `json` block is parsed; an HTML comment `<!-- sample: KIND … -->` on the
// line before a fence says how else to check it, or why it cannot be run.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The languages a fence may name: `text` is for output and diagrams, and is not a sample. */
const LANGUAGES = ['ts', 'js', 'sh', 'json', 'text'] as const;
type Language = (typeof LANGUAGES)[number];

/** How a sample is checked, as its marker says; `run` when it has none. */
export type SampleKind =
  | 'run' // ts/js: compiled and run to completion; sh: run; json: parsed
  | 'server' // started with every listen moved to a free port, asked one request, stopped
  | 'fetch' // ts/js: its default export's `fetch` (Workers, Bun, Hono) asked one request
  | 'types' // ts: each declaration is the one of that name in the source file named
  | 'compile-only' // ts/js: compiled, not run; the marker says why
  | 'fragment' // ts/js: neither compiled nor run (part of a program); the marker says why
  | 'not-run'; // sh: not run; the marker says why

/** The markers that exempt a sample from running, which must say why and stay few. */
export const EXEMPT_KINDS: readonly SampleKind[] = ['compile-only', 'fragment', 'not-run'];

/** One request a `server` or `fetch` sample is asked, and what it must answer. */
export interface SampleRequest {
  method: string;
  path: string;
  status: number;
  /** Text the answer's body must contain, when given. */
  contains?: string;
}

/** A fenced block of a page. */
export interface Sample {
  /** The page, relative to the repository (`docs/storage.md`). */
  page: string;
  /** The line of the opening fence, 1-based. */
  line: number;
  lang: Language;
  code: string;
  kind: SampleKind;
  /** What the marker says after its kind: a reason, a request, or a source file. */
  note: string;
  /** The request of a `server` or `fetch` sample. */
  request?: SampleRequest;
}

/** The pages whose samples are checked: README.md and every Markdown file under docs/. */
export function docPages(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
    );
  return [
    'README.md',
    ...walk(join(root, 'docs'))
      .map((path) => relative(root, path))
      .sort(),
  ];
}

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const MARKER = /^<!-- sample: ([a-z-]+)(?: (.*?))? -->$/;
const REQUEST = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) (\d{3})(?: "(.*)")?$/;

/** The marker on the line before a fence (blank lines between are allowed), or null. */
function markerBefore(lines: string[], fenceIndex: number): { kind: string; note: string } | null {
  let index = fenceIndex - 1;
  while (index >= 0 && lines[index]!.trim() === '') index--;
  const match = index >= 0 ? MARKER.exec(lines[index]!.trim()) : null;
  return match ? { kind: match[1]!, note: match[2] ?? '' } : null;
}

/** Every fenced block of a page, with what its marker says; throws on a fence or marker the convention does not know. */
export function samplesOf(root: string, page: string): Sample[] {
  const lines = readFileSync(join(root, page), 'utf8').split('\n');
  const samples: Sample[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    const where = `${page}:${index + 1}`;
    const lang = info.trim();
    if (!(LANGUAGES as readonly string[]).includes(lang))
      throw new Error(`${where}: a fence names one of ${LANGUAGES.join(', ')}, not "${lang}"`);
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end++) {
      const line = lines[end]!;
      if (line.trim().startsWith(fence[0]!.repeat(fence.length)) && line.trim().replaceAll(fence[0]!, '') === '') break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    if (end === lines.length) throw new Error(`${where}: the fence is never closed`);
    const marker = markerBefore(lines, index);
    const sample: Sample = { page, line: index + 1, lang: lang as Language, code: body.join('\n') + '\n', kind: 'run', note: '' };
    if (marker) {
      sample.kind = checkedKind(marker.kind, sample.lang, where);
      sample.note = marker.note;
      if (sample.kind === 'server' || sample.kind === 'fetch') {
        const request = REQUEST.exec(marker.note);
        if (!request)
          throw new Error(`${where}: a ${sample.kind} marker reads "METHOD /path STATUS" and optionally "text the body contains"`);
        sample.request = {
          method: request[1]!,
          path: request[2]!,
          status: Number(request[3]),
          ...(request[4] ? { contains: request[4] } : {}),
        };
      }
    }
    if (lang !== 'text') samples.push(sample);
    index = end;
  }
  return samples;
}

const KINDS_BY_LANGUAGE: Record<Language, readonly SampleKind[]> = {
  ts: ['server', 'fetch', 'types', 'compile-only', 'fragment'],
  js: ['server', 'fetch', 'compile-only', 'fragment'],
  sh: ['server', 'not-run'],
  json: ['fragment'],
  text: [],
};

/** A marker's kind, if the convention has it for the fence's language. */
function checkedKind(kind: string, lang: Language, where: string): SampleKind {
  if (!(KINDS_BY_LANGUAGE[lang] as readonly string[]).includes(kind)) {
    throw new Error(`${where}: a ${lang} sample may be marked ${KINDS_BY_LANGUAGE[lang].join(', ') || 'nothing'}, not "${kind}"`);
  }
  return kind as SampleKind;
}

/** The file a compiled sample is written to, named for its page and line so a diagnostic leads back to the Markdown. */
export function sampleFileName(sample: Sample): string {
  return `${sample.page.replace(/\.md$/, '').replace(/[^A-Za-z0-9]+/g, '_')}_L${sample.line}.${sample.lang}`;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .trim();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** The anchors of a page's headings, numbered as GitHub numbers repeats (`-1`, `-2`). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}
