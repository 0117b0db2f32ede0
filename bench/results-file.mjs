// bench/RESULTS.md is written by several scripts (run.mjs, peer.mjs) and partly by hand: each
// writer owns the sections between its `<!-- name:start -->` and `<!-- name:end -->` markers and
// replaces only those, so every other section, marked or not, is kept as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const RESULTS_FILE = new URL('./RESULTS.md', import.meta.url);

/**
 * Where a section goes when the file does not have it yet: before the first section named after
 * it here that the file has (else at the end). `profiles` and `interleave` are written by hand.
 */
const SECTION_ORDER = [
  'peer-bench',
  'posts-page',
  'site-insights-report',
  'allocation',
  'socket-cpu',
  'signed-in',
  'start-up',
  'profiles',
  'interleave',
  'bench-run',
];

const start = (name) => `<!-- ${name}:start -->`;
const end = (name) => `<!-- ${name}:end -->`;

/** `text` with the section `name` holding `body`: replaced where it is, or inserted by {@link SECTION_ORDER}. */
function withSection(text, name, body) {
  const block = `${start(name)}\n\n${body.trim()}\n\n${end(name)}`;
  const from = text.indexOf(start(name));
  const to = text.indexOf(end(name));
  if (from !== -1 && to > from) return text.slice(0, from) + block + text.slice(to + end(name).length);
  const later = SECTION_ORDER.slice(SECTION_ORDER.indexOf(name) + 1)
    .map((other) => text.indexOf(start(other)))
    .filter((at) => at !== -1);
  if (later.length === 0) return `${text.trimEnd()}\n\n${block}\n`;
  const at = Math.min(...later);
  return `${text.slice(0, at)}${block}\n\n${text.slice(at)}`;
}

/** Writes the given sections (`{ name: markdown }`) into bench/RESULTS.md, keeping the rest of it. */
export function writeSections(sections) {
  let text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '# site-rest benchmarks\n';
  for (const [name, body] of Object.entries(sections)) text = withSection(text, name, body);
  writeFileSync(RESULTS_FILE, text);
}
