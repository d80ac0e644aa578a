/** What tells a kept value that this process changed what it was read from: the search cache's generation. */
export interface Changes {
  readonly version: number
}

/**
 * A value read from the database and kept (search's listing columns and word matches, decision 018). A change in
 * this process (`listingsChanged()` empties the search cache and so moves its generation) makes the next use read it
 * again and wait for that. Changes made by other instances arrive by age: once `maxAgeMs` old, it is read again in
 * the background while uses go on with the old value. `maxAgeMs` 0 reads it for every use. Concurrent reads are one.
 */
export class Refreshing<T> {
  private value: T | undefined
  private readAt = { generation: -1, time: Number.NEGATIVE_INFINITY }
  private reading: { promise: Promise<T>; generation: number } | undefined

  constructor(
    private readonly load: () => Promise<T>,
    private readonly changes: Changes,
    private readonly maxAgeMs: number,
  ) {}

  async get(): Promise<T> {
    const generation = this.changes.version
    if (this.value !== undefined && this.readAt.generation === generation && this.maxAgeMs > 0) {
      if (Date.now() - this.readAt.time > this.maxAgeMs) void this.read().catch(() => undefined)
      return this.value
    }
    // a read that began before the latest change may have missed it: only one begun since will do
    return this.read()
  }

  /** The read under way if it began at the current generation (and reads may be shared), else a new one. */
  private read(): Promise<T> {
    const generation = this.changes.version
    if (this.reading && this.reading.generation === generation && this.maxAgeMs > 0) return this.reading.promise
    const time = Date.now()
    const promise = this.load().then((value) => {
      // a slower, older read must not replace a newer one
      if (generation >= this.readAt.generation) {
        this.value = value
        this.readAt = { generation, time }
      }
      return value
    })
    const reading = { promise, generation }
    const done = () => {
      if (this.reading === reading) this.reading = undefined
    }
    promise.then(done, done)
    this.reading = reading
    return promise
  }
}
