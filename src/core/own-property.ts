/**
 * Writes of client-chosen keys. Assigning `__proto__` on an ordinary object replaces its
 * prototype instead of storing data; every other name already lands as an own property.
 */

/** Sets `key` as an own enumerable property, `__proto__` included, so request data never becomes a prototype. */
export function setOwn(target: object, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}
