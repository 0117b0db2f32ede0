// `node scripts/sync-doc-types.mjs`: rewrites every `<!-- sample: types FILE -->` block of README.md
// and docs/ with the declarations of the same names as FILE has them now, comments included, in
// the block's order. test/docs-samples.test.ts fails when a shown type drifts from its source; this
// is how the page follows a change of the source, instead of copying declarations by hand.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
const MARKER = /^<!-- sample: types (\S+) -->$/;

function pages(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? pages(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
  );
}

/** Each top-level declaration's names, with the statement's text from its leading comments on. */
function declarations(source, fileName) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  return file.statements.map((statement) => {
    const names =
      statement.name !== undefined
        ? [statement.name.getText(file)]
        : ts.isVariableStatement(statement)
          ? statement.declarationList.declarations.map((declaration) => declaration.name.getText(file))
          : [];
    const comments = ts.getLeadingCommentRanges(source, statement.getFullStart()) ?? [];
    const start = comments.length > 0 ? comments[0].pos : statement.getStart(file);
    return { names, text: source.slice(start, statement.getEnd()) };
  });
}

let changed = 0;
for (const page of [join(ROOT, 'README.md'), ...pages(join(ROOT, 'docs'))]) {
  const lines = readFileSync(page, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const marker = MARKER.exec(lines[i]);
    if (!marker) continue;
    const open = lines.findIndex((line, at) => at > i && line.startsWith('```'));
    const close = lines.findIndex((line, at) => at > open && line.startsWith('```'));
    const shown = declarations(lines.slice(open + 1, close).join('\n'), 'shown.ts');
    const source = declarations(readFileSync(join(ROOT, marker[1]), 'utf8'), marker[1]);
    const texts = shown.map((declaration) => {
      const found = source.find((each) => each.names.some((name) => declaration.names.includes(name)));
      if (!found) throw new Error(`${relative(ROOT, page)}:${i + 1}: ${declaration.names.join(', ')} is not declared in ${marker[1]}`);
      return found.text;
    });
    const body = texts.join('\n\n').split('\n');
    if (body.join('\n') !== lines.slice(open + 1, close).join('\n')) changed++;
    lines.splice(open + 1, close - open - 1, ...body);
  }
  writeFileSync(page, lines.join('\n'));
}
console.log(`sync-doc-types: ${changed} block(s) rewritten`);
