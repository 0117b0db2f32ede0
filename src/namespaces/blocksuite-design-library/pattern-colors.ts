// `cpt_switch_color` and `cpt_switch_meta_color`: a Kadence helper post (header, navigation, form,
// query) recoloured for a pattern's `dark` or `highlight` style by renaming its palette colours.
// Each step is one `str_replace` over the whole text, in the plugin's order, through placeholders
// so a colour renamed once is not renamed again: a fixed number of linear passes.
import { nextFinder, replaceAll } from './text-scan.js';

/** One `str_replace`: every occurrence of `from` becomes `to`. */
type Rename = readonly [from: string, to: string];

/** The renames in order, each over the result of the one before. */
function renameAll(text: string, renames: readonly Rename[]): string {
  return renames.reduce((out, [from, to]) => replaceAll(out, from, to), text);
}

/** Palette `n` → placeholder `target[n-1]` (`0`: left as it is), for one family of names. */
function family(from: (n: number) => string, to: (n: number) => string, targets: readonly number[]): Rename[] {
  return targets.flatMap((target, i) => (target === 0 ? [] : [[from(i + 1), to(target)] as const]));
}

/** Where each palette colour goes: highlight and dark (every style but light and highlight). */
const HIGHLIGHT = [9, 8, 9, 9, 8, 7, 2, 2, 1];
const DARK = [0, 0, 9, 8, 7, 7, 3, 3, 4];
const NINE = [1, 2, 3, 4, 5, 6, 7, 8, 9];

const palette = (n: number) => `palette${n}`;
const kbPal = (n: number) => `placeholder-kb-pal${n}`;

/** The placeholders back to palette names, the last step of both. */
const RESTORE_PALETTE = family(kbPal, palette, NINE);

/** The logo placeholders' white versions: `Logo-ploaceholder` (sic) 0–8 and `logo-placeholder` 0–10. */
const WHITE_LOGOS: Rename[] = [
  ...['', '-1', '-2', '-3', '-4', '-5', '-6', '-7', '-8'].map(
    (n) => [`Logo-ploaceholder${n}.png`, `Logo-ploaceholder${n}-white.png`] as const,
  ),
  ...['', '-1', '-2', '-3', '-4', '-5', '-6', '-7', '-8', '-9', '-10'].map(
    (n) => [`logo-placeholder${n}.png`, `logo-placeholder${n}-white.png`] as const,
  ),
];

/** A style's renames of class and palette names to placeholders. */
function styleRenames(targets: readonly number[]): Rename[] {
  return [
    ...family(
      (n) => `has-theme-palette-${n}`,
      (n) => `placeholder-kb-class${n}`,
      targets,
    ),
    ...family(
      (n) => `theme-palette${n}`,
      (n) => `placeholder-class-pal${n}`,
      targets,
    ),
    ...family(palette, kbPal, targets),
  ];
}

/** The placeholders back to class and palette names. */
const RESTORE_ALL: Rename[] = [
  ...family(
    (n) => `placeholder-kb-class${n}`,
    (n) => `has-theme-palette-${n}`,
    NINE,
  ),
  ...family(
    (n) => `placeholder-class-pal${n}`,
    (n) => `theme-palette${n}`,
    NINE,
  ),
  ...RESTORE_PALETTE,
];

/**
 * `get_string_inbetween`: the text between the first `start` and the next `end` after it, or ''
 * when `verify` is absent or first, or `start` is absent or first (PHP's `strpos(…) == 0`). With no
 * `end`, PHP's `substr` with the negative length it computes.
 */
function between(text: string, start: string, end: string, verify: string): string {
  if (text.indexOf(verify) <= 0) return '';
  const at = text.indexOf(start);
  if (at <= 0) return '';
  const from = at + start.length;
  const to = text.indexOf(end, from);
  return to < 0 ? text.slice(from, Math.max(from, text.length - from)) : text.slice(from, to);
}

/**
 * `get_string_inbetween_when`: the text between a `start` and the next `end` whose first
 * occurrence of `verify` is past its first character (`strpos( $sub, $verify ) == 0` sends the
 * plugin on to the next `start`). The plugin cuts out each candidate and searches it again; here
 * the next `end` and `verify` are remembered as the starts advance, so the text is read once.
 */
function betweenWhen(text: string, start: string, end: string, verify: string): string {
  const nextEnd = nextFinder(text, end);
  const nextVerify = nextFinder(text, verify);
  let from = 0;
  for (;;) {
    const at = text.indexOf(start, from);
    if (at <= 0) return '';
    const inside = at + start.length;
    const close = nextEnd(inside);
    const stop = close < 0 ? Math.max(inside, text.length - inside) : close;
    const found = nextVerify(inside);
    if (found > inside && found + verify.length <= stop) return text.slice(inside, stop);
    from = inside;
  }
}

/** `cpt_switch_color`: a helper post's content recoloured for `style` (`highlight`, or any other non-light style as dark). */
export function switchContentColors(content: string, style: string): string {
  let out = renameAll(content, WHITE_LOGOS);
  if (style === 'highlight') {
    const form = between(out, '"submit":[{', ']}', 'wp:kadence/form');
    if (form) {
      const recoloured = renameAll(form, [
        ['"color":""', '"color":"placeholder-kb-pal9"'],
        ['"background":""', '"background":"placeholder-kb-pal3"'],
        ['"colorHover":""', '"colorHover":"placeholder-kb-pal9"'],
        ['"backgroundHover":""', '"backgroundHover":"placeholder-kb-pal4"'],
      ]);
      out = replaceAll(out, form, recoloured);
    }
    out = replaceAll(
      out,
      '"inheritStyles":"inherit"',
      '"color":"placeholder-kb-pal9","background":"placeholder-kb-pal3","colorHover":"placeholder-kb-pal9","backgroundHover":"placeholder-kb-pal4","inheritStyles":"inherit"',
    );
    out = renameAll(out, styleRenames(HIGHLIGHT));
  } else {
    const white = betweenWhen(out, '<!-- wp:kadence/column', 'kt-inside-inner-col', 'kb-pattern-light-color');
    if (white) {
      const kept = renameAll(white, [
        ['"textColor":"palette9"', '"textColor":"placeholder-kb-pal9"'],
        ['"linkColor":"palette9"', '"linkColor":"placeholder-kb-pal9"'],
        ['"linkHoverColor":"palette9"', '"linkHoverColor":"placeholder-kb-pal9"'],
      ]);
      out = replaceAll(out, white, kept);
    }
    out = renameAll(out, styleRenames(DARK));
  }
  return renameAll(out, RESTORE_ALL);
}

/** `cpt_switch_meta_color`: a meta value recoloured through its JSON text (palette names only). */
export function switchMetaColors(value: unknown, style: string): unknown {
  const json = JSON.stringify(value ?? null);
  const renamed = renameAll(json, [...family(palette, kbPal, style === 'highlight' ? HIGHLIGHT : DARK), ...RESTORE_PALETTE]);
  return JSON.parse(renamed) as unknown;
}
