/**
 * Takes the place of mnemonist/lru-cache in Lambda bundles (an esbuild alias in
 * lib/constructs/app-function.ts). Its one user is the DynamoDB client's endpoint-discovery cache
 * (@aws-sdk/endpoint-cache), which holds nothing unless endpoint discovery is turned on; the library
 * and its iterator helpers were about 7 KB of every function. This is the same least-recently-used
 * cache on a Map, with the methods the endpoint cache calls: `get` makes a key the most recent, `set`
 * drops the least recent one when full, `has` and `peek` change no order.
 */
export default class LRUCache<K, V> {
  private readonly items = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (typeof capacity !== 'number' || capacity <= 0) {
      throw new Error('lru-cache: capacity should be positive number.');
    }
  }

  get size(): number {
    return this.items.size;
  }

  get(key: K): V | undefined {
    if (!this.items.has(key)) return undefined;
    const value = this.items.get(key) as V;
    this.items.delete(key);
    this.items.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    if (this.items.has(key)) this.items.delete(key);
    else if (this.items.size >= this.capacity) this.items.delete(this.items.keys().next().value as K);
    this.items.set(key, value);
  }

  has(key: K): boolean {
    return this.items.has(key);
  }

  peek(key: K): V | undefined {
    return this.items.get(key);
  }

  clear(): void {
    this.items.clear();
  }
}
