/**
 * A Map that forgets its least recently used entries beyond a limit, so a cache cannot grow with
 * the number of applicants who ever signed in while the ones at work now stay in it. A forgotten
 * entry is only a cache miss.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  /** A hit moves the entry to the young end (a Map keeps insertion order). */
  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined;
    const value = super.get(key) as V;
    super.delete(key);
    super.set(key, value);
    return value;
  }

  override set(key: K, value: V): this {
    if (super.has(key)) super.delete(key);
    else if (this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
