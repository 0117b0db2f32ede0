// HTML as a stream of tokens with their places in the source, from htmlparser2's Tokenizer: a
// single pass however malformed the markup is. The Tokenizer is used without htmlparser2's
// Parser, whose stack of open elements is shifted and searched on every tag (quadratic on deep or
// unbalanced markup), and without entity decoding, so callers see the text as written.
import { QuoteType, Tokenizer } from 'htmlparser2';

/** One attribute of a tag, as written. */
export interface HtmlAttribute {
  /** Its name, lower-cased. */
  name: string;
  /** Its name as written. */
  rawName: string;
  /** Its value as written (references not decoded); null when it has none. */
  value: string | null;
  /** The quote around the value: `"`, `'`, or `''` for an unquoted value or none. */
  quote: '"' | "'" | '';
}

/** Text between tags; inside `<script>`, `<style>`, `<title>`, `<textarea>` and `<xmp>` all is text. */
interface HtmlText {
  kind: 'text';
  start: number;
  end: number;
}

/** A start tag, complete with its `>`; a tag cut off by the end of the input is no token. */
interface HtmlStartTag {
  kind: 'open';
  /** The element's name, lower-cased. */
  name: string;
  attributes: HtmlAttribute[];
  start: number;
  end: number;
}

/** An end tag; `end` is after its `>`, or the end of the input when it has none. */
interface HtmlEndTag {
  kind: 'close';
  /** The element's name, lower-cased. */
  name: string;
  start: number;
  end: number;
}

/** A comment; `closed` when it ends with `-->` (then `body` is what lies between `<!--` and `-->`). */
interface HtmlComment {
  kind: 'comment';
  closed: boolean;
  /** Where its text starts and ends. */
  body: { start: number; end: number };
  start: number;
  end: number;
}

/** A token and its span `[start, end)` in the source. Doctypes, `<?…>` and CDATA are no tokens. */
type HtmlToken = HtmlText | HtmlStartTag | HtmlEndTag | HtmlComment;

/**
 * Calls `visit` with each token of the HTML in order, adjacent text merged into one token; a
 * visitor answering false ends the scan. Bytes no token covers (a tag cut off at the end, a
 * doctype) are simply not visited.
 */
export function scanHtml(html: string, visit: (token: HtmlToken) => boolean | void): void {
  let stopped = false;
  let text: HtmlText | null = null;
  let tag: HtmlStartTag | null = null;
  let attribute: HtmlAttribute | null = null;

  const emit = (token: HtmlToken) => {
    if (stopped) return;
    if (visit(token) === false) {
      stopped = true;
      tokenizer.pause();
    }
  };
  const flushText = () => {
    if (text) emit(text);
    text = null;
  };
  const other = (token: HtmlToken) => {
    flushText();
    emit(token);
  };
  const openTag = (end: number) => {
    if (!tag) return;
    tag.end = end + 1;
    other(tag);
    tag = null;
  };

  const tokenizer = new Tokenizer(
    { decodeEntities: false },
    {
      ontext(start, end) {
        // After an end tag cut off by the end of the input the Tokenizer reports text from -1.
        if (start < 0 || end <= start) return;
        if (text && text.end === start) text.end = end;
        else {
          flushText();
          text = { kind: 'text', start, end };
        }
      },
      onopentagname(start, end) {
        tag = { kind: 'open', name: html.slice(start, end).toLowerCase(), attributes: [], start: start - 1, end: -1 };
      },
      onattribname(start, end) {
        const rawName = html.slice(start, end);
        attribute = { name: rawName.toLowerCase(), rawName, value: null, quote: '' };
      },
      onattribdata(start, end) {
        if (attribute) attribute.value = (attribute.value ?? '') + html.slice(start, end);
      },
      onattribend(quote) {
        if (!attribute || !tag) return;
        if (quote !== QuoteType.NoValue) attribute.value ??= '';
        attribute.quote = quote === QuoteType.Double ? '"' : quote === QuoteType.Single ? "'" : '';
        tag.attributes.push(attribute);
        attribute = null;
      },
      onopentagend: openTag,
      onselfclosingtag: openTag,
      onclosetag(start, end) {
        // The name comes before the `>`, and `</` may be followed by spaces.
        const gt = html.indexOf('>', end);
        other({
          kind: 'close',
          name: html.slice(start, end).toLowerCase(),
          start: html.lastIndexOf('<', start),
          end: gt < 0 ? html.length : gt + 1,
        });
      },
      oncomment(start, end, endOffset) {
        const closed = endOffset === 2;
        const opened = html.startsWith('<!--', start - 4);
        other({
          kind: 'comment',
          closed,
          body: { start, end: Math.max(start, end - endOffset) },
          start: start - (opened ? 4 : 2),
          end: end === html.length ? end : end + 1,
        });
      },
      oncdata() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      onattribentity() {},
      ontextentity() {},
      onend: flushText,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}

/** The HTML with each token `replace` answers a string for replaced by it; the rest as written. */
export function rewriteHtml(html: string, replace: (token: HtmlToken) => string | undefined): string {
  let out = '';
  let at = 0;
  scanHtml(html, (token) => {
    const replacement = replace(token);
    if (replacement === undefined) return;
    out += html.slice(at, token.start) + replacement;
    at = token.end;
  });
  return out + html.slice(at);
}
