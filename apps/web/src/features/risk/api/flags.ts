import type { RiskFlagJson } from '@preloved/shared/risk'
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

// Answers are checked with the shared schemas, imported when a request starts (zod stays out of the first chunk).
const flagSchema = () => import('@preloved/shared/risk').then((m) => m.riskFlagSchema)
const flagListSchema = () => import('@preloved/shared/risk').then((m) => m.riskFlagSchema.array())

export type RiskFlag = RiskFlagJson
export type FlagTab = 'open' | 'resolved'
export type FlagOutcome = 'confirmed' | 'dismissed'

/** Flags per page of the Flags page. */
export const FLAGS_PAGE_SIZE = 20

/** GET /api/admin/flags?status= (admin): open or resolved flags, newest first, a page at a time (`Link` header). */
export const flagsQueryOptions = (status: FlagTab) =>
  infiniteQueryOptions({
    queryKey: ['flags', { status }],
    queryFn: ({ pageParam, signal }) =>
      api.getPage(
        `/admin/flags?${new URLSearchParams({
          status,
          limit: String(FLAGS_PAGE_SIZE),
          ...(pageParam ? { cursor: pageParam } : {}),
        })}`,
        flagListSchema(),
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  })

/** A failed first load shows the route-error screen (docs/style.md#errors); a failed refetch keeps the list on screen. */
export function useFlags(status: FlagTab) {
  return useInfiniteQuery({
    ...flagsQueryOptions(status),
    throwOnError: (_error, query) => query.state.data === undefined,
  })
}

/**
 * POST /api/admin/flags/{id}/resolve (admin): confirm or dismiss an open flag, with an optional note. Either way both
 * tabs are read again (also after a refusal: a flag someone else resolved leaves the Open tab), and so are the orders
 * and earnings a held payout shows on.
 */
export function useResolveFlag() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, outcome, note }: { id: string; outcome: FlagOutcome; note: string }) =>
      api.post(`/admin/flags/${encodeURIComponent(id)}/resolve`, { outcome, note }, flagSchema()),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['flags'] }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['earnings'] }),
      ]),
  })
}
