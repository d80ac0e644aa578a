import type { Category } from '@preloved/shared/categories'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Checked with the shared schema, imported when the request starts: zod stays out of the home page's first chunk and
// downloads while the request is in flight.
const categoryListSchema = () => import('@preloved/shared/categories').then((m) => m.categoryListSchema)

/** docs/product/storefront.md#api-rules: GET /categories, cached under 'categories'. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => api.get('/categories', categoryListSchema(), { signal }),
  })

const noCategories: Category[] = []

/** The list defaults to empty (docs/product/storefront.md#feedback); a failed first load shows the route-error screen (docs/style.md#errors). */
export function useCategories() {
  const query = useQuery({
    ...categoriesQueryOptions(),
    throwOnError: (_error, query) => query.state.data === undefined,
    // re-renders when the answer changes, not on every background check (the spread below reads every field)
    notifyOnChangeProps: ['data', 'error', 'status'],
  })
  return { ...query, categories: query.data ?? noCategories }
}
