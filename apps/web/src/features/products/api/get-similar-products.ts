import { UNBRANDED_SLUG } from '@preloved/shared/constants'
import type { Product } from '@preloved/shared/products'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, retryServerErrors } from '@/lib/api-client'

// Checked with the shared schema, imported when the request starts (zod stays out of the page's first chunk).
const searchResultSchema = () => import('@preloved/shared/search').then((m) => m.searchResultSchema)

/** "Close in price": within 40% of the bag's price either way. */
const PRICE_BAND = 0.4
/** Candidates read per search; the closest in price are kept. */
const CANDIDATES = 12
/** Kept: a row's worth twice over (the page leaves out the ones its seller's row already shows). */
const KEPT = 8

type Bag = Pick<Product, '_id' | 'brandSlug' | 'category' | 'resell_price'>

/**
 * "Similar bags": bags for sale of the same brand or the same category, close in price, this one
 * left out. Two searches (GET /search takes filters as AND); the same brand comes first, then the nearest price.
 */
export const similarProductsQueryOptions = (bag: Bag) =>
  queryOptions({
    queryKey: ['products', 'similar', bag._id],
    queryFn: async ({ signal }) => {
      const band = {
        minPrice: String(Math.floor(bag.resell_price * (1 - PRICE_BAND))),
        maxPrice: String(Math.ceil(bag.resell_price * (1 + PRICE_BAND))),
        limit: String(CANDIDATES),
      }
      const sameBrand = bag.brandSlug !== null && bag.brandSlug !== UNBRANDED_SLUG
      const filters: Record<string, string>[] = [
        { category: bag.category },
        ...(sameBrand && bag.brandSlug ? [{ brand: bag.brandSlug }] : []),
      ]
      const results = await Promise.all(
        filters.map((filter) =>
          api.get(`/search?${new URLSearchParams({ ...filter, ...band })}`, searchResultSchema(), { signal }),
        ),
      )
      const seen = new Set([bag._id])
      const found = results
        .flatMap((result) => result.items)
        .filter((item) => !seen.has(item._id) && seen.add(item._id))
      const rank = (item: Product) => (sameBrand && item.brandSlug === bag.brandSlug ? 0 : 1)
      const distance = (item: Product) => Math.abs(item.resell_price - bag.resell_price)
      // only what the page can show is kept: the server's render carries the cache in the page
      return found.sort((a, b) => rank(a) - rank(b) || distance(a) - distance(b)).slice(0, KEPT)
    },
    retry: retryServerErrors,
  })

/** Read after the page (its loader may have read it already); a failure leaves the row out, the page stands. */
export const useSimilarProducts = (bag: Bag) => useQuery(similarProductsQueryOptions(bag))
