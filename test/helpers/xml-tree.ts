// A small XML 1.0 reader for tests: well-formedness (one root, tags nested and closed, attributes
// quoted and not repeated, references among the five entities and character references, no
// character XML 1.0 forbids anywhere) and the document as a tree. It throws on the first fault,
// naming it and its offset. No DTD: WXR has none, and a file with one is refused.

/** An element: its qualified name, attributes, child elements and its text (CDATA included). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const FORBIDDEN = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(text: string, at: number): string {
  return text.replace(/&([^;&<]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new Error(`unterminated reference at ${at}`);
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    if (!(ref in ENTITIES)) throw new Error(`unknown entity &${ref}; at ${at}`);
    return ENTITIES[ref]!;
  });
}

/** The document's root element; throws when the text is not well-formed XML 1.0. */
export function parseXml(xml: string): XmlElement {
  const bad = FORBIDDEN.exec(xml);
  if (bad) throw new Error(`character U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')} XML 1.0 forbids at ${bad.index}`);
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const expect = (end: string, from: number) => {
    const at = xml.indexOf(end, from);
    if (at === -1) throw new Error(`no ${end} after ${from}`);
    return at;
  };
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (text.trim() !== '') {
      if (stack.length === 0) throw new Error(`text outside the root at ${i}`);
      if (text.includes('>') && text.includes(']]>')) throw new Error(`]]> in text at ${i}`);
      stack.at(-1)!.text += unescape(text, i);
    } else if (stack.length > 0) stack.at(-1)!.text += text;
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) {
      const end = expect('-->', lt + 4);
      if (xml.slice(lt + 4, end).includes('--')) throw new Error(`-- inside a comment at ${lt}`);
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      if (stack.length === 0) throw new Error(`CDATA outside the root at ${lt}`);
      const end = expect(']]>', lt + 9);
      stack.at(-1)!.text += xml.slice(lt + 9, end);
      i = end + 3;
    } else if (xml.startsWith('<?', lt)) {
      i = expect('?>', lt + 2) + 2;
    } else if (xml.startsWith('<!', lt)) {
      throw new Error(`declaration at ${lt}: no DTD is read`);
    } else if (xml.startsWith('</', lt)) {
      const end = expect('>', lt);
      const name = xml.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}> at ${lt}`);
      i = end + 1;
    } else {
      const name = NAME.exec(xml.slice(lt + 1, lt + 200))?.[0];
      if (!name) throw new Error(`bad tag at ${lt}`);
      const element: XmlElement = { name, attributes: {}, children: [], text: '' };
      let j = lt + 1 + name.length;
      for (;;) {
        while (/\s/.test(xml[j] ?? '')) j++;
        if (xml[j] === '>' || xml.startsWith('/>', j)) break;
        const attribute = /^([A-Za-z_][\w.:-]*)\s*=\s*("[^"<]*"|'[^'<]*')/.exec(xml.slice(j, j + 10_000));
        if (!attribute) throw new Error(`bad attribute at ${j}`);
        if (Object.hasOwn(element.attributes, attribute[1]!)) throw new Error(`repeated attribute ${attribute[1]} at ${j}`);
        element.attributes[attribute[1]!] = unescape(attribute[2]!.slice(1, -1), j);
        j += attribute[0].length;
      }
      if (stack.length > 0) stack.at(-1)!.children.push(element);
      else if (root) throw new Error(`a second root at ${lt}`);
      else root = element;
      if (xml[j] === '>') stack.push(element);
      i = xml.indexOf('>', j) + 1;
    }
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** The first child named `name`; throws when there is none. */
export function child(element: XmlElement, name: string): XmlElement {
  const found = element.children.find((c) => c.name === name);
  if (!found) throw new Error(`<${element.name}> has no <${name}>`);
  return found;
}
