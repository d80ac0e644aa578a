import { MicroCache } from '../../lib/micro-cache.ts'
import type { CachedSummary } from './search.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Search's totals and facet counts by normalized search (decision 018), for LIST_CACHE_MS; `listingsChanged()`
     * (products module) empties it when listings come, go or change.
     */
    searchCache: MicroCache<CachedSummary>
  }
}

export const createSearchCache = (ttlMs: number): MicroCache<CachedSummary> => new MicroCache<CachedSummary>(ttlMs)
