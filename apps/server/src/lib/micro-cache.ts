/**
 * A small in-process cache of serialized answers for a short time. Writes in this process clear it at once;
 * other instances see a change within `ttlMs` at most, which bounds how stale a shared list can be.
 */
export class MicroCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()
  private readonly ttlMs: number
  private readonly max: number
  /** Counts invalidations: a value read before one (`set(..., since)`) is not stored after it. */
  private generation = 0

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

  /** The current generation, to pass to `set` when the value is computed from data read after this call. */
  get version(): number {
    return this.generation
  }

  /** Stores `value`, unless `since` is given and something was invalidated after it (the value may be stale). */
  set(key: string, value: V, since?: number): void {
    if (this.ttlMs <= 0) return
    if (since !== undefined && since !== this.generation) return
    if (this.entries.size >= this.max) {
      // Maps iterate in insertion order: drop the oldest entry
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs })
  }

  clear(): void {
    this.generation++
    this.entries.clear()
  }

  /** Forgets the entries `stale` picks (e.g. the pages that show one product); the others stay. */
  deleteWhere(stale: (value: V) => boolean): void {
    this.generation++
    for (const [key, entry] of this.entries) if (stale(entry.value)) this.entries.delete(key)
  }
}
