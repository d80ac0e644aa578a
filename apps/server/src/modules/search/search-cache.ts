import { MicroCache } from '../../lib/micro-cache.ts'
import type { CachedSummary } from './search.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Search's totals and facet counts by normalized search (decision 018), for SEARCH_CACHE_MS;
     * `listingsChanged()` (products module) empties it when listings come, go or change.
     */
    searchCache: MicroCache<CachedSummary>
  }
}

/**
 * How long a search's counts are kept (LIST_CACHE_MS = 0 turns it off, as for the lists). Longer than the lists':
 * this process empties it on every change, so only other instances' changes wait for it, and they change counts by
 * one bag at a time; the items of a page are always read fresh.
 */
export const SEARCH_CACHE_MS = 30_000

export const createSearchCache = (listCacheMs: number): MicroCache<CachedSummary> =>
  new MicroCache<CachedSummary>(listCacheMs === 0 ? 0 : SEARCH_CACHE_MS, 2000)
