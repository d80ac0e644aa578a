import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** GET /api/dashboard/summary: the figures of the caller's role. */
export const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'summary'],
    queryFn: ({ signal }) =>
      api.get(
        '/dashboard/summary',
        import('@preloved/shared/dashboard').then((m) => m.dashboardSummarySchema),
        { signal },
      ),
  })

/** A failed first load shows the route-error screen (docs/style.md#errors). */
export function useDashboardSummary() {
  return useQuery({
    ...dashboardSummaryQueryOptions(),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}
