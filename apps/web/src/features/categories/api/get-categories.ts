import type { Category } from '@preloved/shared/categories'
import { CATEGORY_SLUGS } from '@preloved/shared/constants'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { listParser } from '@/lib/shape-parser'

// Checked by hand (the shared categorySchema's fields) so that the home page does not download zod.
const categoryListParser = listParser<Category>({
  _id: 'string',
  category_id: 'string',
  title: 'string',
  description: 'string',
  category: CATEGORY_SLUGS,
  icon: 'string',
})

/** SPEC §7: GET /categories, cached under 'categories'. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => api.get('/categories', categoryListParser, { signal }),
  })

const noCategories: Category[] = []

/** The list defaults to empty (SPEC §4); a failed first load shows the route-error screen (STYLE §5). */
export function useCategories() {
  const query = useQuery({
    ...categoriesQueryOptions(),
    throwOnError: (_error, query) => query.state.data === undefined,
    // re-renders when the answer changes, not on every background check (the spread below reads every field)
    notifyOnChangeProps: ['data', 'error', 'status'],
  })
  return { ...query, categories: query.data ?? noCategories }
}
