/**
 * A small in-process cache of serialized answers for a short time. Writes in this process clear it at once;
 * other instances see a change within `ttlMs` at most, which bounds how stale a shared list can be.
 */
export class MicroCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()
  private readonly ttlMs: number
  private readonly max: number

  constructor(ttlMs: number, max = 500) {
    this.ttlMs = ttlMs
    this.max = max
  }

  get(key: string): V | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    if (hit.expires <= Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return hit.value
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return
    if (this.entries.size >= this.max) {
      // Maps iterate in insertion order: drop the oldest entry
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs })
  }

  clear(): void {
    this.entries.clear()
  }
}
