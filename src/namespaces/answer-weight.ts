// What a value from a host (a service's answer, settings it keeps) weighs, for the caps on it.
// Writing an answer out as JSON to weigh it costs about as much as answering it, so a cap is first
// checked against the most its JSON could weigh, read off the value; only an answer that could be
// near the cap or over it is written out.

const encoder = new TextEncoder();

/** An answer's weight: bytes for text and binary, its JSON otherwise (a value JSON cannot write weighs nothing, one it fails on weighs infinitely much). */
function weight(value: unknown): number {
  if (typeof value === 'string') return encoder.encode(value).byteLength;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value === undefined) return 0;
  try {
    const json = JSON.stringify(value) as string | undefined;
    return json === undefined ? 0 : encoder.encode(json).byteLength;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Whether `value` weighs at most `maxBytes`: bytes for text and binary, its JSON otherwise (what JSON cannot write weighs nothing, what it fails on too much). */
export function weighsAtMost(value: unknown, maxBytes: number): boolean {
  if (typeof value === 'string') return value.length <= maxBytes && (value.length * 3 <= maxBytes || weight(value) <= maxBytes);
  if (value instanceof Uint8Array) return value.byteLength <= maxBytes;
  return surelyWithin(value, maxBytes) || weight(value) <= maxBytes;
}

/** Most values and levels looked at: past them, writing the JSON out is the cheaper way. */
const MAX_NODES = 4096;
const MAX_DEPTH = 64;
/** Most UTF-8 bytes a number takes in JSON (`-1.2345678901234567e-308`). */
const NUMBER_BYTES = 25;
/** Most UTF-8 bytes one UTF-16 unit of text takes in JSON (`\u001f`). */
const UNIT_BYTES = 6;

/** The walk's state: one walk at a time (it never yields; a getter that weighs something meanwhile is sent to the JSON). */
let walking = false;
let most = 0;
let nodes = 0;
let cap = 0;

/**
 * Whether `value`'s JSON weighs at most `maxBytes` however each part is written. False when it
 * could weigh more, and for what JSON writes by its own rules (`toJSON`, class instances, bigints)
 * or past the walk's budget: the JSON itself then decides.
 */
function surelyWithin(value: unknown, maxBytes: number): boolean {
  if (walking) return false;
  walking = true;
  most = 0;
  nodes = 0;
  cap = maxBytes;
  try {
    return visit(value, 0);
  } catch {
    return false;
  } finally {
    walking = false;
  }
}

/** Adds `item`'s most bytes; false once past the cap or the budget, or for what only JSON itself can weigh. */
function visit(item: unknown, depth: number): boolean {
  if (++nodes > MAX_NODES || depth > MAX_DEPTH) return false;
  if (typeof item === 'string') most += item.length * UNIT_BYTES + 2;
  else if (typeof item === 'number') most += NUMBER_BYTES;
  else if (typeof item === 'boolean' || item === null) most += 5;
  else if (typeof item !== 'object') return false;
  else if (Array.isArray(item)) {
    if (!visitList(item, depth)) return false;
  } else if (!visitFields(item as Record<string, unknown>, depth)) return false;
  return most <= cap;
}

function visitList(list: readonly unknown[] & { toJSON?: unknown }, depth: number): boolean {
  if (typeof list.toJSON === 'function') return false;
  most += 2 + list.length;
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    // JSON writes what it cannot write in a list as `null`.
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') most += 4;
    else if (!visit(item, depth + 1)) return false;
  }
  return true;
}

function visitFields(fields: Record<string, unknown>, depth: number): boolean {
  const prototype: unknown = Object.getPrototypeOf(fields);
  if ((prototype !== Object.prototype && prototype !== null) || typeof fields.toJSON === 'function') return false;
  most += 2;
  // `for…in` may add keys a polluted prototype enumerates: they only raise the bound.
  for (const key in fields) {
    most += key.length * UNIT_BYTES + 4;
    const field = fields[key];
    // JSON leaves out a field it cannot write.
    if (field !== undefined && typeof field !== 'function' && typeof field !== 'symbol' && !visit(field, depth + 1)) return false;
  }
  return true;
}
