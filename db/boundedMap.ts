/**
 * A Map that forgets its oldest entries beyond a limit, so a cache cannot grow with the number of
 * applicants who ever signed in. Oldest by insertion: a forgotten entry is only a cache miss.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
