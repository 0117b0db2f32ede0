/**
 * Objects made of client data: how they are written and how they are recognised. Assigning
 * `__proto__` on an ordinary object replaces its prototype instead of storing data; every other
 * name already lands as an own property.
 */

/**
 * Whether a value is a plain object: `{…}`, `JSON.parse`'s objects, `Object.create(null)`; not
 * an array, `null`, a class instance, a `Date` or a `Map`. The one test of "a JSON object" (PHP's
 * associative array) for every layer.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Sets `key` as an own enumerable property, `__proto__` included, so request data never becomes a prototype. */
export function setOwn(target: object, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}
