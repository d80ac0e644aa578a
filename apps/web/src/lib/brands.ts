import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

const brandListSchema = () => import('@preloved/shared/search').then((m) => m.brandListSchema)

/**
 * GET /api/brands: every brand (Unbranded too) with the number of its bags for sale: header suggestions, brand
 * shortcuts and the listing form's brand picker share it. The schema loads with the answer (zod stays off the first load).
 */
export const brandsQueryOptions = () =>
  queryOptions({
    queryKey: ['brands'],
    queryFn: ({ signal }) => api.get('/brands', brandListSchema(), { signal }),
    // the list changes when a brand is added or a bag listed: a few minutes old is fine for shortcuts
    staleTime: 5 * 60_000,
  })

export const useBrands = () => useQuery(brandsQueryOptions())

/** The brands with the most bags for sale, most first (ties by name). */
export const popularBrands = <B extends { name: string; count: number; slug: string }>(brands: B[], limit: number) =>
  brands
    .filter((brand) => brand.count > 0 && brand.slug !== 'unbranded')
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit)
