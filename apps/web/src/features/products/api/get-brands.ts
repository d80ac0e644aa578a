import { brandListSchema } from '@preloved/shared/search'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/brands: every brand (Unbranded too) with its count of available listings, for the form's brand picker. */
export const brandsQueryOptions = () =>
  queryOptions({
    queryKey: ['brands'],
    queryFn: ({ signal }) => api.get('/brands', brandListSchema, { signal }),
    // the list changes only when an admin adds a brand
    staleTime: 10 * 60_000,
  })

export const useBrands = () => useQuery(brandsQueryOptions())
