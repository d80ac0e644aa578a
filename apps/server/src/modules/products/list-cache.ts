import type { FastifyInstance } from 'fastify'
import { MicroCache } from '../../lib/micro-cache.ts'

/** A serialized page of a public list and its `Link` header. */
export interface CachedPage {
  body: string
  etag: string
  link: string | undefined
  /** The listings on the page: a booking of one of them empties only the pages that show it. */
  productIds: ReadonlySet<string>
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Serialized public listing pages (decision 004), filled by products.routes.ts; every write that changes what a
     * list shows calls `listingsChanged()`, which is the only way to empty it.
     */
    productListCache: MicroCache<CachedPage>
  }
}

/** The cache of public listing pages, for `app.productListCache`; `ttlMs` is LIST_CACHE_MS (0 turns it off). */
export function createProductListCache(ttlMs: number): MicroCache<CachedPage> {
  return new MicroCache<CachedPage>(ttlMs)
}

/**
 * What a service that changes listings is given (db first, then this): it calls it right after its transaction
 * commits, only on success. A route passes `listingsChanged.bind(null, app)`; routes never call it themselves.
 */
export type ListingsChanged = (productIds?: readonly string[]) => void

/**
 * Listings changed: the public list pages that may show them are emptied, and every rendered page kept for signed-out
 * visitors, in this process at once (other instances
 * within LIST_CACHE_MS). With `productIds`, only the pages that show one of those listings (a booking makes one bag
 * read 'Reserved'); without, every page (a new, advertised, removed or sold listing moves the others; a seller's
 * name or badge shows on all their listings).
 */
export function listingsChanged(
  app: Pick<FastifyInstance, 'productListCache' | 'pageCache' | 'searchCache'>,
  productIds?: readonly string[],
): void {
  // the rendered pages of signed-out visitors (modules/pages) show listings on most of them: all go
  app.pageCache.clear()
  if (productIds === undefined) {
    app.productListCache.clear()
    // search's counts (a booking alone changes none: a held bag still counts)
    app.searchCache.clear()
    return
  }
  const ids = productIds.map((id) => id.toLowerCase())
  app.productListCache.deleteWhere((page) => ids.some((id) => page.productIds.has(id)))
}
