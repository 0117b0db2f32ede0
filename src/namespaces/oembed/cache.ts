/** A bounded in-memory cache whose entries expire; when full, the entry stored longest ago goes first. */
export class ExpiringCache<V> {
  // A Map iterates in insertion order, so its first key is always the oldest entry.
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    /** How long an entry lives, in milliseconds. */
    private readonly ttlMs: number,
    /** How many entries it keeps at most. */
    private readonly maxEntries: number,
  ) {}

  /** The live value stored under a key, or undefined. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores a value under a key, evicting the oldest entries past the bound. */
  set(key: string, value: V): void {
    if (this.maxEntries === 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
