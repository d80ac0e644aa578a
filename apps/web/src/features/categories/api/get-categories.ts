import type { Category } from '@preloved/shared/categories'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// The schema (and zod with it) is imported on demand so the home page's first chunk stays small; it downloads
// while the request is in flight.
const categoryListSchema = () => import('@preloved/shared/categories').then((module) => module.categoryListSchema)

/** SPEC §7: GET /categories, cached under 'categories'. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => api.get('/categories', categoryListSchema(), { signal }),
  })

const noCategories: Category[] = []

/** The list defaults to empty (SPEC §4); a failed first load shows the route-error screen (STYLE §5). */
export function useCategories() {
  const query = useQuery({
    ...categoriesQueryOptions(),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
  return { ...query, categories: query.data ?? noCategories }
}
