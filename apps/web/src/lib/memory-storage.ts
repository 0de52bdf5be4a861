import type { KeyValueStorage } from './session-store';

/** A Storage with the browser's interface, kept in memory: for tests and for browsers that refuse storage. */
export class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}
