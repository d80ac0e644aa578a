import type { Changes } from './refreshing.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts this process's changes to what search reads (decision 018): `listingsChanged()` (products module) calls
     * `clear()` when listings come, go or change, and search's listing columns and word matches are read again.
     */
    searchCache: SearchChanges
  }
}

/**
 * How long search's listing columns and word matches are kept before they are read again in the background (for
 * other instances' changes; this process's own changes are seen at once). LIST_CACHE_MS = 0 reads them every time.
 */
export const SEARCH_CACHE_MS = 30_000

/** The generation of listings as this process knows them. */
export class SearchChanges implements Changes {
  private generation = 0

  get version(): number {
    return this.generation
  }

  /** Listings changed: what search keeps is out of date. */
  clear(): void {
    this.generation++
  }
}
