// PHP's `html_entity_decode` for the entities WordPress's own output uses.

/** `html_entity_decode( …, ENT_QUOTES | ENT_XML1 )`: the XML entities and numeric references, in one pass. */
export function decodeXmlEntities(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(/&(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,6}|[a-z]{2,4});/g, (whole, entity: string) => {
    if (entity[0] !== '#') return Object.hasOwn(named, entity) ? named[entity]! : whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}
