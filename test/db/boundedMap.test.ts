import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../db/boundedMap';

describe('a bounded cache', () => {
  it('never holds more than its limit, and forgets the least recently used entry first', () => {
    const cache = new BoundedMap<string, number>(3);
    cache.set('a', 1).set('b', 2).set('c', 3);
    expect(cache.get('a')).toBe(1);
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect(cache.has('b')).toBe(false);
    expect([...cache.keys()]).toEqual(['c', 'a', 'd']);
    cache.set('c', 30);
    cache.set('e', 5);
    expect([...cache.keys()]).toEqual(['d', 'c', 'e']);
    expect(cache.get('c')).toBe(30);
    expect(cache.get('missing')).toBeUndefined();
  });
});
