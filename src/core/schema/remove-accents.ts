/**
 * WordPress 6.1's `remove_accents` (`wp-includes/formatting.php`) in the default locale: text
 * outside ASCII is put in Unicode NFC (as 6.1 does when PHP has `intl`, which the official
 * WordPress images ship), then each letter of WordPress's table becomes its ASCII spelling and
 * everything else stays. The locale-specific replacements (`de_*`: ä → ae, ß → ss; `da_DK`:
 * æ → ae, å → aa; `ca`: l·l → ll; `sr_RS`, `bs_BA`: đ → dj) belong to other site languages and
 * are not applied: the site's locale is `en_US`. Only UTF-8 text reaches here, so the
 * ISO-8859-1 branch of the PHP function has no counterpart.
 */

/** WordPress's table, grouped by replacement: every letter of a group's first string becomes its second. */
const GROUPS: ReadonlyArray<readonly [letters: string, ascii: string]> = [
  // Latin-1 Supplement.
  ['ª', 'a'],
  ['º', 'o'],
  ['ÀÁÂÃÄÅ', 'A'],
  ['Æ', 'AE'],
  ['Ç', 'C'],
  ['ÈÉÊË', 'E'],
  ['ÌÍÎÏ', 'I'],
  ['Ð', 'D'],
  ['Ñ', 'N'],
  ['ÒÓÔÕÖØ', 'O'],
  ['ÙÚÛÜ', 'U'],
  ['Ý', 'Y'],
  ['Þ', 'TH'],
  ['ß', 's'],
  ['àáâãäå', 'a'],
  ['æ', 'ae'],
  ['ç', 'c'],
  ['èéêë', 'e'],
  ['ìíîï', 'i'],
  ['ð', 'd'],
  ['ñ', 'n'],
  ['òóôõöø', 'o'],
  ['ùúûü', 'u'],
  ['ýÿ', 'y'],
  ['þ', 'th'],
  // Latin Extended-A.
  ['ĀĂĄ', 'A'],
  ['āăą', 'a'],
  ['ĆĈĊČ', 'C'],
  ['ćĉċč', 'c'],
  ['ĎĐ', 'D'],
  ['ďđ', 'd'],
  ['ĒĔĖĘĚ', 'E'],
  ['ēĕėęě', 'e'],
  ['ĜĞĠĢ', 'G'],
  ['ĝğġģ', 'g'],
  ['ĤĦ', 'H'],
  ['ĥħ', 'h'],
  ['ĨĪĬĮİ', 'I'],
  ['ĩīĭįı', 'i'],
  ['Ĳ', 'IJ'],
  ['ĳ', 'ij'],
  ['Ĵ', 'J'],
  ['ĵ', 'j'],
  ['Ķ', 'K'],
  ['ķĸ', 'k'],
  ['ĹĻĽĿŁ', 'L'],
  ['ĺļľŀł', 'l'],
  ['ŃŅŇŊ', 'N'],
  ['ńņňŉŋ', 'n'],
  ['ŌŎŐ', 'O'],
  ['ōŏő', 'o'],
  ['Œ', 'OE'],
  ['œ', 'oe'],
  ['ŔŖŘ', 'R'],
  ['ŕŗř', 'r'],
  ['ŚŜŞŠ', 'S'],
  ['śŝşšſ', 's'],
  ['ŢŤŦ', 'T'],
  ['ţťŧ', 't'],
  ['ŨŪŬŮŰŲ', 'U'],
  ['ũūŭůűų', 'u'],
  ['Ŵ', 'W'],
  ['ŵ', 'w'],
  ['ŶŸ', 'Y'],
  ['ŷ', 'y'],
  ['ŹŻŽ', 'Z'],
  ['źżž', 'z'],
  // Latin Extended-B.
  ['Ș', 'S'],
  ['ș', 's'],
  ['Ț', 'T'],
  ['ț', 't'],
  // Euro and pound signs.
  ['€', 'E'],
  ['£', ''],
  // Vowels with diacritic (Vietnamese): unmarked, grave, hook, tilde, acute, dot below.
  ['ƠỒỜỎỔỞỖỠỐỚỌỘỢ', 'O'],
  ['ơồờỏổởỗỡốớọộợ', 'o'],
  ['ƯỪỦỬỮỨỤỰ', 'U'],
  ['ưừủửữứụự', 'u'],
  ['ẦẰẢẨẲẪẴẤẮẠẬẶ', 'A'],
  ['ầằảẩẳẫẵấắạậặ', 'a'],
  ['ỀẺỂẼỄẾẸỆ', 'E'],
  ['ềẻểẽễếẹệ', 'e'],
  ['ỈỊ', 'I'],
  ['ỉị', 'i'],
  ['ỲỶỸỴ', 'Y'],
  ['ỳỷỹỵ', 'y'],
  // Vowels with diacritic (Chinese, Hanyu Pinyin): unmarked alpha, macron, acute, caron, grave.
  ['ɑ', 'a'],
  ['ǕǗǓǙǛ', 'U'],
  ['ǖǘǔǚǜ', 'u'],
  ['Ǎ', 'A'],
  ['ǎ', 'a'],
  ['Ǐ', 'I'],
  ['ǐ', 'i'],
  ['Ǒ', 'O'],
  ['ǒ', 'o'],
];

/** Each letter of the table (all of them single UTF-16 units, U+00AA–U+1EF9) and its replacement. */
const REPLACEMENTS: ReadonlyMap<number, string> = new Map(
  GROUPS.flatMap(([letters, ascii]) => [...letters].map((letter) => [letter.charCodeAt(0), ascii] as const)),
);

/** Whether text has a character outside ASCII (`preg_match('/[\x80-\xff]/')` on its UTF-8 bytes). */
function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return true;
  return false;
}

/** `remove_accents( $text )` for UTF-8 text in the default locale: one pass over the NFC form. */
export function removeAccents(text: string): string {
  if (!hasNonAscii(text)) return text;
  const composed = text.normalize('NFC');
  let out = '';
  let from = 0;
  for (let i = 0; i < composed.length; i++) {
    const replacement = REPLACEMENTS.get(composed.charCodeAt(i));
    if (replacement === undefined) continue;
    out += composed.slice(from, i) + replacement;
    from = i + 1;
  }
  return from === 0 ? composed : out + composed.slice(from);
}
